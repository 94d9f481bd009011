import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { TABLE_WIDTH, components, rowRuns } from '../../src/wintest/components.js';
import {
  boardCase,
  expectExhaustiveAgreement,
  expectOracleAgrees,
  expectRandomAgreement,
  hexSerpentine,
} from '../helpers/wintest-cases.js';

describe('rowRuns', () => {
  it('cuts a row into its runs of set bits, lowest first, bit 31 included', () => {
    const out = new Int32Array(16);
    expect([...out.subarray(0, rowRuns(0b1101110010, out))]).toEqual([0b10, 0b1110000, 0b1100000000]);
    expect(rowRuns(0, out)).toBe(0);
    expect([...out.subarray(0, rowRuns(-1, out))]).toEqual([-1]);
    expect([...out.subarray(0, rowRuns((1 << 31) | 0b101, out))]).toEqual([1, 4, 1 << 31]);
  });
});

describe('components', () => {
  it('uses the pair table for rows of up to 8 cells', () => {
    expect(TABLE_WIDTH).toBe(8);
  });

  it('agrees with the oracle on every small board', () => {
    expectExhaustiveAgreement(components);
  });

  it.each([
    [GameKind.Hex, 8],
    [GameKind.Hex, 9],
    [GameKind.Y, 8],
    [GameKind.Y, 9],
  ])('agrees with the oracle on either side of the table boundary: %s %i', (game, n) => {
    fc.assert(
      fc.property(boardCase(game, { min: n, max: n }, [0, 0.2, 0.5]), ({ g, cells }) => {
        expectOracleAgrees(components, g, [cells]);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the oracle on random boards of every size of Hex and Y', () => {
    expectRandomAgreement(components, 300);
  });

  it('joins runs only through the two upper neighbours of each cell', () => {
    // Hex 8 and 9: stones at (r, c) and (r+1, c+1) do not touch; (r+1, c−1) does.
    for (const n of [8, 9]) {
      const g = geometryOf(GameKind.Hex, n);
      const apart = new Uint8Array(g.cellCount).fill(Color.White);
      for (let r = 0; r < n; r++) apart[g.index(r, r)] = Color.Black;
      const joined = new Uint8Array(g.cellCount).fill(Color.White);
      for (let r = 0; r < n; r++) joined[g.index(r, n - 1 - r)] = Color.Black;
      expect(components.create(g).winner(apart)).toBe(Color.White);
      expect(components.create(g).winner(joined)).toBe(Color.Black);
    }
  });

  it('follows a path that turns up and down the board many times', () => {
    for (const n of [2, 3, 8, 9, 20, 31]) {
      expectOracleAgrees(components, geometryOf(GameKind.Hex, n), [hexSerpentine(n, true), hexSerpentine(n, false)]);
    }
  });
});
