/**
 * The GPU benchmark: playouts per second of every kernel, Hex and Y, from
 * the empty board, and a batch-size sweep. Each measurement is one evaluate
 * call of `batch` playouts (one dispatch), timed twice: the kernel alone
 * (timestamp queries, where the adapter has them) and the wall time from the
 * call to its counts back in JS. Figures are medians of the timed runs after
 * warm-up runs, which also compile the pipeline.
 *
 * On a software adapter (SwiftShader) the kernels run on the CPU, so the
 * report marks its figures as CPU figures and the defaults shrink.
 */
import { Color } from '../game/color.js';
import { type GameKind, geometryOf } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import type { GpuKernel } from '../eval/types.js';
import { type WebGpuEvaluator, createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import { type AdapterDescription, adapterText } from '../gpu/gpu-device.js';

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
  readonly onProgress?: (message: string) => void;
}

export interface GpuMeasurement {
  readonly game: GameKind;
  readonly size: number;
  /** The kernel as run here (bitsliced-ballot with subgroups, bitsliced-lanes without). */
  readonly kernel: string;
  readonly fill: FillKind;
  readonly batch: number;
  readonly runs: number;
  readonly wallMs: number;
  readonly kernelMs: number | null;
  readonly playoutsPerSecondWall: number;
  readonly playoutsPerSecondKernel: number | null;
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
}

export const SOFTWARE_WARNING =
  'software adapter (SwiftShader): these kernels ran on the CPU, so every figure here is a CPU figure, not a GPU one';

export const BENCH_SIZES: readonly number[] = [7, 9, 11, 13, 15, 17, 19];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function powersOfTwo(from: number, to: number): number[] {
  const out: number[] = [];
  for (let e = from; e <= to; e += 2) out.push(2 ** e);
  return out;
}

async function measure(
  evaluator: WebGpuEvaluator,
  game: GameKind,
  size: number,
  kernel: GpuKernel,
  fill: FillKind,
  batch: number,
  plan: GpuBenchPlan,
): Promise<GpuMeasurement> {
  const g = geometryOf(game, size);
  const empty = [{ geometry: g, cells: new Uint8Array(g.cellCount), toMove: Color.Black as const }];
  const wall: number[] = [];
  const kernelTimes: number[] = [];
  for (let run = 0; run < plan.warmupRuns + plan.runs; run++) {
    const { results, stats } = await evaluator.evaluate(empty, { playouts: batch, seed: run, fill, kernel });
    const r = results[0];
    if (!r || r.blackWins + r.whiteWins !== batch) throw new Error(`${kernel} on ${game} ${size} lost playouts`);
    if (run < plan.warmupRuns) continue;
    wall.push(stats.wallMs);
    if (stats.kernelMs !== null) kernelTimes.push(stats.kernelMs);
  }
  const wallMs = median(wall);
  const kernelMs = kernelTimes.length === plan.runs ? median(kernelTimes) : null;
  return {
    game,
    size,
    kernel: evaluator.variantOf(kernel),
    fill,
    batch,
    runs: plan.runs,
    wallMs,
    kernelMs,
    playoutsPerSecondWall: batch / (wallMs / 1000),
    playoutsPerSecondKernel: kernelMs === null || kernelMs === 0 ? null : batch / (kernelMs / 1000),
  };
}

export async function runGpuBench(plan: GpuBenchPlan): Promise<GpuBenchReport> {
  // A first device only to learn the adapter, which decides the defaults.
  const probe = await createWebGpuEvaluator({ notice: plan.onProgress ?? (() => {}) });
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
    const results: GpuMeasurement[] = [];
    for (const game of plan.games) {
      for (const size of plan.sizes) {
        for (const kernel of plan.kernels) {
          for (const fill of plan.fills) {
            say(`${game} ${size}, ${kernel}, ${fill} fill, ${batch} playouts`);
            results.push(await measure(evaluator, game, size, kernel, fill, batch, plan));
          }
        }
      }
    }
    const swept: GpuMeasurement[] = [];
    for (const kernel of plan.kernels) {
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        for (const b of sweep) {
          say(`sweep: hex 11, ${kernel}, ${fill} fill, ${b} playouts`);
          swept.push(await measure(evaluator, 'hex' as GameKind, 11, kernel, fill, b, plan));
        }
      }
    }
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
    };
  } finally {
    evaluator.destroy();
  }
}
