// Virtual connections and their carriers against the exact solver: every board of Hex 3
// and Y 4, random late boards of Hex 4 and 5 and Y 5 and 6, and boards built by hand.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { solve } from '../../src/search/knowledge/solver.js';
import {
  ZIGGURATS,
  completionCandidates,
  virtualCarrier,
  virtuallyConnected,
} from '../../src/search/knowledge/virtual-connection.js';
import { ANY, CELL_CHAR, boardText, everyBoard, randomBoards } from '../helpers/boards.js';

/** Whether `player` wins the board (not yet won) with `toMove` to move, by the solver. */
function solverSaysWins(game: GameKind, size: number, text: string, toMove: Player, player: Player): boolean {
  const solution = solve(Position.fromText(game, size, text, toMove));
  return solution.wins === (toMove === player);
}

/**
 * Checks every claim on `boards`: a player said to be connected must win
 * with either side to move. Returns the claims checked, so that a caller can
 * insist there were enough of them.
 */
function checkClaims(game: GameKind, size: number, boards: Iterable<Uint8Array>): number {
  let claims = 0;
  for (const cells of boards) {
    const text = boardText(cells);
    const position = Position.fromText(game, size, text, Color.Black);
    if (position.isOver()) continue;
    for (const player of [Color.Black, Color.White] as const) {
      if (!virtuallyConnected(position.geometry, position.cells(), player)) continue;
      claims++;
      for (const toMove of [player, opponent(player)] as const) {
        if (!solverSaysWins(game, size, text, toMove, player))
          throw new Error(
            `${game} ${size}: ${text} is said to be connected for ${player}, yet it loses with ${toMove} to move`,
          );
      }
      // The carrier: the opponent may take every other cell, and move next, and still lose.
      const carrier = new Set(virtualCarrier(position.geometry, position.cells(), player));
      const outside = Array.from(cells, (v, c) =>
        v === Color.Empty && !carrier.has(c) ? CELL_CHAR[opponent(player)] : CELL_CHAR[v as Color],
      ).join('');
      const filled = Position.fromText(game, size, outside, opponent(player));
      if (filled.isOver() || !solverSaysWins(game, size, outside, opponent(player), player))
        throw new Error(
          `${game} ${size}: ${text}, connected for ${player}, loses once the opponent fills every cell outside its carrier`,
        );
    }
  }
  return claims;
}

