// The CPU backend never blocks the event loop, stops on its AbortSignal, and
// gives up its calls when destroyed: on one thread (the browser's path), on
// worker threads, and on a worker with this thread playing beside it.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { EvaluatorDestroyedError } from '../../src/eval/errors.js';

const MAX_PLAYOUTS = 2 ** 32 - 1;
const g = geometryOf(GameKind.Hex, 11);
const empty = [{ geometry: g, cells: new Uint8Array(g.cellCount), toMove: Color.Black as const }];
const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const SETUPS = [
  { what: 'on this thread', options: { workers: 0 } },
  { what: 'on worker threads', options: { workers: 2 } },
  { what: 'on a worker and this thread', options: { workers: 1, callerPlays: true } },
] as const;

for (const { what, options } of SETUPS) {
  describe(`the CPU backend, ${what}`, () => {
    test("timers keep firing while a long request runs, and an abort rejects it with the signal's reason", async () => {
      const cpu = createCpuEvaluator(undefined, options);
      const controller = new AbortController();
      const call = cpu.evaluate(empty, { playouts: MAX_PLAYOUTS, signal: controller.signal });
      let settled = false;
      call.then(
        () => (settled = true),
        () => (settled = true),
      );
      // A call that held the thread would let no timer fire until it ended (in hours).
      for (let tick = 0; tick < 20; tick++) await later(5);
      expect(settled).toBe(false);
      const reason = new Error('enough');
      controller.abort(reason);
      await expect(call).rejects.toBe(reason);
      // The evaluator still answers afterwards.
      const { results } = await cpu.evaluate(empty, { playouts: 100 });
      expect((results[0]?.blackWins ?? 0) + (results[0]?.whiteWins ?? 0)).toBe(100);
      cpu.destroy();
    });

    test('an already aborted signal rejects before any work', async () => {
      const cpu = createCpuEvaluator(undefined, options);
      const reason = new Error('never mind');
      await expect(cpu.evaluate(empty, { playouts: 10, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      await expect(cpu.decide(g, [empty[0]!.cells], { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
      cpu.destroy();
    });

    test('destroy() rejects the calls in flight at once, and every later call', async () => {
      const cpu = createCpuEvaluator(undefined, options);
      const call = cpu.evaluate(empty, { playouts: MAX_PLAYOUTS });
      await later(50);
      cpu.destroy();
      await expect(call).rejects.toBeInstanceOf(EvaluatorDestroyedError);
      await expect(cpu.evaluate(empty, { playouts: 1 })).rejects.toBeInstanceOf(EvaluatorDestroyedError);
      await expect(cpu.decide(g, [empty[0]!.cells])).rejects.toBeInstanceOf(EvaluatorDestroyedError);
    });
  });
}

test('decide of many boards lets timers run and stops on abort', async () => {
  const cpu = createCpuEvaluator(undefined, { workers: 0 });
  const boards = Array.from({ length: 100_000 }, () => empty[0]!.cells);
  const controller = new AbortController();
  const call = cpu.decide(g, boards, { signal: controller.signal });
  let settled = false;
  call.then(
    () => (settled = true),
    () => (settled = true),
  );
  await later(5);
  await later(5);
  expect(settled).toBe(false);
  const reason = new Error('stop deciding');
  controller.abort(reason);
  await expect(call).rejects.toBe(reason);
  cpu.destroy();
});
