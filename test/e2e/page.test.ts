/**
 * The page's behaviour a person relies on, in headless Chromium: a plot
 * series per setting with a legend, no stale figures or errors while a new
 * run goes, progress and Cancel, the suite card with its downloads, the Y
 * heat map's labels and caption, and CPU figures tagged as such.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type OpenPage, browserSession, openDemo, readResults, requireOrSkip, runPanel } from './browser.js';

const MINUTE = 60_000;

describe('the demo page, used as a person uses it', () => {
  const { ready } = browserSession();

  async function open(
    skip: (note?: string) => never,
    query: Record<string, string | number | boolean>,
  ): Promise<OpenPage> {
    const { browser, url } = ready(skip);
    const page = await openDemo(browser, url, query);
    const { webgpu } = await readResults(page.page);
    requireOrSkip(skip, webgpu === 'ok' ? null : `no WebGPU adapter (${webgpu})`);
    return page;
  }

  const legend = (page: Page, plot: string) =>
    page.$$eval(`${plot} .u-legend .u-series .u-label`, (els) => els.map((e) => e.textContent ?? ''));

  it(
    'starts a plot series per setting, with a legend',
    async ({ skip }) => {
      const o = await open(skip, { game: 'hex', size: 5, playouts: 64, positions: 2, runs: 2 });
      await runPanel(o, '#run-throughput', '#throughput', MINUTE);
      await o.page.selectOption('select[name="kernel"]', 'floodfill');
      await runPanel(o, '#run-throughput', '#throughput', MINUTE);
      await runPanel(o, '#run-throughput', '#throughput', MINUTE);
      const labels = await legend(o.page, '#plot');
      expect(labels).toHaveLength(2);
      expect(labels[0]).toMatch(/^Hex 5 bpr exact 2×64/);
      expect(labels[1]).toMatch(/^Hex 5 floodfill exact 2×64/);
      // Ownership was off: the labels do not say it was on.
      for (const label of labels) expect(label).not.toContain('ownership');
      await o.page.close();
    },
    3 * MINUTE,
  );

  it(
    'blanks the last figures and error while a run goes, shows progress, and cancels',
    async ({ skip }) => {
      // Enough runs that the throughput test is still going when Cancel is pressed.
      const o = await open(skip, { game: 'hex', size: 11, playouts: 4096, positions: 4, runs: 100 });
      const p = o.page;
      await runPanel(o, '#run-validate', '#validation', MINUTE);
      expect(await p.textContent('#validation [data-field="verdict"]')).toContain('0 mismatches');

      await p.click('#run-throughput');
      await p.waitForSelector('#progress-bar:not([hidden])');
      await p.waitForFunction(() => Number(document.querySelector<HTMLProgressElement>('#progress-bar')?.value) >= 2);
      expect(await p.textContent('#progress')).toMatch(/Timed run \d+ of 100/);
      expect(await p.isEnabled('#cancel')).toBe(true);
      await p.click('#cancel');
      await p.waitForSelector('#throughput[data-status="error"]');
      expect(await p.textContent('#throughput [data-field="error"]')).toBe('Cancelled.');
      expect(await p.isHidden('#progress-bar')).toBe(true);
      expect((await readResults(p)).error).toBe('Cancelled.');

      // A new validation: while it runs its old verdict and figures are gone
      // (seen at the moment the panel turns to running: the check itself may be over in milliseconds)...
      await p.evaluate(() => {
        const panel = document.getElementById('validation') as HTMLElement;
        const seen: { verdict: string | null | undefined; compared: string | null | undefined }[] = [];
        (window as unknown as { seenRunning: typeof seen }).seenRunning = seen;
        new MutationObserver(() => {
          if (panel.dataset.status !== 'running') return;
          seen.push({
            verdict: panel.querySelector('[data-field="verdict"]')?.textContent,
            compared: panel.querySelector('[data-field="compared"]')?.textContent,
          });
        }).observe(panel, { attributes: true, attributeFilter: ['data-status'] });
      });
      const seq = await p.getAttribute('#validation', 'data-seq');
      await p.click('#run-validate');
      await p.waitForFunction((before) => {
        const el = document.getElementById('validation');
        return el?.dataset.seq !== before && el?.dataset.status === 'done';
      }, seq);
      const during = await p.evaluate(() => (window as unknown as { seenRunning: unknown[] }).seenRunning);
      expect(during).toEqual([{ verdict: 'Running…', compared: '—' }]);
      // ...and after it, no error from the cancelled run stays on the page.
      expect(await p.isHidden('#throughput [data-field="error"]')).toBe(true);
      expect((await readResults(p)).error).toBeNull();
      await p.close();
    },
    3 * MINUTE,
  );

  it(
    'labels the Y heat map, names fill and kernel in its caption, and tags CPU figures',
    async ({ skip }) => {
      const o = await open(skip, {
        game: 'y',
        size: 6,
        kernel: 'bitsliced',
        fill: 'coin',
        playouts: 256,
        positions: 2,
        runs: 1,
        ownership: 1,
      });
      const { adapter } = await runPanel(o, '#run-throughput', '#throughput', MINUTE);
      expect(await o.page.getAttribute('#heatmap', 'data-column-labels')).toBe('a,b,c,d,e,f');
      expect(await o.page.textContent('#ownership [data-field="caption"]')).toMatch(
        /^Y 6, bitsliced kernel, coin fill, 512 playouts/,
      );
      const rate = (await o.page.textContent('#throughput [data-field="rate"]')) ?? '';
      if (adapter?.software) {
        expect(rate).toMatch(/\(CPU\)$/);
        expect(await o.page.isVisible('#throughput [data-field="figures"]')).toBe(true);
        expect(await legend(o.page, '#plot')).toEqual([expect.stringMatching(/ \+ownership \(CPU\)$/)]);
      } else {
        expect(rate).not.toContain('CPU');
        expect(await legend(o.page, '#plot')).toEqual([expect.stringMatching(/ \+ownership$/)]);
      }
      await o.page.close();
    },
    2 * MINUTE,
  );

  it(
    'runs the suite with progress, then downloads its JSON, CSV and chart',
    async ({ skip }) => {
      const o = await open(skip, {
        'suite-games': 'hex,y',
        'suite-sizes': '4,6',
        'suite-kernels': 'bpr,floodfill',
        'suite-playouts': 1024,
        'suite-cpu-playouts': 256,
        'suite-runs': 1,
        'suite-validate': 64,
      });
      const p = o.page;
      expect(await p.isDisabled('#download-json')).toBe(true);
      await p.click('#run-suite');
      await p.waitForSelector('#suite-progress:not([hidden])');
      await p.waitForSelector('#suite[data-status="done"]', { timeout: 2 * MINUTE });
      const rows = await p.$$eval('#suite-table tbody tr', (trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)),
      );
      expect(rows).toHaveLength(2 * 2 * 3);
      expect(rows.map((r) => r.slice(0, 3).join(' '))).toContain('y 6 floodfill');
      for (const r of rows.filter((r) => !String(r[2]).startsWith('cpu'))) expect(r.at(-1)).toBe('0 mismatches in 64');
      expect(await legend(p, '#suite-plot')).toEqual([
        'Hex CPU (bitsliced, wasm-simd)',
        'Hex bpr',
        'Hex floodfill',
        'Y CPU (bitsliced, wasm-simd)',
        'Y bpr',
        'Y floodfill',
      ]);

      const saved = async (button: string) => {
        const [download] = await Promise.all([p.waitForEvent('download'), p.click(button)]);
        return { name: download.suggestedFilename(), bytes: readFileSync((await download.path()) ?? '') };
      };
      const json = await saved('#download-json');
      expect(json.name).toMatch(/^hexbatch-suite-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
      const report = JSON.parse(json.bytes.toString('utf8'));
      expect(report.rows).toHaveLength(12);
      expect(report.passed).toBe(true);
      const csv = await saved('#download-csv');
      expect(csv.bytes.toString('utf8').trim().split('\n')).toHaveLength(13);
      const png = await saved('#download-png');
      expect(png.name).toMatch(/\.png$/);
      expect(png.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');

      // A second run clears the table and takes the downloads away before it fills it again
      // (seen as the card turns to running: on a fast GPU the run may be over at once).
      await p.fill('#suite-settings input[name="sizes"]', '4');
      await p.evaluate(() => {
        const card = document.getElementById('suite') as HTMLElement;
        const seen: { rows: number; json: boolean }[] = [];
        (window as unknown as { seenRunning: typeof seen }).seenRunning = seen;
        new MutationObserver(() => {
          if (card.dataset.status !== 'running') return;
          seen.push({
            rows: card.querySelectorAll('#suite-table tbody tr').length,
            json: (document.getElementById('download-json') as HTMLButtonElement).disabled,
          });
        }).observe(card, { attributes: true, attributeFilter: ['data-status'] });
      });
      const seq = await p.getAttribute('#suite', 'data-seq');
      await p.click('#run-suite');
      await p.waitForFunction(
        (before) => {
          const el = document.getElementById('suite');
          return el?.dataset.seq !== before && el?.dataset.status === 'done';
        },
        seq,
        { timeout: 2 * MINUTE },
      );
      expect(await p.evaluate(() => (window as unknown as { seenRunning: unknown[] }).seenRunning)).toEqual([
        { rows: 0, json: true },
      ]);
      expect(await p.$$eval('#suite-table tbody tr', (trs) => trs.length)).toBe(6);
      expect(o.errors).toEqual([]);
      await p.close();
    },
    4 * MINUTE,
  );
});
