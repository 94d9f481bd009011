/**
 * `npm run docs` builds the API reference from the doc comments of every
 * export of the entry point; TypeDoc's validation (typedoc.json) turns an
 * undocumented export, or a type it names but cannot show, into an error.
 * Here it runs without writing the pages.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

it('builds the API reference with no warning', () => {
  const typedoc = join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');
  const result = spawnSync(process.execPath, [typedoc, '--emit', 'none', '--logLevel', 'Warn'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
}, 120_000);