describe('virtuallyConnected', () => {
  test('every board of Hex 3: each claim is a win whoever moves', () => {
    expect(checkClaims(GameKind.Hex, 3, everyBoard(9, ANY))).toBeGreaterThan(1000);
  });

  test('every board of Y 4: each claim is a win whoever moves', () => {
    expect(checkClaims(GameKind.Y, 4, everyBoard(10, ANY))).toBeGreaterThan(1000);
  });

  test.each([
    [GameKind.Hex, 4, 3000, 0.5],
    [GameKind.Hex, 5, 1500, 0.35],
    [GameKind.Hex, 6, 600, 0.3],
    [GameKind.Y, 5, 3000, 0.5],
    [GameKind.Y, 6, 1500, 0.4],
  ])('random boards of %s %i: each claim is a win whoever moves', (game, size, count, empty) => {
    const cellCount = Position.empty(game, size).geometry.cellCount;
    expect(checkClaims(game, size, randomBoards(cellCount, count, empty, size * 31))).toBeGreaterThan(count / 20);
  });

  test('the centre of Hex 3 is connected by two edge bridges', () => {
    const p = Position.fromText(GameKind.Hex, 3, '....b....', Color.White);
    expect(virtuallyConnected(p.geometry, p.cells(), Color.Black)).toBe(true);
    expect(virtuallyConnected(p.geometry, p.cells(), Color.White)).toBe(false);
  });

  // Hex 5, rows top to bottom: black c2, b4 and the bridge between them
  // (carrier b3, c3); c2 reaches row 1 and b4 row 5 by edge bridges.
  const chain = ['.....', '..b..', '.....', '.b...', '.....'];
  const hex5 = (rows: readonly string[]) => Position.fromText(GameKind.Hex, 5, rows.join(''), Color.White);

  test('a chain of bridges from edge to edge is connected', () => {
    const p = hex5(chain);
    expect(virtuallyConnected(p.geometry, p.cells(), Color.Black)).toBe(true);
  });

  test('an intrusion into a carrier breaks the chain (nothing else carries it)', () => {
    for (const intruded of [
      ['.....', '..b..', '.w...', '.b...', '.....'],
      ['..w..', '..b..', '.....', '.b...', '.....'],
      ['.....', '..b..', '.....', '.b...', '.w...'],
    ]) {
      const p = hex5(intruded);
      expect(virtuallyConnected(p.geometry, p.cells(), Color.Black)).toBe(false);
    }
  });

  /**
   * `board(null)` has one ziggurat as the player's only link to a side: it
   * must be claimed, and the solver must find the opponent, who moves first,
   * lost there (the carrier holds); `board(k)`, the same with carrier cell k
   * taken by the opponent, must not be claimed.
   */
  function expectZigguratHolds(player: Player, board: (breakAt: number | null) => Position): void {
    const whole = board(null);
    expect(whole.isOver()).toBe(false);
    expect(virtuallyConnected(whole.geometry, whole.cells(), player)).toBe(true);
    expect(solve(whole).wins).toBe(false);
    for (let cell = 0; cell < 8; cell++) {
      const broken = board(cell);
      expect(virtuallyConnected(broken.geometry, broken.cells(), player)).toBe(false);
    }
  }

  /**
   * A Hex 6 board where a stone two rows from `edge` is linked to it by one
   * ziggurat only: the stone's line of stones runs to the far edge, the
   * carrier is empty, and every other cell is the opponent's. Rows and
   * columns are swapped for white (columns a to f), as the board's symmetry does.
   */
  function zigguratBoard(edge: 'near' | 'far', player: Player, shape: number, breakAt: number | null): Position {
    const n = 6;
    const g = Position.empty(GameKind.Hex, n).geometry;
    const steps = ZIGGURATS[shape] as readonly (readonly [number, number])[];
    const sign = edge === 'near' ? 1 : -1;
    // The stone's column (black) or row (white): the first where the whole carrier is on the board.
    const line = [0, 1, 2, 3, 4, 5].find((l) =>
      steps.every(([, d]) => l + sign * d >= 0 && l + sign * d < n),
    ) as number;
    // Black: the stone at row 3 (near: row 1 is its edge) or row 4 (far: row 6).
    const at = (along: number, across: number) =>
      player === Color.Black ? g.index(along, across) : g.index(across, along);
    const stoneAlong = edge === 'near' ? 2 : n - 3;
    const cells = new Array<string>(g.cellCount).fill(player === Color.Black ? 'w' : 'b');
    const mine = player === Color.Black ? 'b' : 'w';
    const lineFrom = edge === 'near' ? stoneAlong : 0;
    const lineTo = edge === 'near' ? n - 1 : stoneAlong;
    for (let k = lineFrom; k <= lineTo; k++) cells[at(k, line)] = mine;
    steps.forEach(([dAlong, dAcross], i) => {
      const along = stoneAlong + sign * dAlong;
      const across = line + sign * dAcross;
      cells[at(along, across)] = i === breakAt ? (player === Color.Black ? 'w' : 'b') : '.';
    });
    return Position.fromText(GameKind.Hex, n, cells.join(''), opponent(player));
  }

  test.each(
    ([Color.Black, Color.White] as const).flatMap((player) =>
      (['near', 'far'] as const).flatMap((edge) => ZIGGURATS.map((_, shape) => [player, edge, shape] as const)),
    ),
  )(
    'a ziggurat links the stone to its edge (%s, %s edge, shape %i), as the solver confirms, and breaks with a cell taken',
    (player, edge, shape) => {
      expectZigguratHolds(player, (breakAt) => zigguratBoard(edge, player, shape, breakAt));
    },
  );

  /**
   * A Y 6 board where a stone three rows up is linked to the bottom side by
   * one ziggurat only: rows 1 to 3 are the player's (they touch the left
   * and right sides), the stone sits on row 4, the carrier is empty, and
   * every other cell is the opponent's; then turned `turns` times (the turn
   * that takes the bottom side to the left one), so each side is tested.
   */
  function yZigguratBoard(player: Player, shape: number, turns: number, breakAt: number | null): Position {
    const n = 6;
    const g = Position.empty(GameKind.Y, n).geometry;
    const them = player === Color.Black ? 'w' : 'b';
    const mine = player === Color.Black ? 'b' : 'w';
    const steps = ZIGGURATS[shape] as readonly (readonly [number, number])[];
    // Y's bottom sees the Hex top edge's steps with their rows negated.
    const carrierAt = (c: number) => steps.map(([dr, dc]) => g.index(3 - dr, c + dc));
    const column = [0, 1, 2, 3].find((c) => carrierAt(c).every((x) => x >= 0)) as number;
    const bottom = new Array<string>(g.cellCount).fill(them);
    for (let cell = 0; cell < g.cellCount; cell++) if ((g.row[cell] as number) <= 2) bottom[cell] = mine;
    bottom[g.index(3, column)] = mine;
    carrierAt(column).forEach((x, i) => (bottom[x] = i === breakAt ? them : '.'));
    let cells = bottom;
    for (let t = 0; t < turns; t++) {
      const turned = new Array<string>(g.cellCount);
      for (let cell = 0; cell < g.cellCount; cell++) {
        const r = g.row[cell] as number;
        const c = g.col[cell] as number;
        turned[g.index(n - 1 - r + c, n - 1 - r)] = cells[cell] as string;
      }
      cells = turned;
    }
    return Position.fromText(GameKind.Y, n, cells.join(''), opponent(player));
  }

  test.each(
    ([Color.Black, Color.White] as const).flatMap((player) =>
      [0, 1, 2].flatMap((turns) => ZIGGURATS.map((_, shape) => [player, turns, shape] as const)),
    ),
  )(
    'a ziggurat links a Y stone to its side (%s, turned %i times, shape %i), as the solver confirms, and breaks with a cell taken',
    (player, turns, shape) => {
      expectZigguratHolds(player, (breakAt) => yZigguratBoard(player, shape, turns, breakAt));
    },
  );
});

