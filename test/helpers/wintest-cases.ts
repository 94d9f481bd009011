/**
 * Checks shared by the tests of win-test methods: a comparison of a method
 * with the oracle both one board at a time and as a batch, exhaustively on
 * small boards and on random boards drawn by fast-check, and hand-built
 * winding paths.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import type { WinTestMethod } from '../../src/wintest/method.js';
import { ANY, FULL, everyBoard, randomCells, testRandom } from './boards.js';
import { oracleWinner } from './oracle.js';

function describeBoard(g: Geometry, cells: Uint8Array): string {
  return `${g.game} ${g.size}: ${[...cells].map((v) => '.bw'[v]).join('')}`;
}

/** The method agrees with the oracle on every board, as a batch and one at a time. */
export function expectOracleAgrees(method: WinTestMethod, g: Geometry, boards: readonly Uint8Array[]): void {
  const test = method.create(g);
  const out = new Uint8Array(boards.length);
  test.prepare(boards).decideAll(out);
  boards.forEach((cells, k) => {
    const want = oracleWinner(g.game, g.size, cells);
    if (out[k] !== want) expect.fail(`batch gave ${out[k]}, oracle ${want} on ${describeBoard(g, cells)}`);
    const one = test.winner(cells);
    if (one !== want) expect.fail(`winner() gave ${one}, oracle ${want} on ${describeBoard(g, cells)}`);
  });
}

/** Every full Hex board up to 4×4, every partial one up to 3×3, every full Y board up to 5. */
export function expectExhaustiveAgreement(method: WinTestMethod): void {
  for (let n = 1; n <= 4; n++) expectOracleAgrees(method, geometryOf(GameKind.Hex, n), [...everyBoard(n * n, FULL)]);
  for (let n = 1; n <= 3; n++) expectOracleAgrees(method, geometryOf(GameKind.Hex, n), [...everyBoard(n * n, ANY)]);
  for (let n = 1; n <= 5; n++) {
    expectOracleAgrees(method, geometryOf(GameKind.Y, n), [...everyBoard((n * (n + 1)) / 2, FULL)]);
  }
  for (let n = 1; n <= 3; n++) {
    expectOracleAgrees(method, geometryOf(GameKind.Y, n), [...everyBoard((n * (n + 1)) / 2, ANY)]);
  }
}

export interface BoardCase {
  readonly g: Geometry;
  readonly cells: Uint8Array;
}

/**
 * Random boards of the given game and sizes; `empty` lists the shares of
 * empty cells to draw from (0 alone gives full boards). Black's share varies
 * so that long single-colour groups appear as well as contested boards.
 */
export function boardCase(
  game: GameKind,
  sizes: { min: number; max: number },
  empty: readonly number[],
): fc.Arbitrary<BoardCase> {
  return fc
    .record({
      n: fc.integer(sizes),
      seed: fc.integer(),
      black: fc.constantFrom(0.5, 0.5, 0.35, 0.65, 0.85),
      empty: fc.constantFrom(...empty),
    })
    .map(({ n, seed, black, empty: e }) => {
      const g = geometryOf(game, n);
      return { g, cells: randomCells(g, e, testRandom(seed), black) };
    });
}

/**
 * The method agrees with the oracle on random boards of every size of both
 * games (Hex 1…31, Y 1…32), full, nearly full and half empty.
 */
export function expectRandomAgreement(method: WinTestMethod, numRuns: number): void {
  for (const [game, max] of [
    [GameKind.Hex, 31],
    [GameKind.Y, 32],
  ] as const) {
    fc.assert(
      fc.property(boardCase(game, { min: 1, max }, [0, 0.1, 0.5]), ({ g, cells }) =>
        expectOracleAgrees(method, g, [cells]),
      ),
      { numRuns },
    );
  }
}

/**
 * A Hex board where black's only stones form one path that zigzags down and
 * up the even columns (joined through single cells of the odd columns), so a
 * fill must change direction about N/2 times. With `reachBottom` false the
 * last column stops one row short.
 */
export function hexSerpentine(n: number, reachBottom: boolean): Uint8Array {
  const g = geometryOf(GameKind.Hex, n);
  const cells = new Uint8Array(g.cellCount).fill(Color.White);
  const set = (r: number, c: number): void => {
    cells[g.index(r, c)] = Color.Black;
  };
  set(0, 0);
  const lastColumn = (n - 1) & ~1;
  for (let c = 0; c <= lastColumn; c += 2) {
    for (let r = 1; r <= n - 2; r++) set(r, c);
    if (c + 2 > lastColumn) break;
    // Down the column, across at the bottom; up the next, across at the top.
    set((c / 2) % 2 === 0 ? n - 2 : 1, c + 1);
  }
  if (reachBottom && n > 1) set(n - 1, lastColumn);
  return cells;
}
