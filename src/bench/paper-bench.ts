/**
 * `npm run bench:paper`: the paper's Tables 2 and 3 measured the paper's way
 * (src/bench/paper-trials.ts) on this machine, beside the paper's figures,
 * with rows the paper lacks: flood fill, bit-sliced, and the GPU kernels
 * (per game; on the GPU a kernel fills and decides, so its figure is the
 * whole playout, not the test alone).
 */
import { type GameKind, geometryOf } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { GPU_KERNELS } from '../eval/types.js';
import { createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import { adapterText } from '../gpu/gpu-device.js';
import { emptyPositions } from '../jobs/sample-positions.js';
import { measureThroughput } from '../jobs/throughput.js';
import { meanFigure } from '../jobs/noisy-figures.js';
import { costStepText } from '../jobs/progress-text.js';
import { type MachineInfo, machineInfo } from './machine-info.js';
import { PAPER_ROWS } from './paper-tables.js';
import { type PaperCellRequest, type PaperCellTiming, measurePaperCell } from './paper-trials.js';
import { inWorker, isolationAvailable } from './isolated-cell.js';

export interface PaperBenchPlan {
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  /** Sets of trials per cell (the paper: 1,000). */
  readonly sets: number;
  /** Trials per set at the least (the paper: 10,000); more where a set would last less than `minSetMs`. */
  readonly trials: number;
  /** The least time of a set's playouts with testing, and of a GPU row's timed run (default MIN_SET_MS). */
  readonly minSetMs?: number;
  /** Also the GPU kernels (per game), through WebGPU. */
  readonly gpu: boolean;
  readonly seed: number;
  readonly onProgress?: (message: string) => void;
  readonly onNotice?: (message: string) => void;
}

/** One row of ours: a paper method (or an extra) and how it is run here. */
export interface OurMethod {
  readonly table: 2 | 3;
  readonly label: string;
  readonly method: string;
  readonly incremental: boolean;
  /** Not in the paper. */
  readonly extra: boolean;
}

export const OUR_METHODS: readonly OurMethod[] = [
  { table: 2, label: 'UF', method: 'unionfind', incremental: false, extra: false },
  { table: 2, label: 'WQHUF', method: 'wqhuf', incremental: false, extra: false },
  { table: 2, label: 'Path', method: 'path', incremental: false, extra: false },
  { table: 2, label: 'BPR', method: 'bpr', incremental: false, extra: false },
  { table: 2, label: 'flood fill', method: 'floodfill', incremental: false, extra: true },
  { table: 2, label: 'bit-sliced', method: 'bitsliced', incremental: false, extra: true },
  { table: 3, label: 'UF', method: 'unionfind', incremental: true, extra: false },
  { table: 3, label: 'WQHUF', method: 'wqhuf', incremental: true, extra: false },
  { table: 3, label: 'Path', method: 'path', incremental: false, extra: false },
  { table: 3, label: 'BPR+', method: 'bpr-incremental', incremental: true, extra: false },
  { table: 3, label: 'flood fill', method: 'floodfill', incremental: false, extra: true },
];

export interface PaperCell {
  readonly table: 2 | 3;
  readonly game: GameKind;
  readonly label: string;
  readonly size: number;
  /**
   * ms per 10,000 trials: the mean over sets, and its 95% half-width (null
   * from one set). A table cell is a difference of two timings, with testing
   * and without (paper-trials.ts); a GPU row is a whole playout's time.
   */
  readonly ms: number;
  readonly ci95: number | null;
  readonly sets: number;
  /** Trials in each set: at least the plan's, more where a set would have been too short to time. */
  readonly trialsPerSet?: number;
  /** The paper's figure, where it has one. */
  readonly paperMs: number | null;
  readonly extra: boolean;
}

export interface PaperBenchReport {
  readonly benchmark: 'hexbatch-paper';
  readonly machine: MachineInfo;
  readonly settings: {
    readonly sets: number;
    readonly trials: number;
    readonly minSetMs?: number;
    readonly seed: number;
    readonly isolated: boolean;
  };
  readonly gpuAdapter: string | null;
  readonly cells: readonly PaperCell[];
  /** A queued run's: the machines of the workers that measured the CPU tables (`machine` is the first of them). */
  readonly workers?: readonly MachineInfo[];
}

function paperFigure(table: 2 | 3, game: GameKind, label: string, size: number): number | null {
  const row = PAPER_ROWS.find((r) => r.table === table && r.game === game && r.method === label);
  const i = [7, 9, 11, 13, 15, 17, 19].indexOf(size);
  return row && i >= 0 ? (row.ms[i]?.[0] ?? null) : null;
}

/** The least time of a set (or a GPU row's run): shorter ones are timed mostly by whatever else the machine did. */
export const MIN_SET_MS = 100;

function meanAndCi(values: readonly number[]): { ms: number; ci95: number | null } {
  const f = meanFigure(values);
  return { ms: f.value, ci95: Number.isFinite(f.halfWidth) ? f.halfWidth : null };
}

/** One cell of the CPU tables to measure: its row and the request a worker (or a queue's worker, a set at a time) runs. */
export interface PaperJob {
  readonly table: 2 | 3;
  readonly game: GameKind;
  readonly size: number;
  readonly method: OurMethod;
  readonly request: PaperCellRequest;
}

/** The CPU tables' cells, in the order they are measured. */
export function paperJobs(
  plan: Pick<PaperBenchPlan, 'games' | 'sizes' | 'sets' | 'trials' | 'seed' | 'minSetMs'>,
): PaperJob[] {
  const minSetMs = plan.minSetMs ?? MIN_SET_MS;
  return plan.games.flatMap((game) =>
    plan.sizes.flatMap((size) =>
      OUR_METHODS.map((m) => ({
        table: m.table,
        game,
        size,
        method: m,
        request: {
          kind: 'paper',
          game,
          size,
          method: m.method,
          incremental: m.incremental,
          trialKind: m.table === 2 ? 'per-game' : 'per-move',
          sets: plan.sets,
          trials: plan.trials,
          minSetMs,
          seed: plan.seed,
        },
      })),
    ),
  );
}

/** A cell from its sets' ms per 10,000 trials. */
export function paperCell(job: PaperJob, perTenThousand: readonly number[], trialsPerSet?: number): PaperCell {
  const paperMs = paperFigure(job.table, job.game, job.method.label, job.size);
  return {
    table: job.table,
    game: job.game,
    label: job.method.label,
    size: job.size,
    ...meanAndCi(perTenThousand),
    sets: perTenThousand.length,
    ...(trialsPerSet === undefined ? {} : { trialsPerSet }),
    paperMs,
    extra: job.method.extra,
  };
}

/** The GPU rows (per game), through WebGPU, and the adapter they ran on. */
export async function measureGpuCells(plan: PaperBenchPlan): Promise<{ cells: PaperCell[]; adapter: string }> {
  const say = plan.onProgress ?? (() => {});
  const cells: PaperCell[] = [];
  const gpu = await createWebGpuEvaluator({ notice: plan.onNotice ?? (() => {}) });
  const adapter = adapterText(gpu.context.adapter);
  const batch = gpu.context.adapter.software ? 1 << 16 : 1 << 22;
  try {
    for (const game of plan.games) {
      for (const size of plan.sizes) {
        for (const kernel of GPU_KERNELS) {
          say(`GPU: ${game} ${size}, ${kernel}`);
          const request = { playouts: batch, fill: FillKind.Exact, kernel };
          const m = await measureThroughput(gpu, {
            positions: emptyPositions(game, size, 1),
            request,
            runs: Math.max(3, Math.min(plan.sets, 10)),
            minRunMs: plan.minSetMs ?? MIN_SET_MS,
            seed: plan.seed,
          });
          const perRun = m.runs.map((r) => (r.wallMs * 10_000) / r.playouts);
          cells.push({
            table: 2,
            game,
            label: `GPU ${kernel}`,
            size,
            ...meanAndCi(perRun),
            sets: m.runs.length,
            paperMs: null,
            extra: true,
          });
        }
      }
    }
  } finally {
    gpu.destroy();
  }
  return { cells, adapter };
}

/** Time left from the cells done, weighted by cells on the board (per move, by cells squared). */
export function paperJobWeight(job: PaperJob): number {
  return geometryOf(job.game, job.size).cellCount ** (job.table === 3 ? 2 : 1);
}

export async function runPaperBench(plan: PaperBenchPlan): Promise<PaperBenchReport> {
  const say = plan.onProgress ?? (() => {});
  const jobs = paperJobs(plan);
  const cells: PaperCell[] = [];
  const isolated = isolationAvailable();
  const start = performance.now();
  let weightDone = 0;
  const weightAll = jobs.reduce((t, j) => t + paperJobWeight(j), 0);
  for (const [i, job] of jobs.entries()) {
    const elapsed = performance.now() - start;
    say(
      costStepText(
        i,
        jobs.length,
        `Table ${job.table}, ${job.game} ${job.size}, ${job.method.label}`,
        elapsed,
        weightDone,
        weightAll - weightDone,
      ),
    );
    // A fresh isolate per cell, as in bench-cpu: no cell inherits the JIT's choices for the ones before.
    const timing = isolated
      ? await inWorker<PaperCellRequest, PaperCellTiming>(job.request)
      : measurePaperCell(job.request);
    cells.push(paperCell(job, timing.perTenThousand, timing.trialsPerSet));
    weightDone += paperJobWeight(job);
  }
  let gpuAdapter: string | null = null;
  if (plan.gpu) {
    const gpu = await measureGpuCells(plan);
    cells.push(...gpu.cells);
    gpuAdapter = gpu.adapter;
  }
  return {
    benchmark: 'hexbatch-paper',
    machine: machineInfo(),
    settings: {
      sets: plan.sets,
      trials: plan.trials,
      minSetMs: plan.minSetMs ?? MIN_SET_MS,
      seed: plan.seed,
      isolated,
    },
    gpuAdapter,
    cells,
  };
}
