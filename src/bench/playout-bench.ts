/**
 * The CPU benchmark's full playouts: fill and win test together, through the
 * CPU evaluator itself (its default method, fused), from the empty board, on
 * one core (this thread) and on all cores (worker threads). The figure is the
 * median call's wall time after warm-up calls, divided by its playouts, so
 * it includes all the evaluator's overhead: chunking, messages, tallies;
 * beside it, the 95% half-width over the runs.
 */
import type { GameKind } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { createCpuEvaluator, cpuVariantOf } from '../eval/cpu/backend.js';
import { emptyPositions } from '../jobs/sample-positions.js';
import { measureThroughput } from '../jobs/throughput.js';
import { medianFigure } from '../jobs/noisy-figures.js';

export interface PlayoutBenchSettings {
  /** Playouts per timed call. */
  readonly playouts: number;
  readonly warmupCalls: number;
  readonly calls: number;
  readonly seed: number;
}

export const FULL_PLAYOUT_SETTINGS: PlayoutBenchSettings = { playouts: 1 << 18, warmupCalls: 2, calls: 7, seed: 2012 };
// Several chunks (src/eval/cpu/playouts.ts) even on the smallest boards, so that every worker gets some.
export const QUICK_PLAYOUT_SETTINGS: PlayoutBenchSettings = { playouts: 1 << 17, warmupCalls: 1, calls: 3, seed: 2012 };

export interface PlayoutTiming {
  readonly game: GameKind;
  readonly size: number;
  readonly fill: FillKind;
  /** Worker threads (0: this thread alone). */
  readonly workers: number;
  readonly nsPerPlayout: number;
  /** The 95% half-width of the runs' ns per playout; null from one run. */
  readonly nsHalfWidth: number | null;
  readonly calls: number;
  /** The CPU evaluator's description: which method played. */
  readonly method: string;
}

/** Times full playouts on `workers` threads ('cores': one a core, 0: this thread), through the one throughput loop. */
export async function measurePlayouts(
  game: GameKind,
  size: number,
  fill: FillKind,
  workers: number | 'cores',
  settings: PlayoutBenchSettings,
): Promise<PlayoutTiming> {
  const evaluator = createCpuEvaluator(undefined, { workers });
  try {
    const m = await measureThroughput(evaluator, {
      positions: emptyPositions(game, size, 1),
      request: { playouts: settings.playouts, fill },
      warmupRuns: settings.warmupCalls,
      runs: settings.calls,
      seed: settings.seed,
    });
    const method = cpuVariantOf(evaluator.description);
    const ns = medianFigure(m.runs.map((r) => (r.wallMs * 1e6) / r.playouts));
    const nsHalfWidth = Number.isFinite(ns.halfWidth) ? ns.halfWidth : null;
    return {
      game,
      size,
      fill,
      workers: m.lastStats?.workers ?? 0,
      nsPerPlayout: (m.medianWallMs * 1e6) / settings.playouts,
      nsHalfWidth,
      calls: settings.calls,
      method,
    };
  } finally {
    evaluator.destroy();
  }
}