describe('ruling a board out before the groups are labelled', () => {
  test.each([
    [GameKind.Hex, 5, 400],
    [GameKind.Hex, 7, 300],
    [GameKind.Hex, 11, 300],
    [GameKind.Y, 6, 300],
    [GameKind.Y, 9, 300],
  ])(
    'random boards of %s %i, sparse to dense: the same connections and completion candidates as without it',
    (game, size, count) => {
      const g = Position.empty(game, size).geometry;
      let connected = 0;
      let candidates = 0;
      for (const empty of [0.95, 0.8, 0.5]) {
        for (const cells of randomBoards(g.cellCount, count, empty, size * 7 + Math.round(empty * 100))) {
          for (const player of [Color.Black, Color.White] as const) {
            const joined = virtuallyConnected(g, cells, player);
            expect(joined, `${game} ${size} ${boardText(cells)}`).toBe(virtuallyConnected(g, cells, player, false));
            const listed = completionCandidates(g, cells, player);
            expect(listed, `${game} ${size} ${boardText(cells)}`).toEqual(
              completionCandidates(g, cells, player, false),
            );
            if (joined) connected++;
            candidates += listed?.length ?? 0;
          }
        }
      }
      expect(connected).toBeGreaterThan(0);
      expect(candidates).toBeGreaterThan(count);
    },
  );
});
