import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, MAX_SIZE, geometryOf } from '../../src/game/geometry.js';
import { pathFollowing } from '../../src/wintest/path.js';
import { ANY, FULL, everyBoard } from '../helpers/boards.js';
import { type OracleGame, oracleWinner } from '../helpers/oracle.js';
import { expectOracleAgrees } from '../helpers/wintest-cases.js';

const GAMES: readonly { kind: GameKind; oracle: OracleGame }[] = [
  { kind: GameKind.Hex, oracle: 'hex' },
  { kind: GameKind.Y, oracle: 'y' },
];

function checkEvery(game: (typeof GAMES)[number], n: number, full: boolean): void {
  const g = geometryOf(game.kind, n);
  expectOracleAgrees(pathFollowing, g, [...everyBoard(g.cellCount, full ? FULL : ANY)]);
}

describe('path: exhaustive small boards', () => {
  const hex = GAMES[0] as (typeof GAMES)[number];
  const y = GAMES[1] as (typeof GAMES)[number];
  for (const n of [1, 2, 3, 4]) it(`every full Hex ${n}×${n}`, () => checkEvery(hex, n, true));
  for (const n of [1, 2, 3]) it(`every partial Hex ${n}×${n}`, () => checkEvery(hex, n, false));
  for (const n of [1, 2, 3, 4, 5]) it(`every full Y ${n}`, () => checkEvery(y, n, true));
  for (const n of [1, 2, 3, 4]) it(`every partial Y ${n}`, () => checkEvery(y, n, false));
});

/** A game, a size in its range, and a board; full boards hold no empty cell. */
function boardArb(full: boolean) {
  return fc.constantFrom(...GAMES).chain((game) =>
    fc.integer({ min: 1, max: MAX_SIZE[game.kind] }).chain((n) => {
      const g = geometryOf(game.kind, n);
      // Partial boards lean towards stones, so that wins are common.
      const cell = full ? fc.constantFrom(1, 2) : fc.constantFrom(0, 1, 1, 2, 2);
      return fc
        .array(cell, { minLength: g.cellCount, maxLength: g.cellCount })
        .map((list) => ({ game, n, cells: Uint8Array.from(list) }));
    }),
  );
}

describe('path: random boards of every size', () => {
  it('agrees with the oracle on full boards, and a full board always has a winner', () => {
    fc.assert(
      fc.property(boardArb(true), ({ game, n, cells }) => {
        const w = pathFollowing.create(geometryOf(game.kind, n)).winner(cells);
        expect(w).toBe(oracleWinner(game.oracle, n, cells));
        expect(w).not.toBe(Color.Empty);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the oracle on partial boards', () => {
    fc.assert(
      fc.property(boardArb(false), ({ game, n, cells }) => {
        expect(pathFollowing.create(geometryOf(game.kind, n)).winner(cells)).toBe(oracleWinner(game.oracle, n, cells));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same answers board by board, reused, and through a prepared batch', () => {
    fc.assert(
      fc.property(fc.array(boardArb(false), { minLength: 1, maxLength: 8 }), (list) => {
        for (const game of GAMES) {
          for (const n of new Set(list.filter((b) => b.game === game).map((b) => b.n))) {
            const boards = list.filter((b) => b.game === game && b.n === n).map((b) => b.cells);
            const test = pathFollowing.create(geometryOf(game.kind, n));
            const out = new Uint8Array(boards.length);
            test.prepare(boards).decideAll(out);
            expect(Array.from(out)).toEqual(boards.map((cells) => oracleWinner(game.oracle, n, cells)));
            expect(boards.map((cells) => test.winner(cells))).toEqual(Array.from(out));
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('path: hand-made positions', () => {
  it('follows a winding Hex path that doubles back upwards', () => {
    const g = geometryOf(GameKind.Hex, 5);
    // Down column a, right, up column c, right, then down column e.
    const rows = ['b....', 'b.bbb', 'b.b.b', 'bbb.b', '....b'];
    const cells = Uint8Array.from(rows.join(''), (ch) => (ch === 'b' ? Color.Black : Color.Empty));
    const test = pathFollowing.create(g);
    expect(test.winner(cells)).toBe(Color.Black);
    cells[g.index(1, 3)] = Color.White;
    expect(test.winner(cells)).toBe(Color.Empty);
  });

  it('does not let two Y groups share the sides they touch', () => {
    const g = geometryOf(GameKind.Y, 4);
    const cells = new Uint8Array(g.cellCount);
    // One white group on the left and right sides (the top cell), another on
    // the right side and the bottom (the corner): three sides between them.
    cells[g.index(0, 0)] = Color.White;
    cells[g.index(3, 3)] = Color.White;
    expect(pathFollowing.create(g).winner(cells)).toBe(Color.Empty);
    cells[g.index(1, 1)] = Color.White;
    cells[g.index(2, 2)] = Color.White;
    expect(pathFollowing.create(g).winner(cells)).toBe(Color.White);
  });
});
