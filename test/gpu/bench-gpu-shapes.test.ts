// bench-gpu's shapes (issue 11): the empty board, a mid-game position, a
// search's many positions in one call, a small call, and the CPU backend's
// rate beside them, measured through the one throughput loop.
import { describe, expect, test } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { runGpuBench } from '../../src/bench/gpu-bench.js';
import { midGamePosition } from '../../src/jobs/sample-positions.js';
import { gpuAvailability } from '../helpers/gpu-harness.js';
import { Color } from '../../src/game/color.js';

const gpu = await gpuAvailability();

test('a mid-game position has its stones, alternating, and the right side to move', () => {
  const p = midGamePosition(GameKind.Hex, 11, 40, 11);
  expect(p.cells.filter((c) => c === Color.Black)).toHaveLength(20);
  expect(p.cells.filter((c) => c === Color.White)).toHaveLength(20);
  expect(p.toMove).toBe(Color.Black);
  expect(midGamePosition(GameKind.Y, 5, 3, 1).toMove).toBe(Color.White);
  expect(() => midGamePosition(GameKind.Hex, 2, 5, 1)).toThrow(/do not fit/);
});

describe.skipIf(!gpu.available)(`bench-gpu shapes ${gpu.reason}`, () => {
  test('every shape of every kernel, against the one-position rate and the CPU backend', async () => {
    const report = await runGpuBench({
      games: [GameKind.Hex],
      sizes: [5],
      kernels: ['bitsliced'],
      fills: [FillKind.Exact],
      batch: 1024,
      sweep: [],
      warmupRuns: 0,
      runs: 1,
    });
    const shapes = report.shapes.map((s) => [s.shape, s.positions, s.playoutsPerPosition]);
    expect(shapes).toEqual([
      ['empty board', 1, 1024],
      ['mid-game, 40 stones', 1, 1024],
      ['256 positions × 4', 256, 4],
      ['4,096 positions × 1', 4096, 1],
      ['one call of 65,536', 1, 65_536],
    ]);
    expect(report.shapes[0]?.ratioToOnePosition).toBe(1);
    for (const s of report.shapes) expect(s.playoutsPerSecond).toBeGreaterThan(0);
    expect(report.cpu?.playoutsPerSecond).toBeGreaterThan(0);
  }, 120_000);
});
