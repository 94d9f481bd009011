/**
 * The shared throughput loop: warm-ups left out, the headline rate from the
 * median call, totals beside it, a fresh seed per call, progress callbacks,
 * cancellation; then the suite on the CPU backend's side (its steps and
 * their time-left estimate).
 */
import { describe, expect, it } from 'vitest';
import {
  type EvaluateOptions,
  type Evaluation,
  type Evaluator,
  GameKind,
  createEvaluator,
  emptyPositions,
  measureThroughput,
  median,
  suiteSteps,
} from '../../src/index.js';
import { DEFAULT_SUITE, QUICK_SUITE } from '../../src/jobs/suite.js';

/** An evaluator whose calls take the given wall times, in order, and record their options. */
function scripted(wallMs: readonly number[], kernelMs: readonly (number | null)[] = wallMs.map(() => null)) {
  const calls: EvaluateOptions[] = [];
  const evaluator: Evaluator = {
    backend: 'webgpu',
    description: 'scripted',
    adapter: null,
    concurrency: 1,
    async evaluate(positions, options): Promise<Evaluation> {
      const k = calls.length;
      calls.push(options);
      const results = positions.map(() => ({
        playouts: options.playouts,
        blackWins: options.playouts - 1,
        whiteWins: 1,
        winRate: 0,
      }));
      return {
        results,
        stats: { backend: 'webgpu', dispatches: 1, kernelMs: kernelMs[k] ?? null, wallMs: wallMs[k] ?? 1 },
      };
    },
    decide: () => Promise.resolve([]),
    destroy: () => {},
  };
  return { evaluator, calls };
}

const positions = emptyPositions(GameKind.Hex, 3, 2);

