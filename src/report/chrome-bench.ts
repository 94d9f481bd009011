/**
 * The main job, headless: build and serve the demo page, open it in Chrome
 * with WebGPU, run the throughput suite through the page's own Run button,
 * stream its progress, print the table and write the results folder.
 * `npm start` and `hexbatch chrome-bench` both land here.
 */
import type { Writable } from 'node:stream';
import type { SuiteSpec } from '../jobs/suite.js';
import { stepText as describeProgress } from '../jobs/progress-text.js';
import { isTerminal, progressLine } from '../jobs/progress-line.js';
import { runSuiteInPage } from './drive-page.js';
import { findBrowser } from './find-browser.js';
import { servePage } from './page-server.js';
import { adapterLines, browserLine, reportHeader, reportTable } from './report-text.js';
import { type WrittenFiles, writeResults } from './write-results.js';

export interface ChromeBenchOptions {
  /** What to change in the page's suite; the rest keeps its defaults (which depend on the adapter). */
  readonly spec: Partial<SuiteSpec>;
  readonly browser?: string;
  readonly headed: boolean;
  /** The results folder. */
  readonly out: string;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

export type ChromeBenchOutcome =
  { readonly ok: true; readonly files: WrittenFiles } | { readonly ok: false; readonly reason: string };

export async function runChromeBench(options: ChromeBenchOptions): Promise<ChromeBenchOutcome> {
  const choice = findBrowser(options.browser);
  if ('problem' in choice) return { ok: false, reason: choice.problem };
  const say = (text: string) => options.stderr.write(`${text}\n`);
  say('building and serving the demo page…');
  const server = await servePage();
  // In a log, a line per step: CI shows where a slow or failed run got to.
  const progress = progressLine(options.stderr, 'lines');
  let adapterSaid = false;
  try {
    say(`opening ${server.url} in ${choice.path}`);
    const run = await runSuiteInPage({
      url: server.url,
      browserPath: choice.path,
      headed: options.headed,
      spec: options.spec,
      onProgress: (p) => progress.show(describeProgress(p)),
      onAdapter: (browser, adapter) => {
        say([browserLine(browser), ...adapterLines(adapter)].join('\n'));
        adapterSaid = true;
      },
    });
    progress.end();
    const report = run.report;
    if (!report) return { ok: false, reason: run.failure ?? 'the page gave no report' };
    const out = options.stdout;
    const oneScreen = adapterSaid && isTerminal(options.stderr) && isTerminal(out);
    out.write(`${reportHeader(run, report, oneScreen).join('\n')}\n\n`);
    out.write(reportTable(report));
    const files = await writeResults(options.out, run, report);
    out.write(`\nresults: ${files.json}, ${files.csv}${files.png ? `, ${files.png}` : ''}\n`);
    if (!files.png) return { ok: false, reason: 'the chart could not be captured from the page' };
    if (!report.passed) return { ok: false, reason: report.problems.join('; ') };
    out.write(
      `all ${report.rows.length} configurations ran; every GPU sample agreed with the CPU (${(report.elapsedMs / 1000).toFixed(0)} s)\n`,
    );
    return { ok: true, files };
  } finally {
    progress.end();
    await server.close();
  }
}
