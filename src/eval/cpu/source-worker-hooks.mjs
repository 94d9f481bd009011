// Module hooks for running the CPU backend's worker from TypeScript source
// (under vitest, where no built cpu-worker.js exists): Node 20 cannot load
// .ts files, so they are stripped of types by rolldown (a dev dependency of
// the build), and the `.js` specifiers of the source are mapped to `.ts`.
// The built package never uses this file: dist/cpu-worker.js is plain JS.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { URL, fileURLToPath } from 'node:url';

export async function resolve(specifier, context, next) {
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const ts = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const { transform } = await import('rolldown/experimental');
  const path = fileURLToPath(url);
  const result = await transform(path, await readFile(path, 'utf8'));
  if (result.errors.length > 0)
    throw new Error(`cannot strip types from ${path}: ${result.errors.map((e) => e.message).join('; ')}`);
  return { format: 'module', source: result.code, shortCircuit: true };
}
