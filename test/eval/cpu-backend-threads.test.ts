// The CPU backend's worker threads: the same answers as one thread, whatever
// the split, and both the same as filling each playout and asking the
// union-find oracle.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { chunkPlayouts } from '../../src/eval/cpu/playouts.js';
import type { EvalPosition } from '../../src/eval/types.js';
import { bpr } from '../../src/wintest/bpr.js';
import { oracleWinner } from '../helpers/oracle.js';
import { randomCells, testRandom } from '../helpers/boards.js';
import { ROOT, ensureBuilt } from '../helpers/build.js';

function positionsOf(g: Geometry, count: number, seed: number): EvalPosition[] {
  const random = testRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    geometry: g,
    cells: randomCells(g, 0.5 + 0.1 * (i % 4), random),
    toMove: (i % 2 === 0 ? Color.Black : Color.White) as Player,
  }));
}

describe('the CPU backend on worker threads', () => {
  // bpr plays board by board, the default (bitsliced) fuses fill and test: two independent paths.
  const threads = createCpuEvaluator(bpr, { workers: 2 });
  const oneThread = createCpuEvaluator(undefined, { workers: 0 });
  const threadsBitsliced = createCpuEvaluator(undefined, { workers: 3 });
  // One worker, and this thread taking whatever the worker is not free to take.
  const shared = createCpuEvaluator(undefined, { workers: 1, callerPlays: true });
  afterAll(() => {
    for (const e of [threads, oneThread, threadsBitsliced, shared]) e.destroy();
  });

  test('concurrency: the calls that can run at once, one a worker thread', () => {
    expect(threads.concurrency).toBe(2);
    expect(threadsBitsliced.concurrency).toBe(3);
    expect(oneThread.concurrency).toBe(1);
    // This thread counts once it plays too; alone it is the one thread it always was.
    expect(shared.concurrency).toBe(2);
    const alone = createCpuEvaluator(undefined, { workers: 0, callerPlays: true });
    expect(alone.concurrency).toBe(1);
    alone.destroy();
    // A method outside the registry cannot be named to a worker, so it plays on this thread.
    const custom = createCpuEvaluator({ ...bpr }, { workers: 4 });
    expect(custom.concurrency).toBe(1);
    custom.destroy();
    // One a core where the runtime says how many (Node 21 on), else 1.
    const cores = createCpuEvaluator();
    expect(cores.concurrency).toBe(
      (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1,
    );
    cores.destroy();
  });

  for (const [game, size] of [
    [GameKind.Hex, 11],
    [GameKind.Y, 9],
    [GameKind.Hex, 4],
  ] as const) {
    const g = geometryOf(game, size);
    // More than one chunk per position, and a last chunk that is not full.
    const playouts = chunkPlayouts(g.cellCount) * 2 + 37;
    test(`${game} ${size}: threads, one thread and the oracle agree on every playout`, async () => {
      const positions = positionsOf(g, 3, size);
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const options = { playouts, seed: 77 + size, fill, winners: true, ownership: true };
        const [a, b, c, d] = await Promise.all(
          [threads, oneThread, threadsBitsliced, shared].map((e) => e.evaluate(positions, options)),
        );
        // Whoever is free claims the next chunk, so how many workers played
        // depends on timing; without callerPlays the workers played it all.
        expect(a?.stats.workers).toBeGreaterThanOrEqual(1);
        expect(a?.stats.workers).toBeLessThanOrEqual(2);
        expect(b?.stats.workers).toBe(0);
        expect(c?.stats.workers).toBeGreaterThanOrEqual(1);
        expect(c?.stats.workers).toBeLessThanOrEqual(3);
        expect(d?.stats.workers).toBeLessThanOrEqual(1);
        expect(a?.results).toEqual(b?.results);
        expect(c?.results).toEqual(b?.results);
        expect(d?.results).toEqual(b?.results);
        // The oracle, on a sample of playouts across the chunk edges.
        const board = new Uint8Array(g.cellCount);
        positions.forEach((p, i) => {
          const r = b?.results[i];
          expect((r?.blackWins ?? 0) + (r?.whiteWins ?? 0)).toBe(playouts);
          for (let q = 0; q < playouts; q += 97) {
            fillPlayout(p.cells, p.toMove, { seed: options.seed, position: i, playout: q }, fill, board);
            expect(r?.winners?.[q]).toBe(oracleWinner(game === GameKind.Hex ? 'hex' : 'y', size, board));
          }
        });
      }
    });
  }

  test('many positions of few playouts, and concurrent calls, come back in request order', async () => {
    const g = geometryOf(GameKind.Hex, 7);
    const positions = positionsOf(g, 300, 5);
    const options = { playouts: 64, seed: 3, winners: true };
    const [a, b, c] = await Promise.all([
      threads.evaluate(positions, options),
      threads.evaluate(positions.slice(7), options),
      oneThread.evaluate(positions, options),
    ]);
    expect(a.results).toEqual(c.results);
    // Position p of the shorter request is named p there, so its playouts differ, but each is the one-thread answer.
    expect(b.results).toEqual((await oneThread.evaluate(positions.slice(7), options)).results);
  });
});

