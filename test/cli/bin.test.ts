/**
 * bin/hexbatch.js in a checkout where dist/ is not built yet: installing runs
 * no script of ours (the build happens before packing), so the command builds
 * the bundle on first use. Tried on a copy of bin/ in a stand-in checkout
 * whose build script writes a tiny bundle, so the real dist/ is never touched.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-bin-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function standIn(name: string, checkout: boolean): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'hexbatch.js'), join(dir, 'bin', 'hexbatch.js'));
  const build =
    "import{mkdirSync,writeFileSync}from'node:fs';mkdirSync('dist',{recursive:true});writeFileSync('dist/cli.js','console.log(`cli ran: ${process.argv.slice(2).join(` `)}`);');";
  writeFileSync(join(dir, 'make.mjs'), build);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'stand-in', private: true, type: 'module', scripts: { build: 'node make.mjs' } }),
  );
  if (checkout) writeFileSync(join(dir, 'vite.node.config.ts'), '');
  return join(dir, 'bin', 'hexbatch.js');
}

const run = (bin: string) => spawnSync(process.execPath, [bin, 'methods'], { encoding: 'utf8', timeout: 60_000 });

it('builds dist/ on first use in a checkout, then runs the command', () => {
  const bin = standIn('checkout', true);
  const first = run(bin);
  expect(first.stderr).toBe('hexbatch: dist/cli.js is missing; building it first (npm run build)…\n');
  expect(first.stdout).toBe('cli ran: methods\n');
  expect(first.status).toBe(0);
  const second = run(bin);
  expect(second.stderr).toBe('');
  expect(second.stdout).toBe('cli ran: methods\n');
}, 60_000);

it('says what to do, with exit status 2, where there is nothing to build from', () => {
  const result = run(standIn('unpacked', false));
  expect(result.status).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe('hexbatch: dist/cli.js is missing; run `npm run build` in the hexbatch folder.\n');
});
