/**
 * Shared set-up for the end-to-end tests: the demo's pages served by Vite on a
 * free loopback port, and Debian's Chromium driven through playwright-core.
 *
 * Headless Chromium with --enable-unsafe-webgpu gets a SwiftShader adapter
 * (vendor google, architecture swiftshader) on a machine without a GPU;
 * without that flag navigator.gpu exists but offers no adapter. --disable-gpu,
 * --use-angle=swiftshader and --enable-features=Vulkan change nothing here,
 * so they are left out.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';
import { type ViteDevServer, createServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import type { PageResults } from '../../demo/results.js';
import { CHROME_FLAGS } from '../../src/report/drive-page.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const DEMO_CONFIG = fileURLToPath(new URL('../../vite.demo.config.ts', import.meta.url));

/**
 * In CI a missing browser or WebGPU is a failure (the tests must never pass
 * by skipping there); elsewhere the test is skipped and says why.
 */
export function requireOrSkip(skip: (note?: string) => never, problem: string | null): void {
  if (problem === null) return;
  if (process.env.CI) throw new Error(`end-to-end prerequisite missing in CI: ${problem}`);
  skip(problem);
}

export function chromiumProblem(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/** Launches Chromium with a fresh, throw-away profile (Playwright makes and removes it). */
export async function launchChromium(): Promise<Browser> {
  // The flags npm start launches Chrome with: the tests drive the browser as the report does.
  const args = ['--headless=new', ...CHROME_FLAGS];
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args, timeout: 60_000 });
}

export interface DemoServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The demo's Vite dev server on 127.0.0.1, on a port the OS picks. */
export async function startDemoServer(): Promise<DemoServer> {
  const server: ViteDevServer = await createServer({
    configFile: DEMO_CONFIG,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | null;
  if (!address) throw new Error('the Vite dev server is not listening');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/**
 * The demo server and Chromium for one test file, started before its tests
 * and closed after them. `ready` gives them to a test, or fails it (CI) or
 * skips it (elsewhere) when either could not be had.
 */
export function browserSession(): { ready(skip: (note?: string) => never): { browser: Browser; url: string } } {
  let server: DemoServer | null = null;
  let browser: Browser | null = null;
  let problem: string | null = chromiumProblem();
  beforeAll(async () => {
    if (problem !== null) return;
    server = await startDemoServer();
    try {
      browser = await launchChromium();
    } catch (e) {
      problem = `Chromium at ${CHROMIUM_PATH} would not start: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    ready(skip) {
      requireOrSkip(skip, problem);
      if (!browser || !server) throw new Error('the browser or the server did not start');
      return { browser, url: server.url };
    },
  };
}

/** Errors the page reports, collected so a failed assertion can show them. */
export interface OpenPage {
  readonly page: Page;
  readonly errors: string[];
}

/**
 * Opens `url` in a page of its own, collecting its errors, and waits for
 * `readySelector`. `before` runs in the page ahead of its own scripts.
 */
async function openPage(browser: Browser, url: string, readySelector: string, before?: () => void): Promise<OpenPage> {
  // Each page gets a context of its own, so no state leaks between tests.
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  if (before) await page.addInitScript(before);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector(readySelector, { timeout: 60_000 });
  return { page, errors };
}

function queryString(query: Record<string, string | number | boolean>): string {
  return new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * Opens the demo with its settings preset by query parameters and waits
 * until the WebGPU check has finished (data-webgpu leaves "pending").
 * `before` runs in the page ahead of its own scripts (to take WebGPU away).
 */
export function openDemo(
  browser: Browser,
  base: string,
  query: Record<string, string | number | boolean> = {},
  before?: () => void,
): Promise<OpenPage> {
  return openPage(browser, `${base}?${queryString(query)}`, '#app:not([data-webgpu="pending"])', before);
}

/**
 * Opens the play page with its form preset by query parameters and waits
 * until its engine has started in the worker (data-engine leaves "pending").
 */
export function openPlay(
  browser: Browser,
  base: string,
  query: Record<string, string | number | boolean> = {},
  before?: () => void,
): Promise<OpenPage> {
  return openPage(browser, `${base}play.html?${queryString(query)}`, '#app:not([data-engine="pending"])', before);
}

export async function readResults(page: Page): Promise<PageResults> {
  return JSON.parse((await page.textContent('#results')) ?? '{}') as PageResults;
}

/**
 * Clicks a button and waits until its panel has finished that run: the page
 * bumps the panel's data-seq when a run ends, in data-status done or error.
 * A panel in error fails with the page's own message.
 */
export async function runPanel(open: OpenPage, button: string, panel: string, timeoutMs: number): Promise<PageResults> {
  const { page, errors } = open;
  const before = (await page.getAttribute(panel, 'data-seq')) ?? '';
  await page.click(button);
  await page.waitForFunction(
    ([sel, seq]) => {
      const el = document.querySelector<HTMLElement>(sel);
      return el !== null && (el.dataset.seq ?? '') !== seq && el.dataset.status !== 'running';
    },
    [panel, before] as const,
    { timeout: timeoutMs },
  );
  const results = await readResults(page);
  if ((await page.getAttribute(panel, 'data-status')) !== 'done') {
    const pageErrors = errors.length > 0 ? `\npage errors:\n${errors.join('\n')}` : '';
    throw new Error(`${panel} failed: ${results.error ?? 'no message'}${pageErrors}`);
  }
  return results;
}
