// bitsliced-unrolled packs several positions into a workgroup, 32 playouts
// of one position an invocation: a search's many positions with few playouts
// each. Every playout, count and ownership count must still be the CPU's,
// whatever the playouts per position (odd, below, at and across 32 and the
// workgroup's 2,048), and across dispatches split by tight limits.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { validateGpuAgainstCpu } from '../../src/jobs/validate-gpu.js';
import type { EvalPosition } from '../../src/eval/types.js';
import { randomCells, testRandom } from '../helpers/boards.js';
import { gpuAvailability, useTestEvaluators } from '../helpers/gpu-harness.js';

const gpu = await gpuAvailability();

/** `count` positions of `g`, about half full, with either side to move. */
function positions(g: Geometry, count: number): EvalPosition[] {
  const random = testRandom(count + g.cellCount);
  return Array.from({ length: count }, (_, k) => ({
    geometry: g,
    cells: randomCells(g, 0.5, random),
    toMove: k % 3 === 0 ? Color.White : Color.Black,
  }));
}

describe.skipIf(!gpu.available)(`bitsliced-unrolled with several positions a workgroup ${gpu.reason}`, () => {
  const [roomy, tight] = useTestEvaluators(
    {},
    { dispatchLimits: { maxItemsPerDispatch: 3000, maxWorkgroupsPerDimension: 3 } },
  );

  test.each([
    ['Hex 5, 300 positions × 1 playout', GameKind.Hex, 5, 300, 1, FillKind.Exact],
    ['Hex 5, 97 positions × 33 playouts', GameKind.Hex, 5, 97, 33, FillKind.Coin],
    ['Hex 5, 70 positions × 64 playouts', GameKind.Hex, 5, 70, 64, FillKind.Exact],
    ['Y 17 (u32 pairs), 41 positions × 7 playouts', GameKind.Y, 17, 41, 7, FillKind.Exact],
    ['Hex 5, 3 positions × 2,100 playouts (workgroups across positions)', GameKind.Hex, 5, 3, 2100, FillKind.Coin],
  ] as const)('%s', async (_, game, size, count, playouts, fill) => {
    for (const evaluator of [roomy(), tight()]) {
      const g = geometryOf(game, size);
      const report = await validateGpuAgainstCpu(evaluator, {
        positions: positions(g, count),
        playouts,
        seed: 11,
        fill,
        kernel: 'bitsliced-unrolled',
        ownership: true,
      });
      expect(report.variant).toBe('bitsliced-unrolled');
      expect(report.compared).toBe(count * playouts);
      expect({
        mismatches: report.mismatches,
        counts: report.countMismatches,
        ownership: report.ownershipMismatches,
      }).toEqual({ mismatches: 0, counts: 0, ownership: 0 });
    }
  });
});
