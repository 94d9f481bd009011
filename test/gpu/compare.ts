/** GPU against CPU, playout by playout, for the kernel-equality tests. */
import { expect, test } from 'vitest';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { validateGpuAgainstCpu } from '../../src/jobs/validate-gpu.js';
import type { EvalPosition, GpuKernel } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { samplePositions, useTestEvaluators } from '../helpers/gpu-harness.js';
import { bprLayout } from '../../src/game/reduction-triangle.js';
import { fitsUnrolled } from '../../src/gpu/generate-bitsliced.js';
import { testRandom } from '../helpers/boards.js';

/** Fewer playouts on big boards: SwiftShader runs the kernels on two CPU cores. */
export function playoutsFor(g: Geometry): number {
  return g.cellCount > 300 ? 40 : g.cellCount > 100 ? 70 : 100;
}

/**
 * Plays the sample positions of `g` with both fills on the GPU kernel and
 * validates every winner, count and ownership count against the CPU's
 * rebuild of each playout (the one validation, src/jobs/validate-gpu.ts).
 */
export async function expectGpuEqualsCpu(gpu: WebGpuEvaluator, g: Geometry, kernel: GpuKernel): Promise<void> {
  const positions: EvalPosition[] = samplePositions(g, testRandom(g.size * 7 + (g.game === 'hex' ? 1 : 2)));
  for (const fill of [FillKind.Exact, FillKind.Coin]) {
    const report = await validateGpuAgainstCpu(gpu, {
      positions,
      playouts: playoutsFor(g),
      seed: 2012 + g.size,
      fill,
      kernel,
      ownership: true,
    });
    const where = `${kernel} ${fill} fill`;
    expect(report.compared, where).toBe(positions.length * playoutsFor(g));
    expect(
      { mismatches: report.mismatches, counts: report.countMismatches, ownership: report.ownershipMismatches },
      where,
    ).toEqual({ mismatches: 0, counts: 0, ownership: 0 });
    expect(report.gpuWinRate, where).toBe(report.cpuWinRate);
  }
}

/**
 * The kernel-equality tests of one game, for a describe block: every kernel
 * and variant (bpr with one and three boards per invocation, bitsliced with
 * and without subgroups, bitsliced-unrolled where it is generated and its
 * fallback above that, floodfill) equals the CPU at each size.
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
  test.each(sizes)(`${name} %i: bitsliced-unrolled`, async (n) => {
    const g = geometryOf(game, n);
    expect(withSubgroups().variantOf('bitsliced-unrolled', g)).toBe(
      fitsUnrolled(bprLayout(g)) ? 'bitsliced-unrolled' : 'bitsliced-ballot',
    );
    await expectGpuEqualsCpu(withSubgroups(), g, 'bitsliced-unrolled');
  });
  test.each(sizes)(`${name} %i: floodfill`, async (n) => {
    await expectGpuEqualsCpu(withSubgroups(), geometryOf(game, n), 'floodfill');
  });
}
