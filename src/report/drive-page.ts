/**
 * Drives the demo page in Chrome through playwright-core: presets the suite
 * card by query string, clicks its Run button as a person would, relays the
 * card's progress, and takes the report and the chart (as a PNG screenshot
 * of the page's own uPlot chart) when it ends.
 */
import type { AdapterDescription } from '../gpu/gpu-device.js';
import type { SuiteProgress, SuiteReport, SuiteSpec } from '../jobs/suite.js';

/** Headless, without the sandbox (CI runs as root), off the network, with WebGPU (behind a flag on Linux). */
export const CHROME_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--enable-unsafe-webgpu',
];

/** What the page publishes in <pre id="results"> that the report reads. */
interface PageSnapshot {
  readonly webgpu: string;
  readonly adapter: (AdapterDescription & { readonly features: readonly string[] }) | null;
  readonly suite: SuiteReport | null;
  readonly error: string | null;
}

export interface PageRun {
  readonly browser: {
    readonly name: string;
    readonly version: string;
    readonly path: string;
    readonly headless: boolean;
  };
  readonly adapter: PageSnapshot['adapter'];
  /** Null when the run failed; `failure` then says why. */
  readonly report: SuiteReport | null;
  readonly failure: string | null;
  readonly chartPng: Buffer | null;
}

export interface DriveOptions {
  readonly url: string;
  readonly browserPath: string;
  readonly headed: boolean;
  /** What to set in the suite card; what is left out keeps the page's default. */
  readonly spec: Partial<SuiteSpec>;
  readonly onProgress: (progress: SuiteProgress) => void;
  /** Told once the page has named its adapter, before the suite starts. */
  readonly onAdapter?: (browser: PageRun['browser'], adapter: PageSnapshot['adapter']) => void;
}

/** The suite card's form fields that the run sets (the rest keep the page's defaults), as the page reads them from the query string. */
export function suiteQuery(spec: Partial<SuiteSpec>): URLSearchParams {
  const query = new URLSearchParams();
  const set = (name: string, value: string | undefined) => value !== undefined && query.set(`suite-${name}`, value);
  set('games', spec.games?.join(','));
  set('sizes', spec.sizes?.join(','));
  set('kernels', spec.kernels?.join(','));
  set('playouts', spec.playouts?.toString());
  set('cpu-playouts', spec.cpuPlayouts?.toString());
  set('runs', spec.runs?.toString());
  set('validate', spec.validatePlayouts?.toString());
  return query;
}

const POLL_MS = 250;

export async function runSuiteInPage(options: DriveOptions): Promise<PageRun> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: options.browserPath,
    headless: !options.headed,
    args: [...CHROME_FLAGS, ...(options.headed ? [] : ['--headless=new'])],
    timeout: 60_000,
  });
  const about = {
    name: browser.browserType().name(),
    version: browser.version(),
    path: options.browserPath,
    headless: !options.headed,
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.goto(`${options.url}?${suiteQuery(options.spec)}`);
    await page.waitForSelector('#app:not([data-webgpu="pending"])', { timeout: 60_000 });
    const snapshot = async () => JSON.parse((await page.textContent('#results')) ?? '{}') as PageSnapshot;
    const before = await snapshot();
    const failed = (failure: string, chartPng: Buffer | null = null): PageRun => ({
      browser: about,
      adapter: before.adapter,
      report: null,
      failure,
      chartPng,
    });
    if (before.webgpu !== 'ok') {
      const banner = ((await page.textContent('#gpu')) ?? '').replace(/\s+/g, ' ').trim();
      return failed(`the page has no WebGPU (${before.webgpu}): ${banner}`);
    }
    options.onAdapter?.(about, before.adapter);

    // Every change of the card's data-step, kept by an observer in the page, so no step is missed between polls.
    await page.evaluate(() => {
      const el = document.getElementById('suite') as HTMLElement;
      const seen: Record<string, string | undefined>[] = [];
      (window as unknown as { hexbatchSteps: typeof seen }).hexbatchSteps = seen;
      new MutationObserver(() => {
        const last = seen.at(-1);
        if (el.dataset.step !== undefined && last?.['step'] !== el.dataset.step) seen.push({ ...el.dataset });
      }).observe(el, { attributes: true });
    });
    await page.click('#run-suite');
    let reported = 0;
    for (;;) {
      const { steps, status } = await page.evaluate(() => ({
        steps: (window as unknown as { hexbatchSteps: Record<string, string | undefined>[] }).hexbatchSteps,
        status: document.getElementById('suite')?.dataset.status,
      }));
      for (const state of steps.slice(reported)) {
        const remaining = state['remainingMs'];
        options.onProgress({
          step: Number(state['step']),
          steps: Number(state['steps']),
          label: state['label'] ?? '',
          elapsedMs: 0,
          remainingMs: remaining === undefined || remaining === '' ? null : Number(remaining),
        });
      }
      reported = steps.length;
      if (status === 'done' || status === 'error') break;
      if (pageErrors.length > 0) return failed(`the page failed: ${pageErrors.join('; ')}`);
      await page.waitForTimeout(POLL_MS);
    }
    const after = await snapshot();
    const chart = page.locator('#suite-plot');
    const chartPng =
      (await chart.count()) > 0 && (await chart.boundingBox()) !== null
        ? await chart.screenshot({ type: 'png' })
        : null;
    if (!after.suite) return failed(after.error ?? 'the suite ended without a report', chartPng);
    return {
      browser: about,
      adapter: after.adapter,
      report: after.suite,
      failure: after.suite.passed ? null : after.suite.problems.join('; '),
      chartPng,
    };
  } finally {
    await browser.close();
  }
}
