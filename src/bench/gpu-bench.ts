/**
 * The GPU benchmark: playouts per second of every kernel, Hex and Y, from
 * the empty board, and a batch-size sweep. Each measurement is one evaluate
 * call of `batch` playouts (one dispatch), timed twice: the kernel alone
 * (timestamp queries, where the adapter has them) and the wall time from the
 * call to its counts back in JS. Figures are medians of the timed runs after
 * warm-up runs, which also compile the pipeline; a run repeats its call
 * until it has lasted 100 ms (measureThroughput), and each rate comes with
 * the 95% half-width of the runs' rates.
 *
 * On a software adapter (SwiftShader) the kernels run on the CPU, so the
 * report marks its figures as CPU figures and the defaults shrink.
 */
import { GameKind, geometryOf } from '../game/geometry.js';
import { createCpuEvaluator } from '../eval/cpu/backend.js';
import { FillKind } from '../fill/fill.js';
import type { GpuKernel } from '../eval/types.js';
import { type WebGpuEvaluator, createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import { type AdapterDescription, adapterText } from '../gpu/gpu-device.js';
import { costStepText } from '../jobs/progress-text.js';
import { emptyPositions, midGamePosition } from '../jobs/sample-positions.js';
import { measureThroughput, median } from '../jobs/throughput.js';
import { type NoisyFigure, ratioOf } from '../jobs/noisy-figures.js';

export interface GpuBenchPlan {
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly kernels: readonly GpuKernel[];
  readonly fills: readonly FillKind[];
  /** Playouts per measured call; default by adapter (software 2¹⁶, GPU 2²⁴). */
  readonly batch?: number;
  /** Batch sizes of the sweep (Hex 11, every kernel and fill); default by adapter; [] for none. */
  readonly sweep?: readonly number[];
  readonly warmupRuns: number;
  readonly runs: number;
  readonly workgroupSize?: number;
  readonly boardsPerInvocation?: number;
  /** Measure the shapes and the CPU baseline (default true). */
  readonly shapes?: boolean;
  /** Before each measurement: "k/N: what runs (time left)". */
  readonly onProgress?: (message: string) => void;
  /** What the user must know whatever the terminal (e.g. that SwiftShader stands in for a GPU). */
  readonly onNotice?: (message: string) => void;
}

export interface GpuMeasurement {
  readonly game: GameKind;
  readonly size: number;
  readonly kernel: GpuKernel;
  /** How the kernel ran here (bitsliced: bitsliced-ballot with subgroups, bitsliced-lanes without). */
  readonly variant: string;
  readonly fill: FillKind;
  readonly batch: number;
  readonly runs: number;
  readonly wallMs: number;
  readonly kernelMs: number | null;
  readonly playoutsPerSecondWall: number;
  /** The 95% half-width of the runs' wall rates; null from one run. */
  readonly wallRateHalfWidth: number | null;
  /** Calls in the median run: as many as it took to last 100 ms. */
  readonly callsPerRun: number;
  readonly playoutsPerSecondKernel: number | null;
}

/** One of the shapes a search or an engine asks for, against the one-position rate of the same kernel. */
export interface GpuShapeMeasurement {
  readonly kernel: GpuKernel;
  readonly shape: string;
  readonly positions: number;
  readonly playoutsPerPosition: number;
  readonly wallMs: number;
  readonly playoutsPerSecond: number;
  /** The 95% half-width of the runs' rates; null from one run. */
  readonly rateHalfWidth: number | null;
  /** This shape's rate over the empty board's, one position, same kernel and batch. */
  readonly ratioToOnePosition: number;
  /** The ratio's 95% half-width; null from one run. */
  readonly ratioHalfWidth: number | null;
}

/** The CPU backend's rate on the same job, measured in the same run: the GPU's ratio to it is the headline. */
export interface CpuBaseline {
  readonly description: string;
  readonly playouts: number;
  readonly playoutsPerSecond: number;
  /** The 95% half-width of the runs' rates; null from one run. */
  readonly rateHalfWidth: number | null;
}

export interface GpuBenchReport {
  readonly benchmark: 'hexbatch-gpu';
  readonly adapter: AdapterDescription & { readonly text: string };
  /** Present, and loud, when the adapter runs on the CPU. */
  readonly warning?: string;
  readonly settings: {
    readonly batch: number;
    readonly warmupRuns: number;
    readonly runs: number;
    readonly workgroupSize: number;
    readonly boardsPerInvocation: number;
    readonly subgroups: boolean;
    readonly timestamps: boolean;
  };
  readonly date: string;
  readonly results: readonly GpuMeasurement[];
  readonly sweep: readonly GpuMeasurement[];
  /** Hex 11, exact fill: mid-game, many positions in one call, and a small call's latency. */
  readonly shapes: readonly GpuShapeMeasurement[];
  readonly cpu: CpuBaseline | null;
}

export const SOFTWARE_WARNING =
  'software adapter (SwiftShader): these kernels ran on the CPU, so every figure here is a CPU figure, not a GPU one';

export const BENCH_SIZES: readonly number[] = [7, 9, 11, 13, 15, 17, 19];

function powersOfTwo(from: number, to: number): number[] {
  const out: number[] = [];
  for (let e = from; e <= to; e += 2) out.push(2 ** e);
  return out;
}

/** One table cell through the shared throughput loop (src/jobs/throughput.ts), as the page and the report measure. */
async function measure(
  evaluator: WebGpuEvaluator,
  game: GameKind,
  size: number,
  kernel: GpuKernel,
  fill: FillKind,
  batch: number,
  plan: GpuBenchPlan,
): Promise<GpuMeasurement> {
  const m = await measureThroughput(evaluator, {
    positions: emptyPositions(game, size, 1),
    request: { playouts: batch, fill, kernel },
    warmupRuns: plan.warmupRuns,
    runs: plan.runs,
  });
  return {
    game,
    size,
    kernel,
    variant: evaluator.variantOf(kernel, geometryOf(game, size)),
    fill,
    batch,
    runs: plan.runs,
    wallMs: m.medianWallMs,
    kernelMs: m.medianKernelMs,
    playoutsPerSecondWall: m.playoutsPerSecond,
    wallRateHalfWidth: finite(m.rate.halfWidth),
    callsPerRun: median(m.runs.map((r) => r.calls)),
    playoutsPerSecondKernel: m.kernelPlayoutsPerSecond,
  };
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

const SHAPE_GAME = GameKind.Hex;
const SHAPE_SIZE = 11;

/**
 * The shapes of issue 11 on Hex 11: the empty board and a 40-stone mid-game
 * position at `batch` playouts, the search's 256 × 1,024 and 4,096 × 64 in
 * one call (scaled down with the batch on a small one), and one call of
 * 65,536 playouts, whose wall time is the fixed cost a search pays per call.
 */
async function measureShapes(
  evaluator: WebGpuEvaluator,
  plan: GpuBenchPlan,
  batch: number,
  say: (message: string) => void,
): Promise<GpuShapeMeasurement[]> {
  const scale = Math.min(1, batch / (1 << 18));
  const perPosition = (n: number) => Math.max(1, Math.round(n * scale));
  const shapes = [
    { shape: 'empty board', positions: emptyPositions(SHAPE_GAME, SHAPE_SIZE, 1), playouts: batch },
    { shape: 'mid-game, 40 stones', positions: [midGamePosition(SHAPE_GAME, SHAPE_SIZE, 40, 11)], playouts: batch },
    {
      shape: `256 positions × ${perPosition(1024)}`,
      positions: emptyPositions(SHAPE_GAME, SHAPE_SIZE, 256),
      playouts: perPosition(1024),
    },
    {
      shape: `4,096 positions × ${perPosition(64)}`,
      positions: emptyPositions(SHAPE_GAME, SHAPE_SIZE, 4096),
      playouts: perPosition(64),
    },
    { shape: 'one call of 65,536', positions: emptyPositions(SHAPE_GAME, SHAPE_SIZE, 1), playouts: 65_536 },
  ];
  const out: GpuShapeMeasurement[] = [];
  for (const kernel of plan.kernels) {
    let onePosition: NoisyFigure | null = null;
    for (const s of shapes) {
      say(`shapes: ${kernel}, ${s.shape}`);
      const m = await measureThroughput(evaluator, {
        positions: s.positions,
        request: { playouts: s.playouts, fill: FillKind.Exact, kernel },
        warmupRuns: plan.warmupRuns,
        runs: plan.runs,
      });
      onePosition ??= m.rate;
      const ratio = ratioOf(m.rate, onePosition);
      out.push({
        kernel,
        shape: s.shape,
        positions: s.positions.length,
        playoutsPerPosition: s.playouts,
        wallMs: m.medianWallMs,
        playoutsPerSecond: m.playoutsPerSecond,
        rateHalfWidth: finite(m.rate.halfWidth),
        ratioToOnePosition: ratio.value,
        ratioHalfWidth: s.shape === 'empty board' ? 0 : finite(ratio.halfWidth),
      });
    }
  }
  return out;
}

/** The CPU backend on the empty Hex 11 board, the same loop and fill. */
async function measureCpu(playouts: number, plan: GpuBenchPlan): Promise<CpuBaseline> {
  const cpu = createCpuEvaluator();
  try {
    const m = await measureThroughput(cpu, {
      positions: emptyPositions(SHAPE_GAME, SHAPE_SIZE, 1),
      request: { playouts, fill: FillKind.Exact },
      warmupRuns: 1,
      runs: Math.min(plan.runs, 5),
    });
    return {
      description: cpu.description,
      playouts,
      playoutsPerSecond: m.playoutsPerSecond,
      rateHalfWidth: finite(m.rate.halfWidth),
    };
  } finally {
    cpu.destroy();
  }
}

export async function runGpuBench(plan: GpuBenchPlan): Promise<GpuBenchReport> {
  // A first device only to learn the adapter, which decides the defaults.
  const probe = await createWebGpuEvaluator({ notice: plan.onNotice ?? (() => {}) });
  const software = probe.context.adapter.software;
  probe.destroy();
  const batch = plan.batch ?? (software ? 2 ** 16 : 2 ** 24);
  const sweep = plan.sweep ?? (software ? powersOfTwo(10, 18) : powersOfTwo(14, 26));
  const largest = Math.max(batch, ...sweep);

  const evaluator = await createWebGpuEvaluator({
    dispatchLimits: { maxItemsPerDispatch: largest },
    ...(plan.workgroupSize !== undefined ? { workgroupSize: plan.workgroupSize } : {}),
    ...(plan.boardsPerInvocation !== undefined ? { boardsPerInvocation: plan.boardsPerInvocation } : {}),
  });
  const say = plan.onProgress ?? (() => {});
  const context = evaluator.context;
  try {
    type Cell = { game: GameKind; size: number; kernel: GpuKernel; fill: FillKind; batch: number; sweep: boolean };
    const cells: Cell[] = [];
    for (const game of plan.games) {
      for (const size of plan.sizes) {
        for (const kernel of plan.kernels) {
          for (const fill of plan.fills) cells.push({ game, size, kernel, fill, batch, sweep: false });
        }
      }
    }
    for (const kernel of plan.kernels) {
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        for (const b of sweep) cells.push({ game: 'hex' as GameKind, size: 11, kernel, fill, batch: b, sweep: true });
      }
    }
    const cost = (c: Cell) => geometryOf(c.game, c.size).cellCount * c.batch;
    let costLeft = cells.reduce((t, c) => t + cost(c), 0);
    let costDone = 0;
    const start = performance.now();
    const results: GpuMeasurement[] = [];
    const swept: GpuMeasurement[] = [];
    for (const [i, c] of cells.entries()) {
      const label = `${c.sweep ? 'sweep: ' : ''}${c.game} ${c.size}, ${c.kernel}, ${c.fill} fill, ${c.batch} playouts`;
      // The time left is weighted by cells × playouts.
      say(costStepText(i, cells.length, label, performance.now() - start, costDone, costLeft));
      (c.sweep ? swept : results).push(await measure(evaluator, c.game, c.size, c.kernel, c.fill, c.batch, plan));
      costDone += cost(c);
      costLeft -= cost(c);
    }
    const shapes = plan.shapes === false ? [] : await measureShapes(evaluator, plan, batch, say);
    const cpu = plan.shapes === false ? null : await measureCpu(software ? 1 << 12 : 1 << 16, plan);
    return {
      benchmark: 'hexbatch-gpu',
      adapter: { ...context.adapter, text: adapterText(context.adapter) },
      ...(software ? { warning: SOFTWARE_WARNING } : {}),
      settings: {
        batch,
        warmupRuns: plan.warmupRuns,
        runs: plan.runs,
        workgroupSize: plan.workgroupSize ?? 64,
        boardsPerInvocation: plan.boardsPerInvocation ?? 1,
        subgroups: context.subgroups,
        timestamps: context.timestamps,
      },
      date: new Date().toISOString(),
      results,
      sweep: swept,
      shapes,
      cpu,
    };
  } finally {
    evaluator.destroy();
  }
}