describe("a search's rounds (16 positions × 128 playouts) on one worker and this thread", () => {
  const g = geometryOf(GameKind.Hex, 11);
  const shared = createCpuEvaluator(undefined, { workers: 1, callerPlays: true });
  const oneThread = createCpuEvaluator(undefined, { workers: 0 });
  afterAll(() => {
    shared.destroy();
    oneThread.destroy();
  });

  test.each([2, 4])(
    "%i calls at once (this thread helps the newer ones while it waits): each gives one thread's answers",
    async (calls) => {
      const round = positionsOf(g, 16, 9);
      const options = (seed: number) => ({ playouts: 128, seed, ownership: true, winners: true });
      // Warm: the pool is made by the first call, so the calls below post at once.
      await shared.evaluate(round, options(1));
      for (let seed = 2; seed < 12; seed += calls) {
        const seeds = Array.from({ length: calls }, (_, i) => seed + i);
        const together = await Promise.all(seeds.map((s) => shared.evaluate(round, options(s))));
        for (const [i, s] of seeds.entries())
          expect(together[i]?.results).toEqual((await oneThread.evaluate(round, options(s))).results);
      }
    },
  );

  test('the worker claims chunks by itself while this thread is busy: no message from it hands them out', async () => {
    const round = positionsOf(g, 16, 4);
    const options = { playouts: 128, seed: 5, ownership: true };
    await shared.evaluate(round, options); // makes the pool
    const call = shared.evaluate(round, options);
    // This thread computes without a turn of the event loop, for far longer
    // than the round takes one core (a few ms): the worker, sent the request
    // once, claims chunks meanwhile: it needs nothing more from this thread.
    const busyUntil = performance.now() + 500;
    while (performance.now() < busyUntil);
    const done = await call;
    expect(done.stats.workers).toBe(1);
    expect(done.results).toEqual((await oneThread.evaluate(round, options)).results);
  });
});

test('the built package finds its worker beside the bundle, agrees with one thread, and lets Node exit on destroy() mid-call', () => {
  ensureBuilt();
  const script = `
    import { createCpuEvaluator, geometryOf } from ${JSON.stringify(join(ROOT, 'dist/index.js'))};
    const g = geometryOf('hex', 9);
    const positions = [{ geometry: g, cells: new Uint8Array(81), toMove: 2 }];
    const options = { playouts: 40_000, seed: 12, winners: true };
    const threads = createCpuEvaluator(undefined, { workers: 2 });
    const one = createCpuEvaluator(undefined, { workers: 0 });
    const [a, b] = await Promise.all([threads.evaluate(positions, options), one.evaluate(positions, options)]);
    const same = a.results[0].winners.every((w, q) => w === b.results[0].winners[q]) && a.results[0].blackWins === b.results[0].blackWins;
    const call = threads.evaluate(positions, { playouts: 2 ** 32 - 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    threads.destroy();
    one.destroy();
    const error = await call.catch((e) => e.name);
    console.log(JSON.stringify({ same, error, workers: [a.stats.workers > 0, b.stats.workers] }));
  `;
  // A worker left running would keep the child alive until the timeout kills it.
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(JSON.parse(out)).toEqual({ same: true, error: 'EvaluatorDestroyedError', workers: [true, 0] });
});
