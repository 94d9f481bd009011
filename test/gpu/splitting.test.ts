// A request split over many dispatches (tiny limits, one or several in
// flight) gives exactly what one dispatch gives.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import type { Evaluation, GpuKernel } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { gpuAvailability, openTestEvaluator, samplePositions } from '../helpers/gpu-harness.js';
import { testRandom } from '../helpers/boards.js';

const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`splitting a request over dispatches ${gpu.reason}`, () => {
  let whole: WebGpuEvaluator;
  let split: WebGpuEvaluator;
  let splitOneAtATime: WebGpuEvaluator;
  let errors: string[][] = [];
  beforeAll(async () => {
    const opened = [
      await openTestEvaluator(),
      await openTestEvaluator({
        dispatchLimits: { maxItemsPerDispatch: 300, maxWorkgroupsPerDimension: 3, maxBufferBytes: 1024 },
      }),
      await openTestEvaluator({ maxInFlight: 1, dispatchLimits: { maxItemsPerDispatch: 500 } }),
    ];
    [whole, split, splitOneAtATime] = opened.map((o) => o.evaluator) as [
      WebGpuEvaluator,
      WebGpuEvaluator,
      WebGpuEvaluator,
    ];
    errors = opened.map((o) => o.errors);
  });
  afterAll(() => {
    for (const e of [whole, split, splitOneAtATime]) e?.destroy();
    expect(errors.flat()).toEqual([]);
  });

  const g = geometryOf(GameKind.Hex, 9);
  const positions = [
    ...samplePositions(g, testRandom(3)),
    ...samplePositions(g, testRandom(4)),
    ...samplePositions(g, testRandom(5)),
  ];

  test.each(['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill'] as GpuKernel[])(
    '%s: same winners, counts and ownership',
    async (kernel) => {
      const request = { playouts: 700, seed: 9, fill: FillKind.Exact, kernel, winners: true, ownership: true };
      const one: Evaluation = await whole.evaluate(positions, request);
      expect(one.stats.dispatches).toBe(1);
      for (const evaluator of [split, splitOneAtATime]) {
        const many = await evaluator.evaluate(positions, request);
        expect(many.stats.dispatches).toBeGreaterThan(3);
        expect(many.results).toEqual(one.results);
      }
    },
  );

  test('given boards split over dispatches', async () => {
    const boards = positions.map((p) => p.cells);
    const want = await whole.decide(g, boards, { kernel: 'bpr' });
    expect(await split.decide(g, boards, { kernel: 'bpr' })).toEqual(want);
    expect(await split.decide(g, boards, { kernel: 'bitsliced' })).toEqual(want);
  });

  test('concurrent requests on one evaluator do not mix', async () => {
    const request = { playouts: 400, seed: 1, kernel: 'bpr' as const, winners: true };
    const alone = await Promise.all(positions.map((p) => whole.evaluate([p], request)));
    const together = await Promise.all(positions.map((p) => split.evaluate([p], request)));
    expect(together.map((e) => e.results)).toEqual(alone.map((e) => e.results));
  });
});
