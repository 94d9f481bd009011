/**
 * The one throughput measurement loop. The CLI's bench-gpu, the demo page's
 * button and the headless report all measure through measureThroughput, so
 * a figure means the same thing wherever it is shown: warm-up calls (which
 * also compile the pipeline) are timed but left out, then every timed call
 * is kept, and the headline rate is the batch over the MEDIAN wall time of
 * one call. Totals (all playouts over all wall time) come beside it.
 *
 * Why medians: on a shared machine one slow call (another process, a GC)
 * would drag a sum-of-runs rate down, and the page used to report that while
 * bench-gpu reported medians, so the two disagreed for the same setting.
 */
import type { EvalPosition, EvaluateOptions, EvaluationStats, Evaluator, PositionResult } from '../eval/types.js';

export interface ThroughputJob {
  readonly positions: readonly EvalPosition[];
  /** What every call asks for; its seed is replaced per call (see below). */
  readonly request: Omit<EvaluateOptions, 'seed' | 'signal'>;
  /** Untimed calls first (default 1): pipeline compilation and buffer set-up. */
  readonly warmupRuns?: number;
  readonly runs: number;
  /** Call k uses seed + k, so no timed call replays another's boards (default 0). */
  readonly seed?: number;
  readonly signal?: AbortSignal;
}

export interface ThroughputRun {
  /** 1-based among the timed runs. */
  readonly run: number;
  readonly playouts: number;
  /** From the call to its results, readback included. */
  readonly wallMs: number;
  /** GPU time from timestamp queries, when the adapter has them. */
  readonly kernelMs: number | null;
  readonly playoutsPerSecond: number;
  readonly blackWins: number;
}

export interface ThroughputMeasurement {
  /** Playouts per call: positions × playouts per position. */
  readonly batch: number;
  readonly warmupMs: readonly number[];
  readonly runs: readonly ThroughputRun[];
  readonly medianWallMs: number;
  readonly medianKernelMs: number | null;
  /** The headline figure: batch / median wall time. */
  readonly playoutsPerSecond: number;
  readonly kernelPlayoutsPerSecond: number | null;
  /** batch / median wall time × 10,000: the paper's unit. */
  readonly msPer10k: number;
  readonly totalPlayouts: number;
  readonly totalWallMs: number;
  /** The last timed call's per-position results (ownership, win counts). */
  readonly lastResults: readonly PositionResult[];
  /** The last timed call's stats (dispatches, or the CPU's worker threads). */
  readonly lastStats: EvaluationStats | null;
}

export interface ThroughputHooks {
  /** Before each call: `done` calls finished of `total`, warm-ups included. */
  readonly onCall?: (done: number, total: number, warmup: boolean) => void;
  /** After each timed call, so a plot can grow live. */
  readonly onRun?: (run: ThroughputRun) => void;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function rateOf(playouts: number, ms: number | null): number | null {
  return ms === null || ms <= 0 ? null : playouts / (ms / 1000);
}

export async function measureThroughput(evaluator: Evaluator, job: ThroughputJob, hooks: ThroughputHooks = {}): Promise<ThroughputMeasurement> {
  if (!Number.isInteger(job.runs) || job.runs < 1) throw new RangeError(`runs must be a whole number ≥ 1, not ${job.runs}`);
  const warmups = job.warmupRuns ?? 1;
  const total = warmups + job.runs;
  const seed = job.seed ?? 0;
  const warmupMs: number[] = [];
  const runs: ThroughputRun[] = [];
  let lastResults: readonly PositionResult[] = [];
  let lastStats: EvaluationStats | null = null;
  for (let call = 0; call < total; call++) {
    job.signal?.throwIfAborted();
    const warmup = call < warmups;
    hooks.onCall?.(call, total, warmup);
    const { results, stats } = await evaluator.evaluate(job.positions, {
      ...job.request,
      seed: (seed + call) >>> 0,
      ...(job.signal ? { signal: job.signal } : {}),
    });
    const playouts = results.reduce((t, r) => t + r.playouts, 0);
    const decided = results.reduce((t, r) => t + r.blackWins + r.whiteWins, 0);
    // A full board always has a winner: a lost playout is a broken kernel, not a slow one.
    if (decided !== playouts) throw new Error(`${playouts - decided} of ${playouts} playouts came back undecided`);
    if (warmup) {
      warmupMs.push(stats.wallMs);
      continue;
    }
    const run: ThroughputRun = {
      run: runs.length + 1,
      playouts,
      wallMs: stats.wallMs,
      kernelMs: stats.kernelMs,
      playoutsPerSecond: playouts / (stats.wallMs / 1000),
      blackWins: results.reduce((t, r) => t + r.blackWins, 0),
    };
    runs.push(run);
    lastResults = results;
    lastStats = stats;
    hooks.onRun?.(run);
  }
  const batch = runs[0]?.playouts ?? 0;
  const medianWallMs = median(runs.map((r) => r.wallMs));
  const kernelTimes = runs.flatMap((r) => (r.kernelMs === null ? [] : [r.kernelMs]));
  const medianKernelMs = kernelTimes.length === runs.length ? median(kernelTimes) : null;
  return {
    batch,
    warmupMs,
    runs,
    medianWallMs,
    medianKernelMs,
    playoutsPerSecond: rateOf(batch, medianWallMs) ?? Infinity,
    kernelPlayoutsPerSecond: rateOf(batch, medianKernelMs),
    msPer10k: (medianWallMs / batch) * 10_000,
    totalPlayouts: runs.reduce((t, r) => t + r.playouts, 0),
    totalWallMs: runs.reduce((t, r) => t + r.wallMs, 0),
    lastResults,
    lastStats,
  };
}
