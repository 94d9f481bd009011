// The ownership and black-owned counts (what AMAF needs) of every GPU kernel
// and variant equal the CPU backend's bit for bit, Hex and Y, on one-word
// (u32) and two-word (u32-pair) columns.
import { afterAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import type { GpuKernel } from '../../src/eval/types.js';
import { bprLayout } from '../../src/game/reduction-triangle.js';
import { gpuAvailability, samplePositions, useTestEvaluators } from '../helpers/gpu-harness.js';
import { testRandom } from '../helpers/boards.js';
import { UNROLLED_MAX_CELLS } from '../../src/gpu/generate-bitsliced.js';

const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`ownership counts: every kernel equals the CPU backend ${gpu.reason}`, () => {
  const [withSubgroups, withoutSubgroups] = useTestEvaluators({}, { subgroups: false });
  const cpu = createCpuEvaluator(undefined, { workers: 0 });
  afterAll(() => cpu.destroy());
  const kernels: [string, GpuKernel, () => ReturnType<typeof withSubgroups>][] = [
    ['bpr', 'bpr', withSubgroups],
    ['bitsliced-ballot', 'bitsliced', withSubgroups],
    ['bitsliced-lanes', 'bitsliced', withoutSubgroups],
    ['floodfill', 'floodfill', withSubgroups],
    // Generated up to UNROLLED_MAX_CELLS: Hex 5 and Y 11 run it, Hex 19 and Y 32 its fallback.
    ['bitsliced-unrolled', 'bitsliced-unrolled', withSubgroups],
  ];

  for (const [game, size, words] of [
    [GameKind.Hex, 5, 1],
    [GameKind.Hex, 19, 2],
    [GameKind.Y, 11, 1],
    [GameKind.Y, 32, 2],
  ] as const) {
    test(`${game} ${size}`, async () => {
      const g = geometryOf(game, size);
      expect(bprLayout(g).wordsPerColumn).toBe(words);
      const positions = samplePositions(g, testRandom(size + 500));
      const request = { playouts: 100, seed: 31, fill: FillKind.Coin, ownership: true };
      const want = await cpu.evaluate(positions, request);
      for (const result of want.results) expect(result.blackOwned).toHaveLength(g.cellCount);
      for (const [variant, kernel, evaluator] of kernels) {
        if (kernel !== 'bitsliced-unrolled' || g.cellCount <= UNROLLED_MAX_CELLS)
          expect(evaluator().variantOf(kernel, g), variant).toBe(variant);
        const got = await evaluator().evaluate(positions, { ...request, kernel });
        expect(got.results, variant).toEqual(want.results);
      }
    });
  }
});
