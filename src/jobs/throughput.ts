/**
 * The one throughput measurement loop. The CLI's bench-gpu, the demo page's
 * button and the headless report all measure through measureThroughput, so
 * a figure means the same thing wherever it is shown: warm-up runs (which
 * also compile the pipeline) are timed but left out, then every timed run
 * is kept, and the headline rate is the MEDIAN run's rate, with the 95%
 * half-width of the runs' rates as its spread. Totals (all playouts over all
 * wall time) come beside it.
 *
 * A timed run repeats the call until it has lasted `minRunMs` (100 ms unless
 * told otherwise): a call of a few milliseconds is timed mostly by what else
 * the machine did in those milliseconds, and once read 640 k playouts/s
 * where longer calls read 5.46 M.
 *
 * Why medians: on a shared machine one slow run (another process, a GC)
 * would drag a sum-of-runs rate down, and the page used to report that while
 * bench-gpu reported medians, so the two disagreed for the same setting.
 */
import type { EvalPosition, EvaluateOptions, EvaluationStats, Evaluator, PositionResult } from '../eval/types.js';
import { type NoisyFigure, median, medianFigure } from './noisy-figures.js';

export { median } from './noisy-figures.js';

/** The least wall time of a timed run unless a job says otherwise: long enough that a run's rate is stable. */
export const MIN_RUN_MS = 100;

export interface ThroughputJob {
  readonly positions: readonly EvalPosition[];
  /** What every call asks for; its seed is replaced per call (see below). */
  readonly request: Omit<EvaluateOptions, 'seed' | 'signal'>;
  /** Untimed runs first (default 1): pipeline compilation and buffer set-up. */
  readonly warmupRuns?: number;
  readonly runs: number;
  /** Each run repeats the call until it has lasted this long (default MIN_RUN_MS; 0: one call a run). */
  readonly minRunMs?: number;
  /** Call k uses seed + k, so no timed call replays another's boards (default 0). */
  readonly seed?: number;
  /**
   * Calls kept running at once (default 1), as a search keeps its rounds:
   * a run then lasts from its first call to the last one's results by this
   * thread's clock, the calls' own times overlapping, and has no kernel time.
   */
  readonly inFlight?: number;
  readonly signal?: AbortSignal;
}

export interface ThroughputRun {
  /** 1-based among the timed runs. */
  readonly run: number;
  /** Calls in the run: one, or as many as it took to last the job's minRunMs. */
  readonly calls: number;
  /** Over all the run's calls. */
  readonly playouts: number;
  /** From the first call to the last one's results, readback included. */
  readonly wallMs: number;
  /** GPU time from timestamp queries, when the adapter has them. */
  readonly kernelMs: number | null;
  readonly playoutsPerSecond: number;
  readonly blackWins: number;
}

export interface ThroughputMeasurement {
  /** Playouts per call: positions × playouts per position. */
  readonly batch: number;
  /** Each warm-up run's wall time. */
  readonly warmupMs: readonly number[];
  readonly runs: readonly ThroughputRun[];
  /** The median run's wall time per call. */
  readonly medianWallMs: number;
  readonly medianKernelMs: number | null;
  /** The headline figure: the median run's playouts per second. */
  readonly playoutsPerSecond: number;
  /** The runs' rates: their median with the 95% half-width (noisy-figures.ts). */
  readonly rate: NoisyFigure;
  readonly kernelPlayoutsPerSecond: number | null;
  /** Wall ms per 10,000 playouts at the headline rate: the paper's unit. */
  readonly msPer10k: number;
  readonly totalPlayouts: number;
  readonly totalWallMs: number;
  /** The last timed call's per-position results (ownership, win counts). */
  readonly lastResults: readonly PositionResult[];
  /** The last timed call's stats (dispatches, or the CPU's worker threads). */
  readonly lastStats: EvaluationStats | null;
}

export interface ThroughputHooks {
  /** Before each run: `done` runs finished of `total`, warm-ups included. */
  readonly onCall?: (done: number, total: number, warmup: boolean) => void;
  /** After each timed run, so a plot can grow live. */
  readonly onRun?: (run: ThroughputRun) => void;
}

function rateOf(playouts: number, ms: number | null): number | null {
  return ms === null || ms <= 0 ? null : playouts / (ms / 1000);
}

