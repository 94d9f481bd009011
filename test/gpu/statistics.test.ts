// On the empty 11×11 Hex board, GPU and CPU win rates (different seeds, so
// independent samples) agree within sampling error.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import type { GpuKernel } from '../../src/eval/types.js';
import { gpuAvailability, useTestEvaluator } from '../helpers/gpu-harness.js';

const gpu = await gpuAvailability();

/** Two-proportion z statistic. */
function zScore(wins1: number, n1: number, wins2: number, n2: number): number {
  const pooled = (wins1 + wins2) / (n1 + n2);
  return (wins1 / n1 - wins2 / n2) / Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
}

describe.skipIf(!gpu.available)(`GPU and CPU win rates agree statistically ${gpu.reason}`, () => {
  const evaluator = useTestEvaluator();

  const g = geometryOf(GameKind.Hex, 11);
  const empty = [{ geometry: g, cells: new Uint8Array(g.cellCount), toMove: Color.Black as const }];
  const cpu = createCpuEvaluator();

  test.each([
    ['bpr', FillKind.Exact],
    ['bitsliced', FillKind.Exact],
    ['floodfill', FillKind.Coin],
  ] as [GpuKernel, FillKind][])('%s, %s fill', async (kernel, fill) => {
    const gpuPlayouts = 40_000;
    const cpuPlayouts = 12_000;
    const onGpu = await evaluator().evaluate(empty, { playouts: gpuPlayouts, seed: 101, fill, kernel });
    const onCpu = await cpu.evaluate(empty, { playouts: cpuPlayouts, seed: 202, fill });
    const a = onGpu.results[0];
    const b = onCpu.results[0];
    expect((a?.blackWins ?? 0) + (a?.whiteWins ?? 0)).toBe(gpuPlayouts);
    const z = zScore(a?.blackWins ?? 0, gpuPlayouts, b?.blackWins ?? 0, cpuPlayouts);
    // |z| < 4: a false alarm about once in 16,000 runs.
    expect(Math.abs(z), `GPU ${a?.winRate}, CPU ${b?.winRate}`).toBeLessThan(4);
    // The side to move has the edge in exact-fill Hex (it gets the extra stone).
    if (fill === FillKind.Exact) expect(a?.winRate).toBeGreaterThan(0.5);
  });
});
