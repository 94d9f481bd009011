#!/usr/bin/env node
// The CLI ships as one bundle built by `npm install` (the `prepare` script).
import { existsSync } from 'node:fs';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const bundle = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(bundle)) {
  console.error('hexbatch: dist/cli.js is missing; run `npm install` (or `npm run build`) in the hexbatch folder.');
  process.exit(2);
}
await import(pathToFileURL(bundle).href);
