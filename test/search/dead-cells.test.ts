// Dead cells and captured pairs against the tests' own winner (oracle.ts)
// and the exact solver: filling the dead cells must keep the winner of
// every completion in which the captured pairs are their captors' (all of
// them on every board of Hex 3 and random boards of Hex 4, random ones on
// Hex 5 to 11); giving the captured pairs to their captors must keep the
// position's value, whoever moves; a position whose side to move wins must
// keep a winning move outside both.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { type Cells, GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import {
  type DeadCells,
  deadCells,
  deadCellsAfter,
  reducedAfter,
  reducedBoard,
  ringCodes,
} from '../../src/search/knowledge/dead-cells.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { ANY, boardText, everyBoard, randomBoards, testRandom } from '../helpers/boards.js';
import { oracleWinner } from '../helpers/oracle.js';
import { deadCellsOracle } from '../helpers/dead-cells-oracle.js';

/** Every completion of the empty cells of `cells` (all 2^empty of them), as a fresh board each. */
function* everyCompletion(cells: Cells): Generator<Cells> {
  const empty = [...cells.keys()].filter((c) => cells[c] === Color.Empty);
  for (let bits = 0; bits < 1 << empty.length; bits++) {
    const full = cells.slice();
    empty.forEach((c, i) => (full[c] = (bits >> i) & 1 ? Color.Black : Color.White));
    yield full;
  }
}

/** `count` random completions of `cells`. */
function* randomCompletions(cells: Cells, count: number, seed: number): Generator<Cells> {
  const random = testRandom(seed);
  for (let k = 0; k < count; k++)
    yield cells.map((v) => (v !== Color.Empty ? v : random() < 0.5 ? Color.Black : Color.White));
}

/**
 * Checks that each completion (with the captured pairs their captors')
 * keeps its winner when the dead cells take their filled colours, and
 * returns how many dead cells there were.
 */
function checkFill(n: number, cells: Cells, completions: (cells: Cells) => Iterable<Cells>): number {
  const g = geometryOf(GameKind.Hex, n);
  const { dead, captured, filled } = deadCells(g, cells);
  if (dead.length === 0) return 0;
  for (const c of [...dead, ...captured]) {
    expect(cells[c]).toBe(Color.Empty);
    expect(filled[c]).not.toBe(Color.Empty);
  }
  for (let i = 0; i < captured.length; i += 2)
    expect(filled[captured[i] as number]).toBe(filled[captured[i + 1] as number]);
  expect([...filled.keys()].filter((c) => filled[c] !== cells[c]).sort((a, b) => a - b)).toEqual(
    [...dead, ...captured].sort((a, b) => a - b),
  );
  const withCaptured = cells.slice();
  for (const c of captured) withCaptured[c] = filled[c] as number;
  for (const full of completions(withCaptured)) {
    const overwritten = full.slice();
    for (const c of dead) overwritten[c] = filled[c] as number;
    if (oracleWinner('hex', n, full) !== oracleWinner('hex', n, overwritten)) {
      throw new Error(
        `Hex ${n} ${boardText(cells)}: filling the dead cells ${dead.join(' ')} changes the winner of ${boardText(full)}`,
      );
    }
  }
  return dead.length;
}

/**
 * The boards of Hex 3 and of 3,000 random ones of Hex 4 (45% empty, from
 * `seed`) where deadCells finds something, each with what it finds and
 * its positions with either side to move that are not over.
 */
function* smallBoards(seed: number): Generator<{ n: number; found: DeadCells; positions: Position[] }> {
  for (const [n, boards] of [
    [3, everyBoard(9, ANY)],
    [4, randomBoards(16, 3000, 0.45, seed)],
  ] as const) {
    const g = geometryOf(GameKind.Hex, n);
    for (const cells of boards) {
      const found = deadCells(g, cells);
      if (found.dead.length + found.captured.length === 0) continue;
      const positions = ([Color.Black, Color.White] as const)
        .map((toMove) => Position.fromText(GameKind.Hex, n, boardText(cells), toMove))
        .filter((p) => !p.isOver());
      yield { n, found, positions };
    }
  }
}

