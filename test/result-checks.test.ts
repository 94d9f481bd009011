// The host's last line of defence: a kernel that answers none for a full
// board, or leaves playouts undecided, fails loudly instead of returning.
import { describe, expect, test } from 'vitest';
import { Color, type Winner } from '../src/game/color.js';
import { KernelFaultError } from '../src/eval/errors.js';
import { checkEveryBoardDecided, checkEveryPlayoutDecided } from '../src/eval/result-checks.js';
import type { PositionResult } from '../src/eval/types.js';

const full = Uint8Array.of(Color.Black, Color.White, Color.Black, Color.White);
const partial = Uint8Array.of(Color.Black, Color.Empty, Color.Black, Color.White);

describe('checkEveryBoardDecided', () => {
  test('accepts a winner for every full board, and none for a partial one', () => {
    expect(() => checkEveryBoardDecided([full, partial, full], [Color.Black, Color.Empty, Color.White], 'bpr')).not.toThrow();
  });

  test('refuses none for a full board, naming the kernel, the count and the first board', () => {
    const winners: Winner[] = [Color.Black, Color.Empty, Color.Empty, Color.Empty];
    const call = () => checkEveryBoardDecided([full, partial, full, full], winners, 'bitsliced-ballot');
    expect(call).toThrow(KernelFaultError);
    expect(call).toThrow(/kernel bitsliced-ballot answered none for 2 of 4 full boards \(the first is board 2\)/);
  });
});

describe('checkEveryPlayoutDecided', () => {
  const result = (playouts: number, blackWins: number, whiteWins: number): PositionResult => ({ playouts, blackWins, whiteWins, winRate: blackWins / playouts });

  test('accepts counts that add up to the playouts', () => {
    expect(() => checkEveryPlayoutDecided([result(10, 4, 6), result(3, 3, 0)], 'floodfill')).not.toThrow();
  });

  test('refuses playouts that nobody won, naming the position', () => {
    expect(() => checkEveryPlayoutDecided([result(10, 4, 6), result(128, 40, 60)], 'bpr')).toThrow(/kernel bpr decided 100 of the 128 playouts of position 1/);
  });
});
