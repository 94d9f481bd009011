/** The report as the terminal shows it: what ran it, then the table. */
import { formatTable } from '../jobs/text-table.js';
import { SUITE_COLUMNS, suiteCells } from '../jobs/suite-table.js';
import type { SuiteReport } from '../jobs/suite.js';
import type { PageRun } from './drive-page.js';

export function browserLine(browser: PageRun['browser']): string {
  return `browser: ${browser.name} ${browser.version} (${browser.headless ? 'headless' : 'headed'}), ${browser.path}`;
}

export function adapterLines(adapter: PageRun['adapter']): string[] {
  if (!adapter) return ['adapter: none'];
  const name =
    [adapter.vendor, adapter.architecture, adapter.device, adapter.description].filter((s) => s !== '').join(' · ') ||
    'unnamed';
  const features = ['timestamp-query', 'subgroups'].filter((f) => adapter.features.includes(f));
  const lines = [`adapter: ${name}${features.length > 0 ? ` (${features.join(', ')})` : ''}`];
  if (adapter.software) {
    lines.push(
      'NOTE: this adapter is a software renderer (SwiftShader) that runs the shaders on the CPU, so every figure below is a CPU figure, not a GPU one.',
    );
  }
  return lines;
}

export function settingsLine(report: SuiteReport): string {
  const s = report.spec;
  return (
    `${s.fill} fill, empty board; GPU: ${s.playouts} playouts a call, CPU backend: ${s.cpuPlayouts} a call; ` +
    `median of ${s.runs} timed runs after ${s.warmupRuns} warm-up, each run repeating its call for at least ${s.minRunMs} ms, ` +
    `± the 95% half-width of the runs' rates; ${s.validatePlayouts} playouts of each kernel validated on the CPU`
  );
}

/**
 * The lines above the table: the browser and the adapter, then the settings.
 * `adapterShown`: standard error, on the same terminal, said the browser and
 * adapter as soon as the page named them, so they are not said twice.
 */
export function reportHeader(
  run: Pick<PageRun, 'browser' | 'adapter'>,
  report: SuiteReport,
  adapterShown: boolean,
): string[] {
  return [...(adapterShown ? [] : [browserLine(run.browser), ...adapterLines(run.adapter)]), settingsLine(report)];
}

export function reportTable(report: SuiteReport): string {
  return formatTable(SUITE_COLUMNS, report.rows.map(suiteCells));
}
