/**
 * The suite's rows as text: the columns of the terminal table, the page's
 * table and the CSV file, so that all three say the same thing.
 */
import type { SuiteReport, SuiteRow } from './suite.js';

/** The columns of the suite's table, as npm start prints it. */
export const SUITE_COLUMNS = [
  'game',
  'size',
  'kernel',
  'fill',
  'batch',
  'calls a run',
  'playouts/s',
  'ms per 10,000',
  'vs CPU',
  'validation',
] as const;

/** Playouts per second with an SI prefix: "12.3 M". */
export function formatRate(perSecond: number): string {
  if (perSecond >= 1e9) return `${(perSecond / 1e9).toFixed(2)} G`;
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)} k`;
  return perSecond.toFixed(0);
}

/** A row's validation in words: `0 mismatches in 4096`, or `CPU backend` for the CPU row. */
export function verdictOf(row: SuiteRow): string {
  if (row.validation === null) return 'CPU backend';
  const v = row.validation;
  const counts = v.countMismatches > 0 ? `, ${v.countMismatches} count mismatches` : '';
  return `${v.mismatches} mismatches in ${v.compared}${counts}`;
}

/** A row's cells under SUITE_COLUMNS. */
export function suiteCells(row: SuiteRow): string[] {
  return [
    row.game,
    String(row.size),
    row.kernel,
    row.fill,
    String(row.batch),
    String(row.callsPerRun),
    `${formatRate(row.playoutsPerSecond)} ± ${row.rateHalfWidth === null ? '?' : `${((100 * row.rateHalfWidth) / row.playoutsPerSecond).toFixed(0)}%`}`,
    row.msPer10k.toPrecision(3),
    row.ratioToCpu === null
      ? '1'
      : `${row.ratioToCpu.toPrecision(3)}× ± ${row.ratioHalfWidth === null ? '?' : row.ratioHalfWidth.toPrecision(2)}`,
    verdictOf(row),
  ];
}

const CSV_COLUMNS = [
  'game',
  'size',
  'backend',
  'kernel',
  'variant',
  'fill',
  'batch',
  'runs',
  'calls_per_run',
  'median_wall_ms',
  'median_kernel_ms',
  'playouts_per_s',
  'playouts_per_s_half_width_95',
  'kernel_playouts_per_s',
  'ms_per_10000',
  'ratio_to_cpu',
  'ratio_half_width_95',
  'validated',
  'mismatches',
] as const;

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line per row with the unrounded figures; the settings and device are in the JSON. */
export function suiteCsv(report: SuiteReport): string {
  const lines = report.rows.map((r) =>
    [
      r.game,
      r.size,
      r.backend,
      r.kernel,
      r.variant,
      r.fill,
      r.batch,
      r.runs,
      r.callsPerRun,
      r.medianWallMs,
      r.medianKernelMs,
      r.playoutsPerSecond,
      r.rateHalfWidth,
      r.kernelPlayoutsPerSecond,
      r.msPer10k,
      r.ratioToCpu,
      r.ratioHalfWidth,
      r.validation?.compared ?? null,
      r.validation?.mismatches ?? null,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
}
