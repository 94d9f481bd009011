/**
 * The main job end to end, as a user runs it: `npm start -- --quick` builds
 * the CLI and the page, drives the page's suite in headless Chromium, prints
 * the table, writes JSON, CSV and a PNG chart, and exits 0. Then the ways it
 * refuses: no browser, bad options.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumProblem, requireOrSkip } from './browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-main-job-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const GPU_KERNELS = ['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill'];
const QUICK_CONFIGS = 2 * 2 * (GPU_KERNELS.length + 1); // games × sizes × (kernels + CPU backend)

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('npm start -- --quick', () => {
  it('runs the suite in headless Chromium, prints the table and writes JSON, CSV and PNG', ({ skip }) => {
    requireOrSkip(skip, chromiumProblem());
    const out = join(scratch, 'quick');
    const started = Date.now();
    const result = run('npm', ['start', '--silent', '--', '--quick', '--out', out], { CHROME_PATH: '' });
    expect(result.stderr, result.stderr).not.toMatch(/^\s+at /m);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);

    // Progress: every step, with the count and the time left.
    expect(result.stderr).toContain(`step 1 of ${QUICK_CONFIGS}: hex 5, CPU backend, exact fill`);
    expect(result.stderr).toMatch(
      new RegExp(
        `step ${QUICK_CONFIGS} of ${QUICK_CONFIGS}: y 7, floodfill kernel, exact fill \\(about \\d+ s left\\)`,
      ),
    );

    // Above the table: the browser with its version, and the adapter.
    expect(result.stdout).toMatch(/^browser: chromium \d+\.\d+/m);
    const adapterLine = result.stdout.match(/^adapter: (.*)$/m)?.[1] ?? '';
    if (/swiftshader/i.test(adapterLine)) expect(result.stdout).toContain('every figure below is a CPU figure');

    // The table: a header and one row per configuration, every GPU row validated.
    const lines = result.stdout.split('\n');
    const header = lines.findIndex((l) =>
      /^game\s+size\s+kernel\s+fill\s+batch\s+calls a run\s+playouts\/s\s+ms per 10,000\s+vs CPU\s+validation$/.test(l),
    );
    expect(header).toBeGreaterThan(0);
    const rows = lines.slice(header + 1, header + 1 + QUICK_CONFIGS).map((l) => l.split(/\s{2,}/));
    for (const [game, size] of [
      ['hex', '5'],
      ['hex', '7'],
      ['y', '5'],
      ['y', '7'],
    ]) {
      const mine = rows.filter((r) => r[0] === game && r[1] === size);
      expect(mine.map((r) => r[2])).toEqual(['cpu (bitsliced, wasm-simd)', ...GPU_KERNELS]);
      for (const r of mine.slice(1)) expect(r[9]).toBe('0 mismatches in 512');
      // Every row's rate carries its spread.
      for (const r of mine) expect(r[6]).toMatch(/^[\d.]+ [kMG]? ?± \d+%$/);
    }

    // The dated folder's files.
    const report = JSON.parse(readFileSync(join(out, 'suite.json'), 'utf8'));
    expect(report.passed).toBe(true);
    expect(report.rows).toHaveLength(QUICK_CONFIGS);
    expect(report.spec.sizes).toEqual([5, 7]);
    expect(report.browser.version).toMatch(/^\d+\./);
    expect(typeof report.adapter).toBe('string');
    expect(Date.parse(report.date)).toBeGreaterThan(started - 1000);
    for (const row of report.rows) {
      expect(row.playoutsPerSecond).toBeGreaterThan(0);
      expect(row.msPer10k).toBeCloseTo((row.medianWallMs / row.batch) * 10_000, 6);
      expect(row.rateHalfWidth).toBeGreaterThanOrEqual(0);
      if (row.backend === 'webgpu')
        expect(row.validation).toEqual({ compared: 512, mismatches: 0, countMismatches: 0 });
    }
    const csv = readFileSync(join(out, 'suite.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(QUICK_CONFIGS + 1);
    expect(csv[0]).toMatch(/^game,size,backend,kernel,/);
    const png = pngSize(readFileSync(join(out, 'chart.png')));
    expect(png.width).toBeGreaterThan(300);
    expect(png.height).toBeGreaterThan(200);
    expect(readdirSync(out).sort()).toEqual(['chart.png', 'suite.csv', 'suite.json']);
  }, 120_000);

  // These reuse the CLI bundle that npm start has just built.
  it('says in one line what to install when there is no browser, and fails', () => {
    const result = run('node', [
      'bin/hexbatch.js',
      'chrome-bench',
      '--quick',
      '--browser',
      join(scratch, 'no-such-chrome'),
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`error: --browser ${join(scratch, 'no-such-chrome')}: no such file\n`);
    const viaEnv = run('node', ['bin/hexbatch.js', 'chrome-bench', '--quick'], {
      CHROME_PATH: join(scratch, 'nothing'),
    });
    expect(viaEnv.status).toBe(1);
    expect(viaEnv.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses bad options with exit status 2 and one line', () => {
    for (const args of [
      ['--sizes', '40'],
      ['--kernels', 'bitsliced-ballot'],
      ['--games', 'go'],
      ['--playouts', '0'],
    ]) {
      const result = run('node', ['bin/hexbatch.js', 'chrome-bench', ...args]);
      expect({ args, status: result.status }).toEqual({ args, status: 2 });
      expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    }
  });
});
