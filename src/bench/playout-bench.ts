/**
 * The CPU benchmark's full playouts: fill and win test together, through the
 * CPU evaluator itself (its default method, fused), from the empty board, on
 * one core (this thread) and on all cores (worker threads). The figure is the
 * median call's wall time after warm-up calls, divided by its playouts, so
 * it includes all the evaluator's overhead: chunking, messages, tallies.
 */
import { Color } from '../game/color.js';
import { type GameKind, geometryOf } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { createCpuEvaluator } from '../eval/cpu-backend.js';

export interface PlayoutBenchSettings {
  /** Playouts per timed call. */
  readonly playouts: number;
  readonly warmupCalls: number;
  readonly calls: number;
  readonly seed: number;
}

export const FULL_PLAYOUT_SETTINGS: PlayoutBenchSettings = { playouts: 1 << 18, warmupCalls: 2, calls: 7, seed: 2012 };
// Several chunks (src/eval/cpu-playouts.ts) even on the smallest boards, so that every worker gets some.
export const QUICK_PLAYOUT_SETTINGS: PlayoutBenchSettings = { playouts: 1 << 17, warmupCalls: 1, calls: 3, seed: 2012 };

export interface PlayoutTiming {
  readonly game: GameKind;
  readonly size: number;
  readonly fill: FillKind;
  /** Worker threads (0: this thread alone). */
  readonly workers: number;
  readonly nsPerPlayout: number;
  readonly calls: number;
  /** The CPU evaluator's description: which method played. */
  readonly method: string;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times full playouts on `workers` threads ('cores': one a core, 0: this thread). */
export async function measurePlayouts(game: GameKind, size: number, fill: FillKind, workers: number | 'cores', settings: PlayoutBenchSettings): Promise<PlayoutTiming> {
  const g = geometryOf(game, size);
  const evaluator = createCpuEvaluator(undefined, { workers });
  try {
    const positions = [{ geometry: g, cells: new Uint8Array(g.cellCount), toMove: Color.Black as const }];
    const walls: number[] = [];
    let used = 0;
    for (let call = 0; call < settings.warmupCalls + settings.calls; call++) {
      const { results, stats } = await evaluator.evaluate(positions, { playouts: settings.playouts, seed: (settings.seed + call) >>> 0, fill });
      const decided = (results[0]?.blackWins ?? 0) + (results[0]?.whiteWins ?? 0);
      if (decided !== settings.playouts) throw new Error(`${settings.playouts - decided} playouts came back undecided`);
      used = stats.workers ?? 0;
      if (call >= settings.warmupCalls) walls.push(stats.wallMs);
    }
    const method = evaluator.description.replace(/^CPU, method /, '');
    return { game, size, fill, workers: used, nsPerPlayout: (median(walls) * 1e6) / settings.playouts, calls: settings.calls, method };
  } finally {
    evaluator.destroy();
  }
}
