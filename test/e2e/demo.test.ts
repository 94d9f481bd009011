/**
 * The demo page in headless Chromium on WebGPU (SwiftShader on a machine
 * without a GPU): the GPU-vs-CPU validation run from the page, a small
 * throughput test with the ownership heat map, and the message a browser
 * without WebGPU gets. Playout counts are small: SwiftShader runs the
 * shaders on a couple of CPU cores.
 */
import { describe, expect, it } from 'vitest';
import { type OpenPage, browserSession, openDemo, readResults, requireOrSkip, runPanel } from './browser.js';

const MINUTE = 60_000;

describe('demo page in headless Chromium', () => {
  const { ready } = browserSession();

  /** The page, preset by `query`, once it has found a WebGPU adapter; fails (CI) or skips without one. */
  async function openWithWebGpu(
    skip: (note?: string) => never,
    query: Parameters<typeof openDemo>[2] = {},
  ): Promise<OpenPage> {
    const { browser, url } = ready(skip);
    const open = await openDemo(browser, url, query);
    const { webgpu } = await readResults(open.page);
    requireOrSkip(
      skip,
      webgpu === 'ok' ? null : `Chromium offers no WebGPU adapter (${webgpu}) even with --enable-unsafe-webgpu`,
    );
    return open;
  }

  it('finds a WebGPU adapter and names it', async ({ skip }) => {
    const { page } = await openWithWebGpu(skip);
    const results = await readResults(page);
    expect(results.adapter).not.toBeNull();
    const banner = (await page.textContent('#gpu')) ?? '';
    if (results.adapter?.software) expect(banner).toMatch(/SwiftShader|software/);
    expect(await page.isEnabled('#run-validate')).toBe(true);
    await page.close();
  });

  const validations = [
    { game: 'hex', size: 11, playouts: 256, positions: 8 },
    { game: 'hex', size: 16, playouts: 128, positions: 4 },
    { game: 'y', size: 5, playouts: 256, positions: 8 },
    { game: 'y', size: 12, playouts: 256, positions: 4 },
  ] as const;

  for (const v of validations) {
    it(
      `validates ${v.game} ${v.size} on the GPU against the CPU: 0 mismatches`,
      async ({ skip }) => {
        const open = await openWithWebGpu(skip, { ...v, kernel: 'bpr', seed: 7 });
        const { validation } = await runPanel(open, '#run-validate', '#validation', 3 * MINUTE);
        expect(validation).not.toBeNull();
        expect(validation?.compared).toBe(v.playouts * v.positions);
        expect(validation?.mismatches).toBe(0);
        expect(validation?.ownershipMismatches).toBe(0);
        expect(validation?.ownershipCompared).toBe(
          v.positions * (v.game === 'hex' ? v.size * v.size : (v.size * (v.size + 1)) / 2),
        );
        expect(validation?.countMismatches).toBe(0);
        expect(await open.page.textContent('#validation [data-field="verdict"]')).toContain('0 mismatches');
        // Over positions from empty to nearly full, the side to move neither always wins nor always loses.
        expect(validation?.gpuWinRate).toBe(validation?.cpuWinRate);
        expect(validation?.gpuWinRate).toBeGreaterThan(0.1);
        expect(validation?.gpuWinRate).toBeLessThan(0.9);
        expect(open.errors).toEqual([]);
        await open.page.close();
      },
      4 * MINUTE,
    );
  }

  for (const board of [
    { game: 'hex', size: 11 },
    { game: 'y', size: 9 },
  ] as const) {
    it(
      `validates every kernel and fill on ${board.game} ${board.size}`,
      async ({ skip }) => {
        const open = await openWithWebGpu(skip, { ...board, playouts: 64, positions: 4, seed: 3 });
        const kernels = await open.page.$$eval('select[name="kernel"] option', (options) =>
          options.map((o) => (o as HTMLOptionElement).value),
        );
        expect(kernels.length).toBeGreaterThan(1);
        for (const kernel of kernels) {
          for (const fill of ['exact', 'coin']) {
            await open.page.selectOption('select[name="kernel"]', kernel);
            await open.page.selectOption('select[name="fill"]', fill);
            const { validation: v } = await runPanel(open, '#run-validate', '#validation', 3 * MINUTE);
            expect({
              kernel,
              fill,
              compared: v?.compared,
              mismatches: v?.mismatches,
              ownership: v?.ownershipMismatches,
            }).toEqual({
              kernel,
              fill,
              compared: 256,
              mismatches: 0,
              ownership: 0,
            });
          }
        }
        await open.page.close();
      },
      6 * MINUTE,
    );
  }

  it(
    'measures throughput and draws the ownership heat map',
    async ({ skip }) => {
      const open = await openWithWebGpu(skip, {
        game: 'hex',
        size: 11,
        playouts: 256,
        positions: 8,
        runs: 2,
        ownership: 1,
      });
      const { throughput, ownership } = await runPanel(open, '#run-throughput', '#throughput', 3 * MINUTE);
      expect(throughput?.runs).toHaveLength(2);
      for (const run of throughput?.runs ?? []) {
        // A run repeats its call of 8 × 256 until it has lasted 100 ms.
        expect(run.playouts).toBe(256 * 8 * run.calls);
        expect(run.wallMs).toBeGreaterThanOrEqual(100);
        expect(run.playoutsPerSecond).toBeGreaterThan(0);
        expect(run.blackWins / run.playouts).toBeGreaterThan(0.3);
        expect(run.blackWins / run.playouts).toBeLessThan(0.9);
      }
      expect(throughput?.playoutsPerSecond).toBeGreaterThan(0);
      expect(ownership?.fractions).toHaveLength(121);
      // Every playout is won by someone who owns about half the cells.
      const fractions = ownership?.fractions ?? [];
      expect(Math.min(...fractions)).toBeGreaterThan(0.2);
      expect(Math.max(...fractions)).toBeLessThan(0.95);
      expect(await open.page.getAttribute('#ownership', 'data-status')).toBe('done');
      const shot = process.env.HEXBATCH_SCREENSHOT;
      if (shot) await open.page.screenshot({ path: shot, fullPage: true });
      expect(open.errors).toEqual([]);
      await open.page.close();
    },
    4 * MINUTE,
  );

  it('refuses bad settings with a message instead of running', async ({ skip }) => {
    const { page } = await openWithWebGpu(skip, { game: 'hex', size: 40 });
    await page.click('#run-validate');
    expect(await page.textContent('#settings-error')).toContain('Size must be a whole number from 1 to 31');
    expect(await page.getAttribute('#validation', 'data-status')).toBe('idle');
    await page.close();
  });

  it('explains how to get WebGPU when navigator.gpu is missing', async ({ skip }) => {
    const { browser, url } = ready(skip);
    const { page } = await openDemo(browser, url, {}, () => {
      delete (Navigator.prototype as { gpu?: unknown }).gpu;
    });
    expect(await page.getAttribute('#app', 'data-webgpu')).toBe('missing');
    const banner = (await page.textContent('#gpu')) ?? '';
    expect(banner).toContain('navigator.gpu is missing');
    expect(banner).toContain('--enable-unsafe-webgpu');
    expect(await page.isDisabled('#run-throughput')).toBe(true);
    expect(await page.isDisabled('#run-validate')).toBe(true);
    await page.close();
  });

  it('says so when the browser has WebGPU but no adapter', async ({ skip }) => {
    const { browser, url } = ready(skip);
    const { page } = await openDemo(browser, url, {}, () => {
      GPU.prototype.requestAdapter = () => Promise.resolve(null);
    });
    expect(await page.getAttribute('#app', 'data-webgpu')).toBe('no-adapter');
    expect((await page.textContent('#gpu')) ?? '').toContain('no adapter');
    expect(await page.isDisabled('#run-validate')).toBe(true);
    await page.close();
  });
});
