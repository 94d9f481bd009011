/**
 * Loop detection by reduction (src/wintest/bpr-loops.ts) on hand-made rings
 * and near-rings, then against a flood-fill search for enclosed regions
 * written here, exhaustively on small boards and at random up to the largest.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { parseBoardText } from '../../src/game/board-text.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { hasRing, ringLevel } from '../../src/wintest/bpr-loops.js';
import { boardFrom, testRandom } from '../helpers/boards.js';
import { oracleCell, oracleRowLength, oracleSteps } from '../helpers/oracle.js';

/**
 * The tests' own answer: does some group of cells without a stone of
 * `player` touch no board edge? Adjacency and edges from DESIGN.md, 0-based.
 */
function enclosesByFlood(game: GameKind, n: number, cells: ArrayLike<number>, player: number): boolean {
  const oracle = game === GameKind.Hex ? 'hex' : 'y';
  const rowLength = (r: number) => oracleRowLength(oracle, n, r);
  const at = (r: number, c: number) => oracleCell(oracle, n, r, c);
  const steps = oracleSteps(oracle);
  const onEdge = (r: number, c: number) =>
    game === GameKind.Hex ? r === 0 || r === n - 1 || c === 0 || c === n - 1 : c === 0 || c === r || r === n - 1;
  const seen = new Uint8Array(cells.length);
  for (let r0 = 0; r0 < n; r0++) {
    for (let c0 = 0; c0 < rowLength(r0); c0++) {
      const start = at(r0, c0);
      if (cells[start] === player || seen[start]) continue;
      let touchesEdge = false;
      const stack: [number, number][] = [[r0, c0]];
      seen[start] = 1;
      while (stack.length) {
        const [r, c] = stack.pop() as [number, number];
        if (onEdge(r, c)) touchesEdge = true;
        for (const [dr, dc] of steps) {
          const i = at(r + dr, c + dc);
          if (i >= 0 && !seen[i] && cells[i] !== player) {
            seen[i] = 1;
            stack.push([r + dr, c + dc]);
          }
        }
      }
      if (!touchesEdge) return true;
    }
  }
  return false;
}

/** A board with `player`'s stones on every neighbour of `inside` that is not itself inside, less `gaps`. */
function walledIn(
  g: Geometry,
  inside: readonly [number, number][],
  player: Player,
  gaps: readonly [number, number][] = [],
): Uint8Array {
  const cells = new Uint8Array(g.cellCount);
  const insideCells = new Set(inside.map(([r, c]) => g.index(r, c)));
  for (const cell of insideCells) {
    for (let k = g.neighborStart[cell] as number; k < (g.neighborStart[cell + 1] as number); k++) {
      const nb = g.neighbors[k] as number;
      if (!insideCells.has(nb)) cells[nb] = player;
    }
  }
  for (const [r, c] of gaps) cells[g.index(r, c)] = Color.Empty;
  return cells;
}

describe('hand-made rings in Y', () => {
  const g = geometryOf(GameKind.Y, 5);
  // Six black stones around the empty cell (3, 2), 1-based.
  const ring = parseBoardText(
    g,
    `
        .
       b b
      b . b
     . b b .
    . . . . .`,
  );

  it('finds a six-stone ring around an empty cell on the board itself (level 0)', () => {
    expect(ringLevel(g, ring, Color.Black)).toBe(0);
    expect(hasRing(g, ring, Color.Black)).toBe(true);
    expect(hasRing(g, ring, Color.White)).toBe(false);
  });

  it('finds it around an opponent stone, but not around an own stone', () => {
    const aroundWhite = ring.slice();
    aroundWhite[g.index(2, 1)] = Color.White;
    expect(hasRing(g, aroundWhite, Color.Black)).toBe(true);
    const solid = ring.slice();
    solid[g.index(2, 1)] = Color.Black;
    expect(hasRing(g, solid, Color.Black)).toBe(false);
  });

  it('finds no ring once any one of the six stones is missing or white', () => {
    for (let i = 0; i < g.cellCount; i++) {
      if (ring[i] !== Color.Black) continue;
      const open = ring.slice();
      open[i] = Color.Empty;
      expect(hasRing(g, open, Color.Black), `gap at cell ${i}`).toBe(false);
      open[i] = Color.White;
      expect(hasRing(g, open, Color.Black), `white at cell ${i}`).toBe(false);
    }
  });

  it('finds no ring around a cell on a side', () => {
    // (3, 1), 1-based, lies on the left side: its four neighbours are black.
    const side = parseBoardText(
      g,
      `
          .
         b b
        . b .
       b b . .
      . . . . .`,
    );
    expect(hasRing(g, side, Color.Black)).toBe(false);
  });

  it('finds a larger ring a few passes later, and not when it is broken', () => {
    const big = geometryOf(GameKind.Y, 12);
    const inside: [number, number][] = [
      [5, 2],
      [5, 3],
      [6, 3],
      [6, 4],
      [7, 4],
    ];
    const walled = walledIn(big, inside, Color.White);
    expect(enclosesByFlood(GameKind.Y, 12, walled, Color.White)).toBe(true);
    expect(ringLevel(big, walled, Color.White)).toBeGreaterThan(0);
    expect(hasRing(big, walled, Color.Black)).toBe(false);
    const broken = walledIn(big, inside, Color.White, [[8, 5]]);
    expect(enclosesByFlood(GameKind.Y, 12, broken, Color.White)).toBe(false);
    expect(hasRing(big, broken, Color.White)).toBe(false);
  });

  it('finds a ring drawn against the corner of a large board', () => {
    const big = geometryOf(GameKind.Y, 32);
    const walled = walledIn(
      big,
      [
        [30, 29],
        [30, 28],
      ],
      Color.Black,
    );
    expect(hasRing(big, walled, Color.Black)).toBe(true);
    expect(
      hasRing(
        big,
        walledIn(
          big,
          [
            [30, 29],
            [30, 28],
          ],
          Color.Black,
          [[31, 29]],
        ),
        Color.Black,
      ),
    ).toBe(false);
  });
});

