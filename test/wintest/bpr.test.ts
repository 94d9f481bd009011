/**
 * The BPR family (bpr, bpr-packed, bpr-incremental) in detail: the column
 * layout bit by bit, the 1-word/2-word boundary sizes, non-destructiveness,
 * refusal of partial boards by the 1-bit method, and the incremental pyramid
 * against one built from scratch after every move. Answers are checked
 * against the tests' own oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { parseBoardText } from '../../src/game/board-text.js';
import { type Cells, GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { bpr } from '../../src/wintest/bpr.js';
import { bprIncremental, BprPyramid, pyramidOf } from '../../src/wintest/bpr-incremental.js';
import { bprLayout } from '../../src/game/reduction-triangle.js';
import { encodeOneBit, encodeTwoBit } from '../../src/wintest/bpr-layout.js';
import { bprPacked } from '../../src/wintest/bpr-packed.js';
import type { WinTestMethod } from '../../src/wintest/method.js';
import { oracleWinner } from '../helpers/oracle.js';
import { ANY, FULL, everyBoard, randomCells, testRandom } from '../helpers/boards.js';
import { expectOracleAgrees } from '../helpers/wintest-cases.js';

const hex = (n: number): Geometry => geometryOf(GameKind.Hex, n);
const yGame = (n: number): Geometry => geometryOf(GameKind.Y, n);

function twoBitWords(g: Geometry, cells: Cells): number[] {
  const out = new Int32Array(bprLayout(g).twoBitWords);
  encodeTwoBit(bprLayout(g), cells, out, 0);
  return [...out];
}

const boardArb = (game: GameKind, maxSize: number, emptyShare: fc.Arbitrary<number>) =>
  fc.record({ n: fc.integer({ min: 1, max: maxSize }), seed: fc.integer(), emptyShare });

describe('bpr layout', () => {
  it('puts Hex column x, row j at triangle (x, j) with the template row and column', () => {
    const g = hex(2);
    const l = bprLayout(g);
    expect([l.side, l.passes, l.columns, l.columnCells, l.wordsPerColumn]).toEqual([3, 2, 3, 3, 1]);
    expect([...l.cellColumn]).toEqual([0, 1, 0, 1]);
    expect([...l.cellRow]).toEqual([0, 0, 1, 1]);
    // Column 0: b at row 0, template black at row 2. Column 1: w at row 1, template black.
    // Column 2: the white template column, rows 0 … 2.
    expect(twoBitWords(g, parseBoardText(g, 'b . . w'))).toEqual([0b01_00_01, 0b01_10_00, 0b10_10_10]);
  });

  it('puts Y cell (r, c) at triangle column N − r, row c − 1', () => {
    const g = yGame(3);
    const l = bprLayout(g);
    expect([l.side, l.passes, l.columns, l.columnCells, l.wordsPerColumn]).toEqual([3, 2, 3, 3, 1]);
    // Cells in board-text order: (1,1) (2,1) (2,2) (3,1) (3,2) (3,3).
    expect([...l.cellColumn]).toEqual([2, 1, 1, 0, 0, 0]);
    expect([...l.cellRow]).toEqual([0, 0, 1, 0, 1, 2]);
    expect(twoBitWords(g, parseBoardText(g, 'w  b .  . b w'))).toEqual([0b10_01_00, 0b01, 0b10]);
  });

  it('touches min(columns, D − pass) − 1 columns each pass', () => {
    const h = bprLayout(hex(11));
    expect(h.side).toBe(21);
    expect(h.passes).toBe(20);
    expect([...h.activeColumns]).toEqual([11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const y = bprLayout(yGame(11));
    expect([...y.activeColumns]).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(bprLayout(hex(1)).passes).toBe(0);
    expect(bprLayout(yGame(1)).passes).toBe(0);
  });

  it('switches to (lo, hi) pairs at Hex 16 and Y 17', () => {
    expect(bprLayout(hex(15)).wordsPerColumn).toBe(1);
    expect(bprLayout(hex(16)).wordsPerColumn).toBe(2);
    expect(bprLayout(yGame(16)).wordsPerColumn).toBe(1);
    expect(bprLayout(yGame(17)).wordsPerColumn).toBe(2);
    expect(bprLayout(hex(16)).loOnlyFromPass).toBe(15);
    expect(bprLayout(hex(15)).loOnlyFromPass).toBe(bprLayout(hex(15)).passes);
  });

  it('splits a pair column into lo (rows 0–15) and hi (rows 16–31)', () => {
    const g = hex(16);
    const cells = new Uint8Array(g.cellCount);
    cells[g.index(15, 0)] = Color.Black;
    cells[g.index(0, 1)] = Color.White;
    const words = twoBitWords(g, cells);
    expect(words.length).toBe(34);
    expect(words[0]).toBe(0x40000000); // row 15 black: lo bits 30–31
    expect(words[1]).toBe(1); // template row 16 black: hi bits 0–1
    expect([words[2], words[3]]).toEqual([0b10, 1]);
    expect([words[32], words[33]]).toEqual([0xaaaaaaaa | 0, 0b10]); // white template column, rows 0 … 16
    const y = yGame(17);
    const yCells = new Uint8Array(y.cellCount);
    yCells[y.index(16, 16)] = Color.White; // (17, 17): column 0, row 16
    expect(twoBitWords(y, yCells).slice(0, 2)).toEqual([0, 0b10]);
  });

  it('packs one bit a cell, black 1, with the Hex template row set', () => {
    const g = hex(31);
    const l = bprLayout(g);
    const cells = new Uint8Array(g.cellCount).fill(Color.White);
    cells[g.index(30, 2)] = Color.Black;
    const out = new Int32Array(l.columns);
    expect(encodeOneBit(l, cells, out, 0)).toBe(true);
    expect(out[0]).toBe(1 << 31);
    expect(out[2]).toBe((1 << 31) | (1 << 30));
    expect(out[31]).toBe(0);
    cells[5] = Color.Empty;
    expect(encodeOneBit(l, cells, out, 0)).toBe(false);
  });

  it('refuses a board of the wrong length', () => {
    expect(() => bpr.create(hex(3)).winner(new Uint8Array(8))).toThrow(/8 cells, expected 9/);
  });
});

describe('bpr, bpr-packed and bpr-incremental against the oracle, exhaustively', () => {
  it.each([1, 2, 3, 4])('every full Hex board of side %i', (n) => {
    const boards = [...everyBoard(hex(n).cellCount, FULL)];
    for (const m of [bpr, bprPacked, bprIncremental]) expectOracleAgrees(m, hex(n), boards);
  });
  it.each([1, 2, 3])('every partial Hex board of side %i', (n) => {
    const boards = [...everyBoard(hex(n).cellCount, ANY)];
    for (const m of [bpr, bprIncremental]) expectOracleAgrees(m, hex(n), boards);
  });
  it.each([1, 2, 3, 4, 5])('every full Y %i board', (n) => {
    const boards = [...everyBoard(yGame(n).cellCount, FULL)];
    for (const m of [bpr, bprPacked, bprIncremental]) expectOracleAgrees(m, yGame(n), boards);
  });
  it.each([1, 2, 3, 4])('every partial Y %i board', (n) => {
    const boards = [...everyBoard(yGame(n).cellCount, ANY)];
    for (const m of [bpr, bprIncremental]) expectOracleAgrees(m, yGame(n), boards);
  });
});

describe('the 1-word/2-word boundary', () => {
  it.each([
    [GameKind.Hex, 15],
    [GameKind.Hex, 16],
    [GameKind.Y, 16],
    [GameKind.Y, 17],
  ])('%s %i: random full and partial boards, and edge-to-edge chains along the last rows', (game, n) => {
    const g = geometryOf(game, n);
    const boards: Uint8Array[] = [];
    for (let s = 1; s <= 150; s++)
      boards.push(randomCells(g, 0, testRandom(s * 7919)), randomCells(g, 0.3, testRandom(s * 104729)));
    // Chains through the rows that sit in the hi word (Hex row 15, the template; Y row 16).
    for (const colour of [Color.Black, Color.White]) {
      const line = new Uint8Array(g.cellCount);
      for (let i = 0; i < g.cellCount; i++) {
        const lastRow = (g.row[i] as number) === n - 1;
        const firstCol = (g.col[i] as number) === 0;
        if (game === GameKind.Hex ? (colour === Color.Black ? firstCol : lastRow) : lastRow) line[i] = colour;
      }
      boards.push(line);
    }
    for (const m of [bpr, bprIncremental]) expectOracleAgrees(m, g, boards);
    expectOracleAgrees(
      bprPacked,
      g,
      boards.filter((b) => !b.includes(Color.Empty)),
    );
  });
});

describe('random boards up to the largest sizes (fast-check)', () => {
  const check = (
    game: GameKind,
    maxSize: number,
    methods: readonly WinTestMethod[],
    emptyShare: fc.Arbitrary<number>,
  ) =>
    fc.assert(
      fc.property(boardArb(game, maxSize, emptyShare), ({ n, seed, emptyShare: share }) => {
        const g = geometryOf(game, n);
        const cells = randomCells(g, share, testRandom(seed));
        const want = oracleWinner(game, n, cells);
        for (const m of methods) expect(m.create(g).winner(cells), `${m.name} ${game} ${n} seed ${seed}`).toBe(want);
      }),
      { numRuns: 150 },
    );
  it('full Hex boards, 1…31', () => check(GameKind.Hex, 31, [bpr, bprPacked, bprIncremental], fc.constant(0)));
  it('full Y boards, 1…32', () => check(GameKind.Y, 32, [bpr, bprPacked, bprIncremental], fc.constant(0)));
  it('partial Hex boards, 1…31', () =>
    check(GameKind.Hex, 31, [bpr, bprIncremental], fc.double({ min: 0, max: 0.9, noNaN: true })));
  it('partial Y boards, 1…32', () =>
    check(GameKind.Y, 32, [bpr, bprIncremental], fc.double({ min: 0, max: 0.9, noNaN: true })));
});

describe('non-destructiveness and prepared batches', () => {
  it.each([
    [GameKind.Hex, 11],
    [GameKind.Hex, 20],
    [GameKind.Y, 11],
    [GameKind.Y, 24],
  ])('%s %i: winner leaves the board alone, a batch keeps its own copy, and decides again the same', (game, n) => {
    const g = geometryOf(game, n);
    for (const m of [bpr, bprPacked]) {
      const test = m.create(g);
      const boards = [1, 2, 3, 4, 5, 6].map((s) => randomCells(g, 0, testRandom(s * 31337)));
      const copies = boards.map((b) => b.slice());
      const want = boards.map((b) => oracleWinner(game, n, b));
      boards.forEach((b, i) => {
        expect(test.winner(b)).toBe(want[i]);
        expect(b).toEqual(copies[i]);
      });
      const batch = test.prepare(boards);
      for (const b of boards) b.fill(Color.Black);
      const out = new Uint8Array(boards.length);
      batch.decideAll(out);
      expect([...out]).toEqual(want);
      // Deciding other boards in between must not disturb the batch's words.
      test.winner(randomCells(g, 0, testRandom(99)));
      out.fill(0);
      batch.decideAll(out);
      expect([...out]).toEqual(want);
    }
  });
});

describe('bpr-packed', () => {
  it('says it decides full boards only', () => {
    expect(bprPacked.supports.partialBoards).toBe(false);
    expect(bpr.supports.partialBoards).toBe(true);
  });
  it.each([
    [GameKind.Hex, 5],
    [GameKind.Y, 5],
  ])('refuses a %s %i board with an empty cell, in winner and in prepare', (game, n) => {
    const g = geometryOf(game, n);
    const full = randomCells(g, 0, testRandom(5));
    const partial = full.slice();
    partial[g.cellCount - 1] = Color.Empty;
    const test = bprPacked.create(g);
    expect(() => test.winner(partial)).toThrow(/bpr-packed decides full boards only/);
    expect(() => test.prepare([full, partial])).toThrow(/bpr-packed decides full boards only/);
    expect(test.winner(full)).toBe(oracleWinner(game, n, full));
  });
});

describe('bpr-incremental', () => {
  it('declares and creates an incremental test', () => {
    expect(bprIncremental.supports.incremental).toBe(true);
    expect(bprIncremental.createIncremental).toBeDefined();
  });

  function firstDifference(a: Int32Array, b: Int32Array): number {
    if (a.length !== b.length) return Math.min(a.length, b.length);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
    return -1;
  }

  /** Plays a whole random game (every cell, alternating colours), checking the pyramid after every move. */
  function playChecked(g: Geometry, seed: number): void {
    const pyramid = new BprPyramid(g);
    const cells = new Uint8Array(g.cellCount);
    const order = Array.from({ length: g.cellCount }, (_, i) => i);
    let s = seed | 1;
    for (let i = order.length - 1; i > 0; i--) {
      s = (Math.imul(s, 1103515245) + 12345) | 0;
      const k = (s >>> 8) % (i + 1);
      [order[i], order[k]] = [order[k] as number, order[i] as number];
    }
    let colour: Player = Color.Black;
    for (const cell of order) {
      pyramid.play(cell, colour);
      cells[cell] = colour;
      colour = colour === Color.Black ? Color.White : Color.Black;
      expect(firstDifference(pyramid.snapshot(), pyramidOf(g, cells)), `pyramid word after move ${cell}`).toBe(-1);
      expect(pyramid.winner()).toBe(oracleWinner(g.game, g.size, cells));
    }
  }

  it.each([
    [GameKind.Hex, 1],
    [GameKind.Hex, 2],
    [GameKind.Hex, 7],
    [GameKind.Hex, 16],
    [GameKind.Y, 1],
    [GameKind.Y, 9],
    [GameKind.Y, 17],
  ])('%s %i: the pyramid after every move equals one built from scratch', (game, n) => {
    playChecked(geometryOf(game, n), 4242 + n);
  });

  it('does so for random games at every size (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 32 }),
        fc.integer(),
        (game, n, seed) => {
          playChecked(geometryOf(game, Math.min(n, game === GameKind.Hex ? 31 : 32)), seed);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('starts over on reset, and overwrites a stone played again on its cell', () => {
    const g = hex(5);
    const pyramid = bprIncremental.createIncremental?.(g);
    if (!pyramid) throw new Error('no incremental test');
    for (let r = 0; r < 5; r++) pyramid.play(g.index(r, 2), Color.Black);
    expect(pyramid.winner()).toBe(Color.Black);
    pyramid.reset();
    expect(pyramid.winner()).toBe(Color.Empty);
    for (let c = 0; c < 5; c++) pyramid.play(g.index(2, c), Color.Black);
    for (let c = 0; c < 5; c++) pyramid.play(g.index(2, c), Color.White);
    expect(pyramid.winner()).toBe(Color.White);
  });

  it('updates only a cone: a move changes columns x − p … x of level p', () => {
    const g = hex(9);
    const pyramid = new BprPyramid(g);
    const cells = randomCells(g, 0.5, testRandom(77));
    cells[g.index(4, 6)] = Color.Empty;
    pyramid.load(cells);
    const before = pyramid.snapshot();
    pyramid.play(g.index(4, 6), Color.White);
    const after = pyramid.snapshot();
    const w = pyramid.levelWords;
    for (let i = 0; i < after.length; i++) {
      if (after[i] === before[i]) continue;
      const level = Math.floor(i / w);
      const column = Math.floor((i % w) / 2);
      expect(column).toBeLessThanOrEqual(6);
      expect(column).toBeGreaterThanOrEqual(6 - level);
    }
  });
});
