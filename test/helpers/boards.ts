/**
 * Boards for the tests: every board of a small size, and random boards from
 * a small seeded generator (not the playout RNG, which is under test).
 */
import { Color } from '../../src/game/color.js';
import type { Cells, Geometry } from '../../src/game/geometry.js';

export const FULL = [Color.Black, Color.White] as const;
export const ANY = [Color.Empty, Color.Black, Color.White] as const;

/** Every board of `cellCount` cells over `values`, values.length ** cellCount of them, made one at a time. */
export function* everyBoard(cellCount: number, values: readonly number[]): Generator<Uint8Array> {
  const k = values.length;
  for (let code = 0; code < k ** cellCount; code++) {
    const cells = new Uint8Array(cellCount);
    let rest = code;
    for (let i = 0; i < cellCount; i++) {
      cells[i] = values[rest % k] as number;
      rest = Math.floor(rest / k);
    }
    yield cells;
  }
}

/** A small deterministic generator of numbers in [0, 1). */
export function testRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) / (1 << 24);
  };
}

/**
 * Another small generator in [0, 1) (Numerical Recipes' LCG): the search's
 * tests draw their positions from it, and bench/hex-tactics.txt was made
 * with it, so it stays as it is beside testRandom.
 */
export function lcgRandom(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** A board whose cell i is colour(u), u the i-th number of `random`. */
export function boardFrom(g: Geometry, random: () => number, colour: (u: number) => Color): Cells {
  const cells = new Uint8Array(g.cellCount);
  for (let i = 0; i < cells.length; i++) cells[i] = colour(random());
  return cells;
}

/** A board with each cell empty with p = emptyShare, else black with p = blackShare, else white. */
export function randomCells(g: Geometry, emptyShare: number, random: () => number, blackShare = 0.5): Cells {
  return boardFrom(g, random, (u) =>
    u < emptyShare ? Color.Empty : u < emptyShare + (1 - emptyShare) * blackShare ? Color.Black : Color.White,
  );
}

/** The board-text letter of each cell value, as Position.fromText reads it. */
export const CELL_CHAR = { [Color.Empty]: '.', [Color.Black]: 'b', [Color.White]: 'w' } as const;

/** `cells` as board text for Position.fromText. */
export function boardText(cells: Uint8Array): string {
  return Array.from(cells, (v) => CELL_CHAR[v as Color]).join('');
}

/** `count` random boards from testRandom(seed): each cell empty with p = `empty`, else black or white alike. */
export function* randomBoards(cellCount: number, count: number, empty: number, seed: number): Generator<Uint8Array> {
  const rng = testRandom(seed);
  for (let n = 0; n < count; n++) {
    const cells = new Uint8Array(cellCount);
    for (let c = 0; c < cellCount; c++)
      cells[c] = rng() < empty ? Color.Empty : rng() < 0.5 ? Color.Black : Color.White;
    yield cells;
  }
}
