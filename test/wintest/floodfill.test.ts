import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { fillRuns, floodFill } from '../../src/wintest/floodfill.js';
import { oracleWinner } from '../helpers/oracle.js';
import {
  expectExhaustiveAgreement,
  expectOracleAgrees,
  expectRandomAgreement,
  hexSerpentine,
} from '../helpers/wintest-cases.js';

/** The runs of m that hold a bit of x, one bit at a time. */
function runsByHand(m: number, x: number): number {
  let out = 0;
  for (let b = 0; b < 32; b++) {
    if (!((x >>> b) & 1)) continue;
    for (let lo = b; lo >= 0 && (m >>> lo) & 1; lo--) out |= 1 << lo;
    for (let hi = b; hi < 32 && (m >>> hi) & 1; hi++) out |= 1 << hi;
  }
  return out;
}

describe('fillRuns', () => {
  it('fills exactly the runs that hold a seed, bit 31 included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        (m, seeds) => {
          const x = m & seeds;
          expect(fillRuns(m, x) | 0).toBe(runsByHand(m, x) | 0);
        },
      ),
      { numRuns: 2000 },
    );
    expect(fillRuns(-1, 1 << 31)).toBe(-1);
    expect(fillRuns(0b1110111, 0b10)).toBe(0b111);
  });
});

describe('floodfill', () => {
  it('agrees with the oracle on every small board', () => {
    expectExhaustiveAgreement(floodFill);
  });

  it('agrees with the oracle on random boards of every size of Hex and Y', () => {
    expectRandomAgreement(floodFill, 400);
  });

  it('follows a path that turns up and down the board many times', () => {
    for (const n of [2, 3, 8, 11, 20, 31]) {
      const g = geometryOf(GameKind.Hex, n);
      expectOracleAgrees(floodFill, g, [hexSerpentine(n, true), hexSerpentine(n, false)]);
      expect(floodFill.create(g).winner(hexSerpentine(n, true))).toBe(Color.Black);
    }
  });

  it('does not let two Y groups share the three sides between them', () => {
    // Y 5: a lone stone at the top touches left and right, one in the bottom
    // corner touches left and bottom; the groups on the left touch all three
    // sides together, but no one group does.
    const g = geometryOf(GameKind.Y, 5);
    const cells = new Uint8Array(g.cellCount);
    cells[g.index(0, 0)] = Color.Black;
    cells[g.index(4, 0)] = Color.Black;
    expect(oracleWinner('y', 5, cells)).toBe(Color.Empty);
    expect(floodFill.create(g).winner(cells)).toBe(Color.Empty);
    cells[g.index(4, 1)] = Color.White;
    for (let r = 1; r <= 3; r++) cells[g.index(r, 0)] = Color.Black;
    expect(floodFill.create(g).winner(cells)).toBe(Color.Black);
  });
});
