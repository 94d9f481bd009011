// The host's last line of defence: a kernel that answers none for a full
// board, or leaves playouts undecided, fails loudly instead of returning.
import { describe, expect, test } from 'vitest';
import { Color, type Winner } from '../../src/game/color.js';
import { KernelFaultError } from '../../src/eval/errors.js';
import {
  checkEveryBoardDecided,
  checkEveryPlayoutDecided,
  checkOwnershipCounts,
} from '../../src/eval/result-checks.js';
import type { PositionResult } from '../../src/eval/types.js';

const full = Uint8Array.of(Color.Black, Color.White, Color.Black, Color.White);
const partial = Uint8Array.of(Color.Black, Color.Empty, Color.Black, Color.White);

describe('checkEveryBoardDecided', () => {
  test('accepts a winner for every full board, and none for a partial one', () => {
    expect(() =>
      checkEveryBoardDecided([full, partial, full], [Color.Black, Color.Empty, Color.White], 'bpr'),
    ).not.toThrow();
  });

  test('refuses none for a full board, naming the kernel, the count and the first board', () => {
    const winners: Winner[] = [Color.Black, Color.Empty, Color.Empty, Color.Empty];
    const call = () => checkEveryBoardDecided([full, partial, full, full], winners, 'bitsliced-ballot');
    expect(call).toThrow(KernelFaultError);
    expect(call).toThrow(/kernel bitsliced-ballot answered none for 2 of 4 full boards \(the first is board 2\)/);
  });
});

describe('checkEveryPlayoutDecided', () => {
  const result = (playouts: number, blackWins: number, whiteWins: number): PositionResult => ({
    playouts,
    blackWins,
    whiteWins,
    winRate: blackWins / playouts,
  });

  test('accepts counts that add up to the playouts', () => {
    expect(() => checkEveryPlayoutDecided([result(10, 4, 6), result(3, 3, 0)], 'floodfill')).not.toThrow();
  });

  test('refuses playouts that nobody won, naming the position', () => {
    expect(() => checkEveryPlayoutDecided([result(10, 4, 6), result(128, 40, 60)], 'bpr')).toThrow(
      /kernel bpr decided 100 of the 128 playouts of position 1/,
    );
  });
});

describe('checkOwnershipCounts', () => {
  // Cells: a black stone, a white stone, two empty cells; 10 playouts, black won 4.
  const position = { cells: Uint8Array.of(Color.Black, Color.White, Color.Empty, Color.Empty) };
  const result = (ownership: number[], blackOwned: number[]): PositionResult => ({
    playouts: 10,
    blackWins: 4,
    whiteWins: 6,
    winRate: 0.4,
    ownership: Uint32Array.from(ownership),
    blackOwned: Uint32Array.from(blackOwned),
  });

  test('accepts possible counts, and results without ownership', () => {
    // Cell 2: black owned it 7 times and won 3 of them, (5 + 7 + 4 − 10) / 2.
    expect(() => checkOwnershipCounts([position], [result([4, 6, 5, 6], [10, 0, 7, 0])], 'bpr')).not.toThrow();
    expect(() =>
      checkOwnershipCounts([position], [{ playouts: 10, blackWins: 4, whiteWins: 6, winRate: 0.4 }], 'bpr'),
    ).not.toThrow();
  });

  test.each([
    ['a black stone not black-owned in every playout', [4, 6, 5, 6], [9, 0, 7, 0], 0],
    ['a white stone counted black-owned', [4, 6, 5, 6], [10, 1, 7, 0], 1],
    ['a stone not won as often as its owner won', [5, 6, 5, 6], [10, 0, 7, 0], 0],
    ['a count above the playouts', [4, 6, 11, 6], [10, 0, 7, 0], 2],
    ['joint counts that are not whole', [4, 6, 4, 6], [10, 0, 7, 0], 2],
    ['more black-owned wins than black wins', [4, 6, 10, 6], [10, 0, 10, 0], 2],
  ])('refuses %s, naming the cell', (_, ownership, blackOwned, cell) => {
    expect(() => checkOwnershipCounts([position], [result(ownership, blackOwned)], 'floodfill')).toThrow(
      new RegExp(`kernel floodfill gave impossible ownership counts for cell ${cell} of position 0`),
    );
  });
});
