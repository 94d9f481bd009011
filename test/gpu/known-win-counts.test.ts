// Known answers, as chessops pins perft: black's wins for fixed seeds, on the
// CPU backend and on every GPU kernel. The twins (fill and RNG in src/ and
// shaders/) are held equal by other tests, but a change to both at once would
// pass those; it must change these pinned counts, on purpose.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { parseBoardText } from '../../src/game/board-text.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { GPU_KERNELS, type EvalPosition, type Evaluator } from '../../src/eval/types.js';
import { gpuAvailability, useTestEvaluators } from '../helpers/gpu-harness.js';

const gpu = await gpuAvailability();
const PLAYOUTS = 1000;

interface Pin {
  readonly name: string;
  readonly position: EvalPosition;
  readonly fill: FillKind;
  readonly seed: number;
  /** Black's wins in PLAYOUTS playouts. */
  readonly blackWins: number;
}

function at(g: Geometry, text: string, toMove: Color.Black | Color.White): EvalPosition {
  return { geometry: g, cells: parseBoardText(g, text), toMove };
}

const hex7 = geometryOf(GameKind.Hex, 7);
const y9 = geometryOf(GameKind.Y, 9);
const hex17 = geometryOf(GameKind.Hex, 17);
const PINS: readonly Pin[] = [
  {
    name: 'empty Hex 7, exact',
    position: at(hex7, '.'.repeat(49), Color.Black),
    fill: FillKind.Exact,
    seed: 1,
    blackWins: 526,
  },
  {
    name: 'empty Hex 7, coin',
    position: at(hex7, '.'.repeat(49), Color.Black),
    fill: FillKind.Coin,
    seed: 2,
    blackWins: 477,
  },
  {
    name: 'Hex 7, white to move after b d4',
    position: at(hex7, `${'.'.repeat(24)}b${'.'.repeat(24)}`, Color.White),
    fill: FillKind.Exact,
    seed: 3,
    blackWins: 582,
  },
  {
    name: 'empty Y 9, exact',
    position: at(y9, '.'.repeat(45), Color.Black),
    fill: FillKind.Exact,
    seed: 4,
    blackWins: 540,
  },
  {
    name: 'empty Hex 17 (u32 pairs), exact',
    position: at(hex17, '.'.repeat(289), Color.Black),
    fill: FillKind.Exact,
    seed: 5,
    blackWins: 496,
  },
];

async function blackWins(evaluator: Evaluator, pin: Pin, kernel?: (typeof GPU_KERNELS)[number]): Promise<number> {
  const { results } = await evaluator.evaluate([pin.position], {
    playouts: PLAYOUTS,
    seed: pin.seed,
    fill: pin.fill,
    ...(kernel ? { kernel } : {}),
  });
  return results[0]?.blackWins ?? -1;
}

describe('pinned win counts on the CPU backend', () => {
  test.each(PINS.map((p) => [p.name, p] as const))('%s', async (_, pin) => {
    expect(await blackWins(createCpuEvaluator(), pin)).toBe(pin.blackWins);
  });
});

describe.skipIf(!gpu.available)(`pinned win counts on every GPU kernel ${gpu.reason}`, () => {
  const evaluators = useTestEvaluators({}, { subgroups: false });
  test.each(PINS.map((p) => [p.name, p] as const))('%s', async (_, pin) => {
    for (const evaluator of evaluators) {
      for (const kernel of GPU_KERNELS)
        expect(await blackWins(evaluator(), pin, kernel), `${evaluator().variantOf(kernel)}`).toBe(pin.blackWins);
    }
  });
});
