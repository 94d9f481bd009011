// The layers of src/ point only down: game → fill and wintest → gpu → eval →
// jobs → search → bench and report → htp and match → queue → cli, with src/index.ts
// (the library's entry point) above them all. A module may import its own
// folder's modules and any lower layer's, never a higher one's or a
// sibling's on the same layer, so there is no loop between folders.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

const LAYERS: readonly (readonly string[])[] = [
  ['game'],
  ['fill', 'wintest'],
  ['gpu'],
  ['eval'],
  ['jobs'],
  ['search'],
  ['bench', 'report'],
  ['htp', 'match'],
  ['queue'],
  ['cli'],
];

/** What src/ may import from outside it, and which folder may: data, not code. */
const OUTSIDE_SRC: readonly { path: string; folder: string | null }[] = [
  { path: 'shaders/', folder: 'gpu' },
  { path: 'bench/paper-tables.tsv', folder: 'bench' },
  { path: 'package.json', folder: null },
];

function layerOf(folder: string): number {
  const level = LAYERS.findIndex((names) => names.includes(folder));
  if (level < 0) throw new Error(`src/${folder}/ is in no layer: add it to LAYERS in test/layers.test.ts`);
  return level;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers of static and dynamic imports and exports, and of worker URLs. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [
    /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g,
    /import\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The folder under src/ that a path lies in ('' for src/ itself), or null outside src/. */
function folderOf(path: string): string | null {
  const rel = relative(SRC, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split('/');
  return parts.length > 1 ? (parts[0] as string) : '';
}

describe('layers point down', () => {
  const files = sourceFiles(SRC);

  test('every folder of src/ has a layer', () => {
    const folders = new Set(files.map((f) => folderOf(f)).filter((f): f is string => f !== null && f !== ''));
    for (const folder of folders) expect(() => layerOf(folder)).not.toThrow();
  });

  test.each(files.map((f) => [relative(ROOT, f), f] as const))('%s', (_, file) => {
    const from = folderOf(file) as string;
    for (const specifier of importsOf(file)) {
      const target = resolve(dirname(file), specifier.replace(/\?.*$/, ''));
      const to = folderOf(target);
      if (to === null) {
        const outside = relative(ROOT, target);
        const allowed = OUTSIDE_SRC.some(
          ({ path, folder }) =>
            (path.endsWith('/') ? outside.startsWith(path) : outside === path) && (folder === null || folder === from),
        );
        expect(allowed, `${specifier}: src/${from}/ may not import ${outside} (see OUTSIDE_SRC)`).toBe(true);
        continue;
      }
      if (from === '') continue; // src/index.ts re-exports every layer
      expect(to, `${specifier}: nothing in src/ imports the entry point`).not.toBe('');
      if (to === from) continue;
      expect(
        layerOf(to),
        `${specifier}: src/${from}/ (layer ${layerOf(from)}) must not import src/${to}/ (layer ${layerOf(to)})`,
      ).toBeLessThan(layerOf(from));
      const sibling = layerOf(to) === layerOf(from);
      expect(sibling, `${specifier}: src/${from}/ must not import its sibling src/${to}/`).toBe(false);
    }
  });

  test('the demo imports the library only through its entry point', () => {
    const demoFiles = sourceFiles(join(ROOT, 'demo'));
    const deep = demoFiles.flatMap((file) =>
      importsOf(file)
        .map((s) => relative(ROOT, resolve(dirname(file), s.replace(/\?.*$/, ''))))
        .filter((target) => target.startsWith('src/') && target !== 'src/index.js' && target !== 'src/index.ts')
        .map((target) => `${relative(ROOT, file)} → ${target}`),
    );
    expect(deep).toEqual([]);
  });
});

/** The module a relative specifier names: its .ts source where the specifier says .js. */
function moduleAt(from: string, specifier: string): string {
  return resolve(dirname(from), specifier.replace(/\?.*$/, '')).replace(/\.js$/, '.ts');
}

/** An import cycle among `files`, as the path that closes it, or null when there is none (depth-first search). */
function findCycle(files: readonly string[]): string[] | null {
  const known = new Set(files);
  const edges = new Map(
    files.map((f) => [
      f,
      importsOf(f)
        .map((s) => moduleAt(f, s))
        .filter((t) => known.has(t)),
    ]),
  );
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    if (state.get(file) !== undefined) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('no import cycles', () => {
  test('no module of src/ imports itself through others, within a folder or across', () => {
    const cycle = findCycle(sourceFiles(SRC));
    expect(cycle?.map((f) => relative(ROOT, f)) ?? null).toBeNull();
  });

  test('the check finds a cycle where there is one', () => {
    const dir = join(ROOT, 'test', 'fixtures', 'import-cycle');
    expect(findCycle(sourceFiles(dir))?.map((f) => relative(dir, f))).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});

describe('small modules', () => {
  // A module past this has more than one job; split it by job.
  const MAX_LINES = 500;

  test(`no module of src/ is over ${MAX_LINES} lines`, () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
