/** GPU against CPU, playout by playout, for the kernel-equality tests. */
import { expect } from 'vitest';
import type { Geometry } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu-backend.js';
import type { EvalPosition, GpuKernel } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { samplePositions, testRandom } from './gpu-harness.js';

const cpu = createCpuEvaluator();

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
