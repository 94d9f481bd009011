#!/usr/bin/env node
// The CLI ships as one bundle in dist/, built before packing (the `prepack` script); a checkout builds
// it on first use, since installing runs no script of ours.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
if (!existsSync(bundle) && existsSync(new URL('../vite.node.config.ts', import.meta.url))) {
  console.error('hexbatch: dist/cli.js is missing; building it first (npm run build)…');
  const build = spawnSync('npm run --silent build', { cwd: root, shell: true, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('hexbatch: the build failed; run `npm install`, then `npm run build`, in the hexbatch folder.');
    process.exit(1);
  }
}
if (!existsSync(bundle)) {
  console.error('hexbatch: dist/cli.js is missing; run `npm run build` in the hexbatch folder.');
  process.exit(2);
}
await import(pathToFileURL(bundle).href);
