import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import {
  SLICE_BOARDS,
  bitsliced,
  decideSlices,
  sliceLayoutOf,
  transposeBoards,
  winners32,
} from '../../src/wintest/bitsliced.js';
import { oracleWinner } from '../helpers/oracle.js';
import { expectExhaustiveAgreement, expectOracleAgrees, expectRandomAgreement } from '../helpers/wintest-cases.js';
import { ANY, everyBoard, randomCells, testRandom } from '../helpers/boards.js';

/** The 2-bit majority of DESIGN.md, spelt out: a value held twice wins, three different values give empty. */
function majorityByCount(a: number, b: number, c: number): number {
  if (a === b || a === c) return a;
  if (b === c) return b;
  return Color.Empty;
}

const maj = (a: number, b: number, c: number): number => (a & (b | c)) | (b & c);

describe('per-plane majority', () => {
  const triples = [...everyBoard(3, ANY)];

  it('equals the 2-bit majority, three different values included, for all 27 triples', () => {
    expect(triples).toHaveLength(27);
    for (const [a = 0, b = 0, c = 0] of triples) {
      const want = majorityByCount(a, b, c);
      expect(maj(a, b, c), `${a}${b}${c}`).toBe(want);
      const blackPlane = maj(a & 1, b & 1, c & 1);
      const whitePlane = maj(a >> 1, b >> 1, c >> 1);
      expect(blackPlane | (whitePlane << 1), `${a}${b}${c}`).toBe(want);
    }
  });

  it('decides all 27 triples at once on slice words', () => {
    // Board k of the slice holds triple k; one majority per plane decides them all.
    const planes = [0, 1, 2].map((pos) => {
      let black = 0;
      let white = 0;
      triples.forEach((t, k) => {
        const v = t[pos] as number;
        black |= (v & 1) << k;
        white |= (v >> 1) << k;
      });
      return { black, white };
    });
    const [p, q, r] = planes as [(typeof planes)[0], (typeof planes)[0], (typeof planes)[0]];
    const black = maj(p.black, q.black, r.black);
    const white = maj(p.white, q.white, r.white);
    const out = new Uint8Array(triples.length);
    winners32(black, white, triples.length, out, 0);
    triples.forEach((t, k) => expect(out[k]).toBe(majorityByCount(t[0] as number, t[1] as number, t[2] as number)));
  });
});

describe('Hex template', () => {
  it('stays black in every template-row cell the apex can still see, so it is never reduced', () => {
    // Reduce the template alone with the plain 2-bit rule: row N black, column
    // N white, everything above row N empty; cells of the board read empty.
    for (let n = 1; n <= 31; n++) {
      const at = (x: number, j: number, grid: number[][]): number =>
        j > n ? Color.Empty : x === n ? Color.White : ((grid[x] as number[])[j] as number);
      let grid = Array.from({ length: n + 1 }, () =>
        Array.from({ length: n + 1 }, (_, j) => (j === n ? Color.Black : Color.Empty)),
      );
      for (let reach = 2 * n - 3; reach >= 0; reach--) {
        grid = grid.map((col, x) =>
          col.map((v, j) => (x === n ? v : maj(at(x, j, grid), at(x, j + 1, grid), at(x + 1, j, grid)))),
        );
        // After this pass the apex still depends on cells with x + j ≤ reach; a
        // board cell (x, N−1) there reads template cell (x, N) in the next pass.
        for (let x = 0; x + n - 1 <= reach - 1 && x < n; x++)
          expect((grid[x] as number[])[n], `N=${n} x=${x}`).toBe(Color.Black);
      }
    }
  });
});

describe('bitsliced', () => {
  it('agrees with the oracle on every small board', () => {
    expectExhaustiveAgreement(bitsliced);
  });

  it('agrees with the oracle on random boards of every size of Hex and Y', () => {
    expectRandomAgreement(bitsliced, 300);
  });

  it('decides batches of every size from 1 to 32 boards, and across blocks, mixing winners and full and partial boards', () => {
    const counts = [...Array.from({ length: 32 }, (_, k) => k + 1), 33, 64, 95];
    for (const [game, n] of [
      [GameKind.Hex, 5],
      [GameKind.Hex, 15],
      [GameKind.Hex, 16],
      [GameKind.Y, 7],
      [GameKind.Y, 32],
    ] as const) {
      const g = geometryOf(game, n);
      for (const count of counts) {
        const boards = Array.from({ length: count }, (_, k) =>
          randomCells(
            g,
            k % 4 === 3 ? 0.5 : 0,
            testRandom(1000 * n + count * 97 + k),
            [0.5, 0.2, 0.8][k % 3] as number,
          ),
        );
        if (count >= 31)
          expect(new Set(boards.map((b) => oracleWinner(game, n, b))).size, `${game}${n} ×${count}`).toBe(3);
        expectOracleAgrees(bitsliced, g, boards);
      }
    }
  });

  it('decides slices through the batch API, with and without the full-board shortcut', () => {
    const g = geometryOf(GameKind.Hex, 9);
    const layout = sliceLayoutOf(g);
    const boards = Array.from({ length: SLICE_BOARDS }, (_, k) => randomCells(g, 0, testRandom(k)));
    const black = new Int32Array(layout.planeWords);
    const white = new Int32Array(layout.planeWords);
    expect(transposeBoards(layout, boards, 0, SLICE_BOARDS, black, white)).toBe(true);
    const result = new Int32Array(2);
    const out = new Uint8Array(SLICE_BOARDS);
    const want = boards.map((b) => oracleWinner('hex', 9, b));
    for (const whitePlane of [null, white]) {
      decideSlices(layout, black, whitePlane, result);
      winners32(result[0] as number, result[1] as number, SLICE_BOARDS, out, 0);
      expect([...out]).toEqual(want);
    }
    boards[3] = randomCells(g, 0.3, testRandom(99));
    expect(transposeBoards(layout, boards, 0, SLICE_BOARDS, black, white)).toBe(false);
    expect(() => transposeBoards(layout, boards, 0, SLICE_BOARDS + 1, black, white)).toThrow(/at most 32/);
  });

  it('refuses a board of the wrong length', () => {
    expect(() => bitsliced.create(geometryOf(GameKind.Y, 4)).winner(new Uint8Array(9))).toThrow(/needs 10 cells/);
  });
});