describe('hand-made rings in Hex', () => {
  const g = geometryOf(GameKind.Hex, 5);
  it('finds a ring around the centre for either colour', () => {
    for (const player of [Color.Black, Color.White] as const) {
      const cells = walledIn(g, [[2, 2]], player);
      expect(ringLevel(g, cells, player)).toBe(0);
    }
  });
  it('finds no ring when it is open, or when the walled cell is on an edge', () => {
    expect(hasRing(g, walledIn(g, [[2, 2]], Color.Black, [[1, 3]]), Color.Black)).toBe(false);
    expect(hasRing(g, walledIn(g, [[2, 4]], Color.Black), Color.Black)).toBe(false);
    expect(hasRing(g, walledIn(g, [[4, 2]], Color.White), Color.White)).toBe(false);
  });
  it('finds rings next to the far edges of a 31×31 board', () => {
    const big = geometryOf(GameKind.Hex, 31);
    expect(
      hasRing(
        big,
        walledIn(
          big,
          [
            [29, 29],
            [28, 29],
          ],
          Color.White,
        ),
        Color.White,
      ),
    ).toBe(true);
    expect(
      hasRing(
        big,
        walledIn(
          big,
          [
            [29, 1],
            [29, 2],
          ],
          Color.Black,
        ),
        Color.Black,
      ),
    ).toBe(true);
    expect(hasRing(big, walledIn(big, [[30, 29]], Color.Black), Color.Black)).toBe(false);
  });
});

describe('hasRing against a flood-fill search', () => {
  function everyBoardAgrees(game: GameKind, n: number, values: readonly number[]): void {
    const g = geometryOf(game, n);
    const total = values.length ** g.cellCount;
    const cells = new Uint8Array(g.cellCount);
    for (let code = 0; code < total; code++) {
      let rest = code;
      for (let i = 0; i < g.cellCount; i++) {
        cells[i] = values[rest % values.length] as number;
        rest = Math.floor(rest / values.length);
      }
      for (const player of [Color.Black, Color.White] as const) {
        const want = enclosesByFlood(game, n, cells, player);
        if (hasRing(g, cells, player) !== want) {
          expect(hasRing(g, cells, player), `${game} ${n} player ${player} board ${[...cells].join('')}`).toBe(want);
        }
      }
    }
  }
  it.each([1, 2, 3, 4, 5])('every full Y %i board', (n) => everyBoardAgrees(GameKind.Y, n, [Color.Black, Color.White]));
  it.each([3, 4])('every partial Y %i board', (n) =>
    everyBoardAgrees(GameKind.Y, n, [Color.Empty, Color.Black, Color.White]),
  );
  it.each([1, 2, 3, 4])('every full Hex board of side %i', (n) =>
    everyBoardAgrees(GameKind.Hex, n, [Color.Black, Color.White]),
  );
  it('every partial Hex board of side 3', () =>
    everyBoardAgrees(GameKind.Hex, 3, [Color.Empty, Color.Black, Color.White]));

  it('random boards, Hex up to 31 and Y up to 32 (fast-check)', () => {
    const seen = { ring: 0, none: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 32 }),
        fc.integer(),
        fc.double({ min: 0.3, max: 0.85, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (game, size, seed, share, emptyShare) => {
          const n = Math.min(size, game === GameKind.Hex ? 31 : 32);
          const g = geometryOf(game, n);
          // Dense black boards have many rings; the rest white or empty.
          const cells = boardFrom(g, testRandom(seed), (u) =>
            u < share ? Color.Black : u < share + (1 - share) * emptyShare ? Color.Empty : Color.White,
          );
          for (const player of [Color.Black, Color.White] as const) {
            const want = enclosesByFlood(game, n, cells, player);
            seen[want ? 'ring' : 'none']++;
            expect(hasRing(g, cells, player), `${game} ${n} seed ${seed} player ${player}`).toBe(want);
          }
        },
      ),
      { numRuns: 400 },
    );
    // The boards must exercise both answers, or the comparison proves little.
    expect(seen.ring).toBeGreaterThan(100);
    expect(seen.none).toBeGreaterThan(100);
  });
});
