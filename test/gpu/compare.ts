/** GPU against CPU, playout by playout, for the kernel-equality tests. */
import { expect, test } from 'vitest';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu-backend.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import type { EvalPosition, GpuKernel } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { samplePositions, useTestEvaluators } from '../helpers/gpu-harness.js';
import { testRandom } from '../helpers/boards.js';

// Union-find: a method that shares nothing with the kernels' reduction.
const cpu = createCpuEvaluator(weightedUnionFind);

/** Fewer playouts on big boards: SwiftShader runs the kernels on two CPU cores. */
export function playoutsFor(g: Geometry): number {
  return g.cellCount > 300 ? 40 : g.cellCount > 100 ? 70 : 100;
}

/**
 * Plays the sample positions of `g` with both fills on the GPU kernel and on
 * the CPU, and expects every winner, count and ownership count to be equal.
 */
export async function expectGpuEqualsCpu(gpu: WebGpuEvaluator, g: Geometry, kernel: GpuKernel): Promise<void> {
  const positions: EvalPosition[] = samplePositions(g, testRandom(g.size * 7 + (g.game === 'hex' ? 1 : 2)));
  for (const fill of [FillKind.Exact, FillKind.Coin]) {
    const request = { playouts: playoutsFor(g), seed: 2012 + g.size, fill, kernel, winners: true, ownership: true };
    const [onGpu, onCpu] = await Promise.all([gpu.evaluate(positions, request), cpu.evaluate(positions, request)]);
    onGpu.results.forEach((got, p) => {
      const want = onCpu.results[p];
      const where = `${kernel} ${fill} fill, position ${p}`;
      expect(got.winners, where).toEqual(want?.winners);
      expect([got.blackWins, got.whiteWins], where).toEqual([want?.blackWins, want?.whiteWins]);
      expect(got.ownership, where).toEqual(want?.ownership);
      expect(got.winRate, where).toBe(want?.winRate);
    });
  }
}

/**
 * The kernel-equality tests of one game, for a describe block: every kernel
 * and variant (bpr with one and three boards per invocation, bitsliced with
 * and without subgroups, floodfill) equals the CPU at each size.
 */
export function kernelEqualityTests(game: GameKind, sizes: readonly number[]): void {
  const [withSubgroups, withoutSubgroups] = useTestEvaluators({}, { subgroups: false, boardsPerInvocation: 3 });
  const name = game === GameKind.Hex ? 'Hex' : 'Y';

  test.each(sizes)(`${name} %i: bpr, one board per invocation`, async (n) => {
    await expectGpuEqualsCpu(withSubgroups(), geometryOf(game, n), 'bpr');
  });
  test.each(sizes)(`${name} %i: bpr, three boards per invocation`, async (n) => {
    await expectGpuEqualsCpu(withoutSubgroups(), geometryOf(game, n), 'bpr');
  });
  test.each(sizes)(`${name} %i: bitsliced with subgroupBallot`, async (n) => {
    expect(withSubgroups().variantOf('bitsliced')).toBe('bitsliced-ballot');
    await expectGpuEqualsCpu(withSubgroups(), geometryOf(game, n), 'bitsliced');
  });
  test.each(sizes)(`${name} %i: bitsliced without subgroups`, async (n) => {
    expect(withoutSubgroups().variantOf('bitsliced')).toBe('bitsliced-lanes');
    await expectGpuEqualsCpu(withoutSubgroups(), geometryOf(game, n), 'bitsliced');
  });
  test.each(sizes)(`${name} %i: floodfill`, async (n) => {
    await expectGpuEqualsCpu(withSubgroups(), geometryOf(game, n), 'floodfill');
  });
}