describe('measureThroughput', () => {
  it('leaves the warm-up out and rates the batch by the median call', async () => {
    // Warm-up 500 ms, then 10, 40 (a hiccup), 20: median 20 ms for 2 × 1000 playouts.
    const { evaluator, calls } = scripted([500, 10, 40, 20], [450, 9, 38, 18]);
    const m = await measureThroughput(evaluator, {
      positions,
      request: { playouts: 1000 },
      warmupRuns: 1,
      runs: 3,
      seed: 7,
      minRunMs: 0,
    });
    expect(m.batch).toBe(2000);
    expect(m.warmupMs).toEqual([500]);
    expect(m.runs.map((r) => r.wallMs)).toEqual([10, 40, 20]);
    expect(m.medianWallMs).toBe(20);
    expect(m.medianKernelMs).toBe(18);
    expect(m.playoutsPerSecond).toBe(100_000);
    // The runs' rates 200 k, 50 k and 100 k: their mean 116.7 k ± t(2) · s / √3.
    expect(m.rate.value).toBe(100_000);
    expect(m.rate.halfWidth).toBeCloseTo(
      4.303 *
        (Math.sqrt(((200 - 350 / 3) ** 2 + (50 - 350 / 3) ** 2 + (100 - 350 / 3) ** 2) / 2) / Math.sqrt(3)) *
        1000,
      3,
    );
    expect(m.kernelPlayoutsPerSecond).toBeCloseTo(2000 / 0.018, 6);
    expect(m.msPer10k).toBe(100);
    expect(m.totalPlayouts).toBe(6000);
    expect(m.totalWallMs).toBe(70);
    expect(calls.map((c) => c.seed)).toEqual([7, 8, 9, 10]);
  });

  it('repeats a short call until a run has lasted minRunMs, and rates the run by all its calls', async () => {
    // Warm-up 60 + 60 ms; run 1: 30 + 30 + 50 ms; run 2: 120 ms alone.
    const { evaluator, calls } = scripted([60, 60, 30, 30, 50, 120], [50, 50, 20, 20, 40, 100]);
    const m = await measureThroughput(evaluator, {
      positions,
      request: { playouts: 1000 },
      warmupRuns: 1,
      runs: 2,
      seed: 3,
    });
    expect(calls.map((c) => c.seed)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(m.warmupMs).toEqual([120]);
    expect(m.runs.map((r) => [r.calls, r.playouts, r.wallMs, r.kernelMs])).toEqual([
      [3, 6000, 110, 80],
      [1, 2000, 120, 100],
    ]);
    expect(m.batch).toBe(2000);
    // Per call: 110 / 3 and 120 ms of wall time, 80 / 3 and 100 ms of kernel time.
    expect(m.medianWallMs).toBeCloseTo((110 / 3 + 120) / 2, 9);
    expect(m.medianKernelMs).toBeCloseTo((80 / 3 + 100) / 2, 9);
    expect(m.playoutsPerSecond).toBeCloseTo((6000 / 0.11 + 2000 / 0.12) / 2, 6);
    expect(m.totalPlayouts).toBe(8000);
  });

  it('keeps inFlight calls running at once, and times a run by the clock from its first call to its last result', async () => {
    let running = 0;
    let most = 0;
    const seeds: number[] = [];
    const slow: Evaluator = {
      ...scripted([]).evaluator,
      async evaluate(p, options): Promise<Evaluation> {
        seeds.push(options.seed ?? -1);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        const results = p.map(() => ({
          playouts: options.playouts,
          blackWins: options.playouts,
          whiteWins: 0,
          winRate: 1,
        }));
        // A call's own time, said to be far longer than it was: the run is timed by the clock, not by these.
        return { results, stats: { backend: 'webgpu', dispatches: 1, kernelMs: 1000, wallMs: 1000 } };
      },
    };
    const start = performance.now();
    const m = await measureThroughput(slow, {
      positions,
      request: { playouts: 100 },
      warmupRuns: 0,
      runs: 1,
      minRunMs: 50,
      seed: 5,
      inFlight: 3,
    });
    const elapsed = performance.now() - start;
    const run = m.runs[0];
    const calls = run?.calls ?? 0;
    expect(most).toBe(3);
    // Each of the three lanes calls until 50 ms have gone (about three calls each, fewer on a slow timer), each seed once.
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThanOrEqual(9);
    expect([...seeds].sort((a, b) => a - b)).toEqual(Array.from({ length: calls }, (_, i) => 5 + i));
    expect(run?.wallMs).toBeGreaterThanOrEqual(50);
    expect(run?.wallMs).toBeLessThanOrEqual(elapsed);
    expect(run?.kernelMs).toBeNull();
    expect(run?.playoutsPerSecond).toBeCloseTo((calls * 200) / ((run?.wallMs ?? 1) / 1000), 6);
  });

  it('refuses a count in flight that is not a whole number of at least 1', async () => {
    const { evaluator } = scripted([1]);
    for (const inFlight of [0, 1.5, Number.NaN])
      await expect(
        measureThroughput(evaluator, { positions, request: { playouts: 4 }, runs: 1, inFlight }),
      ).rejects.toThrow(`inFlight must be a whole number ≥ 1, not ${inFlight}`);
  });

  it('has no kernel rate unless every timed call had timestamps', async () => {
    const { evaluator } = scripted([5, 10, 20], [5, 10, null]);
    const m = await measureThroughput(evaluator, { positions, request: { playouts: 10 }, runs: 2, minRunMs: 0 });
    expect(m.medianKernelMs).toBeNull();
    expect(m.kernelPlayoutsPerSecond).toBeNull();
    expect(m.medianWallMs).toBe(15);
  });

  it('reports each call before it runs and each timed run after', async () => {
    const { evaluator } = scripted([1, 2, 3, 4]);
    const before: string[] = [];
    const after: number[] = [];
    await measureThroughput(
      evaluator,
      { positions, request: { playouts: 4 }, warmupRuns: 2, runs: 2, minRunMs: 0 },
      {
        onCall: (done, total, warmup) => before.push(`${done}/${total}${warmup ? ' warm-up' : ''}`),
        onRun: (run) => after.push(run.run),
      },
    );
    expect(before).toEqual(['0/4 warm-up', '1/4 warm-up', '2/4', '3/4']);
    expect(after).toEqual([1, 2]);
  });

  it('stops at a cancel, before the next call', async () => {
    const controller = new AbortController();
    const { evaluator, calls } = scripted([1, 1, 1, 1]);
    const run = measureThroughput(
      evaluator,
      { positions, request: { playouts: 4 }, runs: 3, minRunMs: 0, signal: controller.signal },
      {
        onRun: () => controller.abort(new Error('stop')),
      },
    );
    await expect(run).rejects.toThrow('stop');
    expect(calls).toHaveLength(2);
  });

  it('refuses a batch that comes back with undecided playouts', async () => {
    const evaluator = scripted([1]).evaluator;
    const broken: Evaluator = {
      ...evaluator,
      evaluate: async (p, o) => {
        const e = await evaluator.evaluate(p, o);
        return { ...e, results: e.results.map((r) => ({ ...r, whiteWins: 0 })) };
      },
    };
    await expect(
      measureThroughput(broken, { positions, request: { playouts: 4 }, runs: 1, warmupRuns: 0 }),
    ).rejects.toThrow('2 of 8 playouts came back undecided');
  });

  it('measures the real CPU backend: every playout decided, black to move wins about half on the empty board', async () => {
    const cpu = await createEvaluator({ backend: 'cpu' });
    const m = await measureThroughput(cpu, {
      positions: emptyPositions(GameKind.Y, 5, 1),
      request: { playouts: 2000 },
      runs: 2,
    });
    const last = m.runs.at(-1);
    expect(m.batch).toBe(2000);
    expect(last?.playouts).toBe(2000 * (last?.calls ?? 0));
    expect(last?.wallMs).toBeGreaterThanOrEqual(100);
    expect((last?.blackWins ?? 0) / (last?.playouts ?? 1)).toBeGreaterThan(0.4);
    expect(m.lastResults[0]?.playouts).toBe(2000);
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('the suite', () => {
  it('has a CPU step and one step per kernel for every game and size', () => {
    const steps = suiteSteps(DEFAULT_SUITE);
    // Every GPU kernel, bitsliced-unrolled included: the suite is what npm start runs.
    expect(steps).toHaveLength(2 * 3 * 5);
    expect(steps.slice(0, 5).map((s) => `${s.game} ${s.size} ${s.kernel ?? 'cpu'}`)).toEqual([
      'hex 7 cpu',
      'hex 7 bpr',
      'hex 7 bitsliced',
      'hex 7 bitsliced-unrolled',
      'hex 7 floodfill',
    ]);
    // Bigger boards weigh more in the time-left estimate.
    const cost = (size: number) => steps.find((s) => s.size === size && s.kernel === 'bpr')?.cost ?? 0;
    expect(cost(19)).toBeGreaterThan(cost(7));
    expect(suiteSteps(QUICK_SUITE).length).toBe(20);
  });
});
