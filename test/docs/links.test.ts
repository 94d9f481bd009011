/**
 * Every relative link in the documentation leads somewhere: README.md,
 * CHANGELOG.md, docs/ and the measurement files in bench/results/. A link to
 * a file must name one that exists (or a folder); a `#fragment` into a
 * Markdown file must name one of its headings, slugged as GitHub slugs them.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

const markdown = new MarkdownIt({ html: true });

/** The Markdown files under `dir`, the generated API reference left out. */
function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(ROOT, 'docs', 'api') ? [] : markdownUnder(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CHANGELOG.md'),
  ...markdownUnder(join(ROOT, 'docs')),
  ...markdownUnder(join(ROOT, 'bench', 'results')),
].filter(existsSync);

function walk(tokens: readonly Token[], visit: (t: Token) => void): void {
  for (const t of tokens) {
    visit(t);
    if (t.children) walk(t.children, visit);
  }
}

/** The link targets of a Markdown text (inline links, reference links and images; not code). */
function linksOf(text: string): string[] {
  const links: string[] = [];
  walk(markdown.parse(text, {}), (t) => {
    const target = t.type === 'link_open' ? t.attrGet('href') : t.type === 'image' ? t.attrGet('src') : null;
    if (target !== null) links.push(target);
  });
  return links;
}

/** The fragments GitHub gives a Markdown file's headings. */
function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    const plain = (inline?.children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline')
      .map((c) => c.content)
      .join('');
    anchors.add(slugger.slug(plain));
  });
  return anchors;
}

/** What is wrong with `target`, linked from `file`, or null when it resolves. */
function problemOf(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null;
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const fragment = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const resolved = path === '' ? file : join(dirname(file), path);
  if (!existsSync(resolved)) return `${path}: no such file`;
  if (fragment === null || fragment === '' || !resolved.endsWith('.md')) return null;
  return anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)
    ? null
    : `#${fragment}: no such heading in ${relative(ROOT, resolved)}`;
}

describe('the links of the documentation', () => {
  it('reads the README and the docs', () => {
    expect(FILES.map((f) => relative(ROOT, f))).toContain('README.md');
    expect(FILES.some((f) => relative(ROOT, f).startsWith('docs'))).toBe(true);
  });

  it.each(FILES.map((f) => [relative(ROOT, f), f]))('%s: every relative link resolves', (_, file) => {
    const broken = linksOf(readFileSync(file, 'utf8'))
      .map((target) => ({ target, problem: problemOf(file, target) }))
      .filter((l) => l.problem !== null);
    expect(broken).toEqual([]);
  });

  it('catches a broken file, a broken fragment, and leaves outside addresses alone', () => {
    const readme = join(ROOT, 'README.md');
    expect(problemOf(readme, 'docs/no-such-page.md')).toBe('docs/no-such-page.md: no such file');
    expect(problemOf(readme, 'README.md#no-such-heading')).toBe('#no-such-heading: no such heading in README.md');
    expect(problemOf(readme, 'https://example.org/missing')).toBeNull();
    expect(linksOf('[a](x.md) `[b](y.md)` [c][r]\n\n    [d](z.md)\n\n[r]: w.md#top\n')).toEqual(['x.md', 'w.md#top']);
    expect(anchorsOf('# The two commands\n## `npm start`: the suite\n## Tests\n## Tests\n')).toEqual(
      new Set(['the-two-commands', 'npm-start-the-suite', 'tests', 'tests-1']),
    );
  });
});

/** Paths of this repository's files named in code spans (`src/…/x.ts`), which move when code does. */
function namedPathsOf(text: string): string[] {
  const paths: string[] = [];
  walk(markdown.parse(text, {}), (t) => {
    if (t.type !== 'code_inline') return;
    const m = /^(?:src|test|bench|demo|shaders|assembly)\/[\w./-]*\.(?:ts|mjs|js|wgsl|c|sh|html|txt|tsv)$/.exec(
      t.content,
    );
    if (m) paths.push(m[0]);
  });
  return paths;
}

describe('the files the documentation names', () => {
  // History (CHANGELOG, bench/results) names files as they were; the pages a reader follows must not.
  const CURRENT = FILES.filter((f) => f === join(ROOT, 'README.md') || relative(ROOT, f).startsWith('docs'));

  it.each(CURRENT.map((f) => [relative(ROOT, f), f]))('%s: every file named in code exists', (_, file) => {
    expect(namedPathsOf(readFileSync(file, 'utf8')).filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('finds the paths in code spans, and only those', () => {
    expect(namedPathsOf('see `src/search/mcts.ts` and src/x.ts, `npm test`, `test/a/b.test.ts`')).toEqual([
      'src/search/mcts.ts',
      'test/a/b.test.ts',
    ]);
  });
});
