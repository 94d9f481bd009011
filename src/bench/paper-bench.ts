/**
 * `bench-paper`: every cell of the paper's Tables 2 and 3 measured our way
 * (src/bench/paper-trials.ts), each in a fresh isolate where the built worker
 * is at hand, with progress as it goes.
 */
import type { GameKind } from '../game/geometry.js';
import type { SuiteProgress } from '../jobs/suite.js';
import { runCell } from './isolated-cell.js';
import { PAPER_ROWS, type OurFigure } from './paper-tables.js';
import { PaperTable, type PaperTrialResult } from './paper-trials.js';

export interface PaperBenchSettings {
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly tables: readonly PaperTable[];
  readonly sets: number;
  readonly trialsPerSet: number;
  readonly warmupSets: number;
  readonly seed: number;
  readonly isolate: boolean;
}

export interface PaperCellFigure extends OurFigure, Omit<PaperTrialResult, 'msPer10k' | 'ci95'> {
  readonly method: string;
}

/** The settings of a full run, and of a --quick smoke run that takes a few minutes at most. */
export const FULL_PAPER_SETTINGS = { sets: 20, trialsPerSet: 10_000, warmupSets: 2 } as const;
export const QUICK_PAPER_SETTINGS = { sets: 3, trialsPerSet: 2_000, warmupSets: 1 } as const;

export async function runPaperBench(settings: PaperBenchSettings, onProgress?: (p: SuiteProgress) => void, signal?: AbortSignal): Promise<PaperCellFigure[]> {
  const cells = settings.tables.flatMap((table) =>
    settings.games.flatMap((game) => settings.sizes.flatMap((size) => PAPER_ROWS[table].map((row) => ({ table, game, size, row })))),
  );
  const figures: PaperCellFigure[] = [];
  const start = performance.now();
  for (const [k, { table, game, size, row }] of cells.entries()) {
    signal?.throwIfAborted();
    const elapsed = performance.now() - start;
    onProgress?.({ step: k + 1, steps: cells.length, label: `${table} ${game} ${size} ${row.label}`, elapsedMs: elapsed, remainingMs: k === 0 ? null : (elapsed / k) * (cells.length - k) });
    const result = await runCell(
      { kind: 'paper', table, game, size, method: row.method, sets: settings.sets, trialsPerSet: settings.trialsPerSet, warmupSets: settings.warmupSets, seed: settings.seed },
      settings.isolate,
    );
    figures.push({ ...result, table, game, size, label: row.label, method: row.method });
  }
  return figures;
}