describe('dead cells', () => {
  test('every board of Hex 3: filling the dead cells keeps the winner of every completion with the captured pairs given to their captors', () => {
    let dead = 0;
    for (const cells of everyBoard(9, ANY)) dead += checkFill(3, cells, everyCompletion);
    expect(dead).toBeGreaterThan(2000);
  });

  test.each([
    [4, 3000, 0.5, true],
    [5, 1500, 0.4, false],
    [7, 800, 0.35, false],
    [11, 400, 0.3, false],
  ])(
    'random boards of Hex %i: filling the dead cells keeps the winner of every completion tried, the captured pairs given to their captors',
    (n, count, empty, exhaustive) => {
      let dead = 0;
      let k = 0;
      for (const cells of randomBoards(n * n, count, empty, 31 * n))
        dead += checkFill(n, cells, exhaustive ? everyCompletion : (c) => randomCompletions(c, 200, k++));
      expect(dead).toBeGreaterThan(count / 4);
    },
  );

  test('every board of Hex 3 and random ones of Hex 4: giving the captured pairs to their captors keeps the value, whoever moves', () => {
    let pairs = 0;
    for (const { n, found, positions } of smallBoards(6)) {
      const { captured, filled } = found;
      if (captured.length === 0) continue;
      pairs += captured.length / 2;
      for (const position of positions) {
        const toMove = position.toMove;
        const given = Position.fromText(GameKind.Hex, n, boardText(filled), toMove);
        const wins = given.isOver() ? given.winner() === toMove : solve(given).wins;
        if (solve(position).wins !== wins)
          throw new Error(
            `Hex ${n} ${position.toText()}: the captured pairs ${captured.join(' ')} change the value for ${toMove}`,
          );
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });

  test('every board of Hex 3 and random ones of Hex 4: a side to move that wins has a winning move outside the dead cells and captured pairs', () => {
    let pruned = 0;
    for (const { n, found, positions } of smallBoards(5)) {
      const out = [...found.dead, ...found.captured];
      if (out.length === 0) continue;
      for (const position of positions) {
        const toMove = position.toMove;
        const live = position.legalMoves().filter((m) => !out.includes(m));
        // Captured pairs can decide a board that is not over: then the search keeps every move.
        if (live.length === 0) continue;
        pruned += out.length;
        if (!solve(position).wins) continue;
        const winsWith = live.some((m) => {
          const after = position.clone();
          after.play(m);
          return after.winner() === toMove || (!after.isOver() && !solve(after).wins);
        });
        if (!winsWith)
          throw new Error(
            `Hex ${n} ${position.toText()}: ${toMove} wins, but only through dead or captured cells ${out.join(' ')}`,
          );
      }
    }
    expect(pruned).toBeGreaterThan(1000);
  });

  test('by hand: a cell with four neighbours of one colour in a row is dead, and one between two groups of a colour is not', () => {
    const hex5 = (rows: readonly string[]) => Position.fromText(GameKind.Hex, 5, rows.join(''), Color.Black);
    // c3's ring from the east: d3, d2, c2, b3, b4, c4. White holds d2 c2 b3 b4.
    const four = hex5(['.....', '..ww.', '.w...', '.w...', '.....']);
    expect(deadCells(four.geometry, four.cells()).dead).toContain(four.geometry.index(2, 2));
    // Black on c2 and c4 only: c3 would join them.
    const joins = hex5(['.....', '..b..', '.....', '..b..', '.....']);
    expect(deadCells(joins.geometry, joins.cells()).dead).toEqual([]);
    // An empty board has none; a full one none to find.
    const empty = Position.empty(GameKind.Hex, 5);
    expect(deadCells(empty.geometry, empty.cells()).dead).toEqual([]);
  });

  test('Y boards: none (the arc argument is Hex only)', () => {
    const p = Position.fromText(GameKind.Y, 4, 'bbb.bbbbbb', Color.White);
    expect(deadCells(p.geometry, p.cells()).dead).toEqual([]);
  });
});

describe('the ring-code finder against the first one', () => {
  test('the same dead cells, captured pairs and fill, in the same order, on random boards of Hex 1 to 13', () => {
    for (let n = 1; n <= 13; n++) {
      const g = geometryOf(GameKind.Hex, n);
      for (const empty of [0.3, 0.5, 0.7]) {
        for (const cells of randomBoards(g.cellCount, 200, empty, 1000 * n))
          expect(deadCells(g, cells), `Hex ${n}: ${boardText(cells)}`).toEqual(deadCellsOracle(g, cells));
      }
    }
  });
});

describe('the reduced board one stone later (deadCellsAfter), against the full finder and the solver', () => {
  /** Each reduced board of random Hex n boards with each empty cell of it taken by each colour: the board before, the stone, the result. */
  function* stonesOnReducedBoards(n: number, count: number, empty: number, seed: number) {
    const g = geometryOf(GameKind.Hex, n);
    for (const cells of randomBoards(g.cellCount, count, empty, seed)) {
      const reduced = deadCells(g, cells).filled;
      for (let move = 0; move < g.cellCount; move++) {
        if (reduced[move] !== Color.Empty) continue;
        for (const colour of [Color.Black, Color.White] as const)
          yield { g, cells, reduced, move, colour, after: deadCellsAfter(g, reduced, move, colour) };
      }
    }
  }

  test.each([
    [4, 300, 0.6],
    [7, 60, 0.5],
    [11, 20, 0.6],
  ])(
    'random boards of Hex %i: it keeps every stone and fill before, and leaves no dead cell or captured pair',
    (n, count, empty) => {
      let grew = 0;
      for (const { g, reduced, move, colour, after } of stonesOnReducedBoards(n, count, empty, 17 * n)) {
        const before = reduced.slice();
        before[move] = colour;
        for (let c = 0; c < g.cellCount; c++) if (before[c] !== Color.Empty) expect(after[c]).toBe(before[c]);
        const left = deadCells(g, after);
        expect(left.dead.length + left.captured.length, `Hex ${n}: ${boardText(after)}`).toBe(0);
        if (after.some((v, c) => v !== before[c])) grew++;
      }
      expect(grew).toBeGreaterThan(count);
    },
  );

  test('random boards of Hex 4: the board with the stone keeps its value for the side to move after it', () => {
    let checked = 0;
    let reducedFurther = 0;
    for (const { cells, reduced, move, colour, after } of stonesOnReducedBoards(4, 200, 0.6, 5)) {
      if (cells[move] !== Color.Empty) continue;
      const real = cells.slice();
      real[move] = colour;
      const toMove = colour === Color.Black ? Color.White : Color.Black;
      const position = Position.fromText(GameKind.Hex, 4, boardText(real), toMove);
      const given = Position.fromText(GameKind.Hex, 4, boardText(after), toMove);
      const valueOf = (p: Position) => (p.isOver() ? p.winner() === toMove : solve(p).wins);
      if (valueOf(position) !== valueOf(given))
        throw new Error(
          `Hex 4 ${boardText(real)}: the reduced board ${boardText(after)} changes the value for ${toMove}`,
        );
      checked++;
      if (after.filter((v, c) => v !== reduced[c]).length > 1) reducedFurther++;
    }
    expect(checked).toBeGreaterThan(1000);
    expect(reducedFurther).toBeGreaterThan(50);
  });

  test('made from the ring codes before (as the search does, a stone at a time), it is the board deadCellsAfter makes, with its own ring codes', () => {
    for (const n of [5, 9, 11]) {
      const g = geometryOf(GameKind.Hex, n);
      for (const cells of randomBoards(g.cellCount, 10, 0.8, 31 * n)) {
        // A line of play: each stone on the reduced board of the one before, as down a branch of the tree.
        let board = reducedBoard(g, deadCells(g, cells).filled);
        let colour: Color.Black | Color.White = Color.Black;
        for (let move = 0; move < g.cellCount; move += 7) {
          if (cells[move] !== Color.Empty) continue;
          const next = reducedAfter(g, board.cells, board.codes, move, colour);
          expect([...next.cells]).toEqual([...deadCellsAfter(g, board.cells, move, colour)]);
          expect([...next.codes]).toEqual([...ringCodes(g, next.cells)]);
          board = next;
          colour = colour === Color.Black ? Color.White : Color.Black;
        }
      }
    }
  });

  test('a stone on a cell the reduced board filled changes nothing', () => {
    const g = geometryOf(GameKind.Hex, 5);
    const p = Position.fromText(GameKind.Hex, 5, ['.....', '..ww.', '.w...', '.w...', '.....'].join(''), Color.Black);
    const reduced = deadCells(g, p.cells()).filled;
    const c3 = g.index(2, 2);
    expect(reduced[c3]).not.toBe(Color.Empty);
    expect(deadCellsAfter(g, reduced, c3, Color.Black)).toBe(reduced);
  });
});
