/**
 * `bench-paper`: every cell of the paper's Tables 2 and 3 measured our way
 * (src/bench/paper-trials.ts), each in a fresh isolate where the built worker
 * is at hand, with progress as it goes.
 */
import { type GameKind, geometryOf } from '../game/geometry.js';
import type { SuiteProgress } from '../jobs/suite.js';
import { FillKind } from '../fill/fill.js';
import { GPU_KERNELS } from '../eval/types.js';
import type { WebGpuEvaluator } from '../eval/webgpu-backend.js';
import { emptyPositions } from '../jobs/sample-positions.js';
import { measureThroughput } from '../jobs/throughput.js';
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
  /** Also time each GPU kernel per game (fill included), on this WebGPU evaluator. */
  readonly gpu?: WebGpuEvaluator;
}

export interface PaperCellFigure extends OurFigure, Omit<PaperTrialResult, 'msPer10k' | 'ci95'> {
  readonly method: string;
}

/** The GPU batch: one dispatch's worth, smaller on a software adapter, which runs on the CPU. */
function gpuBatch(gpu: WebGpuEvaluator): number {
  return gpu.context.adapter.software ? 1 << 16 : 1 << 22;
}

/**
 * A GPU kernel's row, per game: the kernel fills and decides every board,
 * so its figure is the whole playout, through the one throughput loop, as
 * a mean over timed calls of ms per 10,000 playouts.
 */
async function gpuFigure(gpu: WebGpuEvaluator, game: GameKind, size: number, kernel: (typeof GPU_KERNELS)[number], settings: PaperBenchSettings): Promise<PaperCellFigure> {
  const batch = gpuBatch(gpu);
  const runs = Math.max(3, Math.min(settings.sets, 10));
  const m = await measureThroughput(gpu, { positions: emptyPositions(game, size, 1), request: { playouts: batch, fill: FillKind.Exact, kernel }, runs, seed: settings.seed });
  const perRun = m.runs.map((r) => (r.wallMs * 10_000) / batch);
  const mean = perRun.reduce((a, b) => a + b, 0) / perRun.length;
  const sd = Math.sqrt(perRun.reduce((a, x) => a + (x - mean) ** 2, 0) / Math.max(1, perRun.length - 1));
  return { table: PaperTable.PerGame, game, size, label: `GPU ${kernel}`, method: kernel, msPer10k: mean, ci95: (1.96 * sd) / Math.sqrt(perRun.length), sets: perRun.length, trialsPerSet: batch, meanMoves: geometryOf(game, size).cellCount };
}

/** The settings of a full run, and of a --quick smoke run that takes a few minutes at most. */
export const FULL_PAPER_SETTINGS = { sets: 20, trialsPerSet: 10_000, warmupSets: 2 } as const;
export const QUICK_PAPER_SETTINGS = { sets: 3, trialsPerSet: 2_000, warmupSets: 1 } as const;

export async function runPaperBench(settings: PaperBenchSettings, onProgress?: (p: SuiteProgress) => void, signal?: AbortSignal): Promise<PaperCellFigure[]> {
  const cells = settings.tables.flatMap((table) =>
    settings.games.flatMap((game) => settings.sizes.flatMap((size) => PAPER_ROWS[table].map((row) => ({ table, game, size, row })))),
  );
  const gpu = settings.gpu;
  const gpuCells = gpu && settings.tables.includes(PaperTable.PerGame) ? settings.games.flatMap((game) => settings.sizes.flatMap((size) => GPU_KERNELS.map((kernel) => ({ game, size, kernel })))) : [];
  const steps = cells.length + gpuCells.length;
  const figures: PaperCellFigure[] = [];
  const start = performance.now();
  const announce = (k: number, label: string) => {
    const elapsed = performance.now() - start;
    onProgress?.({ step: k + 1, steps, label, elapsedMs: elapsed, remainingMs: k === 0 ? null : (elapsed / k) * (steps - k) });
  };
  for (const [k, { game, size, kernel }] of gpuCells.entries()) {
    signal?.throwIfAborted();
    announce(k, `GPU ${game} ${size} ${kernel}`);
    figures.push(await gpuFigure(gpu as WebGpuEvaluator, game, size, kernel, settings));
  }
  for (const [k, { table, game, size, row }] of cells.entries()) {
    signal?.throwIfAborted();
    announce(gpuCells.length + k, `${table} ${game} ${size} ${row.label}`);
    const result = await runCell(
      { kind: 'paper', table, game, size, method: row.method, sets: settings.sets, trialsPerSet: settings.trialsPerSet, warmupSets: settings.warmupSets, seed: settings.seed },
      settings.isolate,
    );
    figures.push({ ...result, table, game, size, label: row.label, method: row.method });
  }
  return figures;
}