export async function measureThroughput(
  evaluator: Evaluator,
  job: ThroughputJob,
  hooks: ThroughputHooks = {},
): Promise<ThroughputMeasurement> {
  if (!Number.isInteger(job.runs) || job.runs < 1)
    throw new RangeError(`runs must be a whole number ≥ 1, not ${job.runs}`);
  const minRunMs = job.minRunMs ?? MIN_RUN_MS;
  if (!(minRunMs >= 0)) throw new RangeError(`minRunMs must be ≥ 0, not ${minRunMs}`);
  const inFlight = job.inFlight ?? 1;
  if (!Number.isInteger(inFlight) || inFlight < 1)
    throw new RangeError(`inFlight must be a whole number ≥ 1, not ${inFlight}`);
  const warmups = job.warmupRuns ?? 1;
  const total = warmups + job.runs;
  const seed = job.seed ?? 0;
  const warmupMs: number[] = [];
  const runs: ThroughputRun[] = [];
  let batch = 0;
  let calls = 0;
  let lastResults: readonly PositionResult[] = [];
  let lastStats: EvaluationStats | null = null;
  const call = async () => {
    job.signal?.throwIfAborted();
    const { results, stats } = await evaluator.evaluate(job.positions, {
      ...job.request,
      seed: (seed + calls++) >>> 0,
      ...(job.signal ? { signal: job.signal } : {}),
    });
    const playouts = results.reduce((t, r) => t + r.playouts, 0);
    const decided = results.reduce((t, r) => t + r.blackWins + r.whiteWins, 0);
    // A full board always has a winner: a lost playout is a broken kernel, not a slow one.
    if (decided !== playouts) throw new Error(`${playouts - decided} of ${playouts} playouts came back undecided`);
    batch = playouts;
    lastResults = results;
    lastStats = stats;
    return { playouts, stats, blackWins: results.reduce((t, r) => t + r.blackWins, 0) };
  };
  for (let r = 0; r < total; r++) {
    const warmup = r < warmups;
    hooks.onCall?.(r, total, warmup);
    let inRun = 0;
    let playouts = 0;
    let wallMs = 0;
    let kernelMs: number | null = 0;
    let blackWins = 0;
    const count = (c: Awaited<ReturnType<typeof call>>) => {
      inRun++;
      playouts += c.playouts;
      blackWins += c.blackWins;
    };
    if (inFlight === 1) {
      do {
        const c = await call();
        count(c);
        wallMs += c.stats.wallMs;
        kernelMs = kernelMs === null || c.stats.kernelMs === null ? null : kernelMs + c.stats.kernelMs;
        // A call that took no time (a scripted evaluator's) would never fill the run.
        if (c.stats.wallMs <= 0) break;
      } while (wallMs < minRunMs);
    } else {
      const start = performance.now();
      const lane = async () => {
        do count(await call());
        while (performance.now() - start < minRunMs);
      };
      await Promise.all(Array.from({ length: inFlight }, lane));
      wallMs = performance.now() - start;
      kernelMs = null;
    }
    if (warmup) {
      warmupMs.push(wallMs);
      continue;
    }
    const run: ThroughputRun = {
      run: runs.length + 1,
      calls: inRun,
      playouts,
      wallMs,
      kernelMs,
      playoutsPerSecond: playouts / (wallMs / 1000),
      blackWins,
    };
    runs.push(run);
    hooks.onRun?.(run);
  }
  const rate = medianFigure(runs.map((r) => r.playoutsPerSecond));
  const kernelTimes = runs.flatMap((r) => (r.kernelMs === null ? [] : [r.kernelMs / r.calls]));
  const medianKernelMs = kernelTimes.length === runs.length ? median(kernelTimes) : null;
  return {
    batch,
    warmupMs,
    runs,
    medianWallMs: median(runs.map((r) => r.wallMs / r.calls)),
    medianKernelMs,
    playoutsPerSecond: rate.value,
    rate,
    kernelPlayoutsPerSecond: rateOf(batch, medianKernelMs),
    msPer10k: (10_000 / rate.value) * 1000,
    totalPlayouts: runs.reduce((t, r) => t + r.playouts, 0),
    totalWallMs: runs.reduce((t, r) => t + r.wallMs, 0),
    lastResults,
    lastStats,
  };
}
