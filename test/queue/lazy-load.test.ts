// Nothing but the queue commands needs Redis: the modules the CLI loads at
// start (static imports from its entry, in the source and in the built
// bundle) hold no BullMQ or ioredis, so `match` without --queue runs on a
// machine that has neither.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const REDIS_PACKAGES = /^(bullmq|ioredis)(\/|$)/;

/** The static imports of a module: `import … from '…'` and `export … from '…'`, not `import('…')`. */
function staticImports(text: string): string[] {
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"();]*?from\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g),
  ].map((m) => m[1] as string);
}

/** Every module reached from `entry` by static imports, and the packages they import. */
function reach(
  entry: string,
  toFile: (from: string, specifier: string) => string,
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      // Data (a shader's text, package.json) holds no imports.
      else if (/\.(ts|js)$/.test(specifier)) stack.push(toFile(file, specifier));
    }
  }
  return { files, packages };
}

test('the source: the CLI entry reaches no Redis package, and of src/queue/ only the URL parser', () => {
  const { files, packages } = reach(join(ROOT, 'src/cli/main.ts'), (from, s) => {
    const path = resolve(dirname(from), s.replace(/\.js$/, '.ts'));
    return existsSync(path) ? path : resolve(dirname(from), s);
  });
  expect([...packages].filter((p) => REDIS_PACKAGES.test(p))).toEqual([]);
  expect([...files].map((f) => relative(ROOT, f)).filter((f) => f.startsWith('src/queue/'))).toEqual([
    'src/queue/redis-url.ts',
  ]);
  // And the queue's own modules do import them (so the check above looks at the right thing).
  expect(staticImports(readFileSync(join(ROOT, 'src/queue/worker.ts'), 'utf8'))).toContain('bullmq');
});

test('the bundle: dist/cli.js reaches no Redis package before a queue command loads its chunk', () => {
  ensureBuilt();
  const { packages } = reach(join(ROOT, 'dist/cli.js'), (from, s) => resolve(dirname(from), s));
  expect([...packages].filter((p) => REDIS_PACKAGES.test(p))).toEqual([]);
  expect(packages.has('commander')).toBe(true);
}, 180_000);
