/**
 * bench-gpu's progress: on a terminal one line, rewritten, that says k/N,
 * what runs and the time left; when standard error is not a terminal, no
 * progress at all (a log gets the table and the notices only). `script`
 * gives the command a terminal. A --quick run, a smoke test, writes its
 * JSON to results/ and never over the committed bench/results/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-progress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const args = [
  'bench-gpu',
  '--quick',
  '--games',
  'hex',
  '--sizes',
  '5',
  '--kernels',
  'bpr,floodfill',
  '--json',
  join(scratch, 'gpu.json'),
];
const command = ['node', join(ROOT, 'bin', 'hexbatch.js'), ...args].join(' ');

describe('bench-gpu progress', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('shows k/N, what runs and the time left on a terminal', ({ skip }) => {
    if (!existsSync('/usr/bin/script')) {
      if (process.env.CI) throw new Error('util-linux script is missing');
      skip('no `script` to give the command a terminal');
    }
    const result = spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stdout).toBe(0);
    expect(result.stdout).toContain('\r\x1b[2K1/2: hex 5, bpr, exact fill, 4096 playouts (time left not known yet)');
    const lines = result.stdout.split('\r\x1b[2K');
    expect(lines.some((l) => /^2\/2: hex 5, floodfill, exact fill, 4096 playouts \(about \d+ s left\)$/.test(l))).toBe(
      true,
    );
  }, 120_000);

  it('shows none when standard error is not a terminal; a quick run leaves bench/results/ alone', () => {
    const quick = args.slice(0, args.indexOf('--json'));
    const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'hexbatch.js'), ...quick], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(existsSync(join(scratch, 'results', 'gpu-quick.json'))).toBe(true);
    expect(existsSync(join(scratch, 'bench'))).toBe(false);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/\d+\/\d+:/);
    expect(result.stderr).not.toContain('\r');
    expect(result.stdout).toMatch(/^hex\s+5\s+bpr\s+exact\s+4096/m);
  }, 120_000);
});
