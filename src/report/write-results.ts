/**
 * The report's folder: suite.json (every figure, with the settings, the
 * browser, the adapter and the date), suite.csv, and chart.png, captured
 * from the page. A dated folder per run, so no run overwrites another.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { suiteCsv } from '../jobs/suite-table.js';
import type { SuiteReport } from '../jobs/suite.js';
import type { PageRun } from './drive-page.js';

/** Git-ignored, unlike bench/results/, which holds committed figures. */
export const DEFAULT_RESULTS_ROOT = 'results';

/** A folder name from a date: 2026-11-23T08-01-02Z. */
export function dateStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export interface WrittenFiles {
  readonly folder: string;
  readonly json: string;
  readonly csv: string;
  readonly png: string | null;
}

export async function writeResults(folder: string, run: PageRun, report: SuiteReport): Promise<WrittenFiles> {
  await mkdir(folder, { recursive: true });
  const json = join(folder, 'suite.json');
  const csv = join(folder, 'suite.csv');
  const png = join(folder, 'chart.png');
  const document = { ...report, browser: run.browser, adapterDetails: run.adapter };
  await writeFile(json, `${JSON.stringify(document, null, 2)}\n`);
  await writeFile(csv, suiteCsv(report));
  if (run.chartPng) await writeFile(png, run.chartPng);
  return { folder, json, csv, png: run.chartPng ? png : null };
}
