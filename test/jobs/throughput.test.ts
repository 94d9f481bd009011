/**
 * The shared throughput loop: warm-ups left out, the headline rate from the
 * median call, totals beside it, a fresh seed per call, progress callbacks,
 * cancellation; then the suite on the CPU backend's side (its steps and
 * their time-left estimate).
 */
import { describe, expect, it } from 'vitest';
import { type EvaluateOptions, type Evaluation, type Evaluator, GameKind, createEvaluator, emptyPositions, measureThroughput, median, suiteSteps } from '../../src/index.js';
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
      const results = positions.map(() => ({ playouts: options.playouts, blackWins: options.playouts - 1, whiteWins: 1, winRate: 0 }));
      return { results, stats: { backend: 'webgpu', dispatches: 1, kernelMs: kernelMs[k] ?? null, wallMs: wallMs[k] ?? 1 } };
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
    const m = await measureThroughput(evaluator, { positions, request: { playouts: 1000 }, warmupRuns: 1, runs: 3, seed: 7 });
    expect(m.batch).toBe(2000);
    expect(m.warmupMs).toEqual([500]);
    expect(m.runs.map((r) => r.wallMs)).toEqual([10, 40, 20]);
    expect(m.medianWallMs).toBe(20);
    expect(m.medianKernelMs).toBe(18);
    expect(m.playoutsPerSecond).toBe(100_000);
    expect(m.kernelPlayoutsPerSecond).toBeCloseTo(2000 / 0.018, 6);
    expect(m.msPer10k).toBe(100);
    expect(m.totalPlayouts).toBe(6000);
    expect(m.totalWallMs).toBe(70);
    expect(calls.map((c) => c.seed)).toEqual([7, 8, 9, 10]);
  });

  it('has no kernel rate unless every timed call had timestamps', async () => {
    const { evaluator } = scripted([5, 10, 20], [5, 10, null]);
    const m = await measureThroughput(evaluator, { positions, request: { playouts: 10 }, runs: 2 });
    expect(m.medianKernelMs).toBeNull();
    expect(m.kernelPlayoutsPerSecond).toBeNull();
    expect(m.medianWallMs).toBe(15);
  });

  it('reports each call before it runs and each timed run after', async () => {
    const { evaluator } = scripted([1, 2, 3, 4]);
    const before: string[] = [];
    const after: number[] = [];
    await measureThroughput(evaluator, { positions, request: { playouts: 4 }, warmupRuns: 2, runs: 2 }, {
      onCall: (done, total, warmup) => before.push(`${done}/${total}${warmup ? ' warm-up' : ''}`),
      onRun: (run) => after.push(run.run),
    });
    expect(before).toEqual(['0/4 warm-up', '1/4 warm-up', '2/4', '3/4']);
    expect(after).toEqual([1, 2]);
  });

  it('stops at a cancel, before the next call', async () => {
    const controller = new AbortController();
    const { evaluator, calls } = scripted([1, 1, 1, 1]);
    const run = measureThroughput(evaluator, { positions, request: { playouts: 4 }, runs: 3, signal: controller.signal }, {
      onRun: () => controller.abort(new Error('stop')),
    });
    await expect(run).rejects.toThrow('stop');
    expect(calls).toHaveLength(2);
  });

  it('refuses a batch that comes back with undecided playouts', async () => {
    const evaluator = scripted([1]).evaluator;
    const broken: Evaluator = { ...evaluator, evaluate: async (p, o) => {
      const e = await evaluator.evaluate(p, o);
      return { ...e, results: e.results.map((r) => ({ ...r, whiteWins: 0 })) };
    } };
    await expect(measureThroughput(broken, { positions, request: { playouts: 4 }, runs: 1, warmupRuns: 0 })).rejects.toThrow('2 of 8 playouts came back undecided');
  });

  it('measures the real CPU backend: every playout decided, black to move wins about half on the empty board', async () => {
    const cpu = await createEvaluator({ backend: 'cpu' });
    const m = await measureThroughput(cpu, { positions: emptyPositions(GameKind.Y, 5, 1), request: { playouts: 2000 }, runs: 2 });
    const last = m.runs.at(-1);
    expect(last?.playouts).toBe(2000);
    expect((last?.blackWins ?? 0) / 2000).toBeGreaterThan(0.4);
    expect(m.lastResults[0]?.blackWins).toBe(last?.blackWins);
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
    expect(steps.slice(0, 5).map((s) => `${s.game} ${s.size} ${s.kernel ?? 'cpu'}`)).toEqual(['hex 7 cpu', 'hex 7 bpr', 'hex 7 bitsliced', 'hex 7 bitsliced-unrolled', 'hex 7 floodfill']);
    // Bigger boards weigh more in the time-left estimate.
    const cost = (size: number) => steps.find((s) => s.size === size && s.kernel === 'bpr')?.cost ?? 0;
    expect(cost(19)).toBeGreaterThan(cost(7));
    expect(suiteSteps(QUICK_SUITE).length).toBe(20);
  });
});
