// H-search's connections of the game against the exact solver: every board of Hex 3 and
// Y 4, random boards of Hex 4 to 6 and Y 5 and 6; and against the greedy templates of
// virtual-connection.ts, which it must match or beat.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import {
  DEFAULT_H_SEARCH_LIMITS,
  type HSearchLimits,
  gameConnections,
  hasGameConnection,
  hSearchLimitsOfWidth,
} from '../../src/search/knowledge/h-search.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { virtuallyConnected } from '../../src/search/knowledge/virtual-connection.js';
import { ANY, CELL_CHAR, boardText, everyBoard, randomBoards } from '../helpers/boards.js';

/** Whether `player` wins the board text with `toMove` to move, by the solver. */
function solverSaysWins(game: GameKind, size: number, text: string, toMove: Player, player: Player): boolean {
  const position = Position.fromText(game, size, text, toMove);
  if (position.isOver()) return position.winner() === player;
  return solve(position).wins === (toMove === player);
}

/** `cells` with `player` at `key` (if any) and the opponent of `player` on every empty cell outside `carrier`. */
function filledOutside(cells: Uint8Array, carrier: readonly number[], player: Player, key: number | null): string {
  const inside = new Set(carrier);
  return Array.from(cells, (v, c) =>
    c === key
      ? CELL_CHAR[player]
      : v === Color.Empty && !inside.has(c)
        ? CELL_CHAR[opponent(player)]
        : CELL_CHAR[v as Color],
  ).join('');
}

interface Tally {
  full: number;
  semi: number;
  /** Boards the greedy templates join and H-search does not. */
  missed: number;
  /** Boards H-search joins and the greedy templates do not. */
  gained: number;
}

/**
 * Checks every claim on `boards`: a full connection must win for its player
 * whoever moves, even with the opponent on every empty cell outside its
 * carrier; a semi-connection must win once its player takes the key, with
 * the same fill; hasGameConnection must agree that there is one. Counts the claims and the boards where it and the greedy
 * templates differ.
 */
function checkClaims(
  game: GameKind,
  size: number,
  boards: Iterable<Uint8Array>,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
): Tally {
  const tally: Tally = { full: 0, semi: 0, missed: 0, gained: 0 };
  for (const cells of boards) {
    const text = boardText(cells);
    const position = Position.fromText(game, size, text, Color.Black);
    if (position.isOver()) continue;
    const g = position.geometry;
    for (const player of [Color.Black, Color.White] as const) {
      const found = gameConnections(g, cells, player, limits);
      const greedy = virtuallyConnected(g, cells, player);
      // The tree's quick question, which in Hex stops at the first connection it finds.
      expect(hasGameConnection(g, cells, player, undefined, limits)).toBe(
        found.full !== null || found.semis.length > 0,
      );
      if (greedy && found.full === null) tally.missed++;
      if (!greedy && found.full !== null) tally.gained++;
      if (found.full !== null) {
        tally.full++;
        expect(found.semis).toEqual([]);
        for (const toMove of [player, opponent(player)] as const) {
          if (!solverSaysWins(game, size, text, toMove, player))
            throw new Error(
              `${game} ${size}: ${text} has a full connection for ${player}, yet loses with ${toMove} to move`,
            );
        }
        const outside = filledOutside(cells, found.full, player, null);
        if (!solverSaysWins(game, size, outside, opponent(player), player))
          throw new Error(
            `${game} ${size}: ${text}, fully connected for ${player}, loses once the opponent fills outside the carrier`,
          );
      }
      for (const { key, carrier } of found.semis) {
        tally.semi++;
        if (cells[key] !== Color.Empty || !carrier.includes(key))
          throw new Error(`${game} ${size}: ${text}: key ${key} of ${player} is not an empty cell of its carrier`);
        const outside = filledOutside(cells, carrier, player, key);
        if (!solverSaysWins(game, size, outside, opponent(player), player))
          throw new Error(
            `${game} ${size}: ${text}: ${player} playing ${key} loses once the opponent fills outside the carrier ${carrier.join(',')}`,
          );
      }
    }
  }
  return tally;
}

describe('gameConnections (H-search)', () => {
  test('every board of Hex 3: every full and semi-connection is a win, and the greedy templates never see more', () => {
    const tally = checkClaims(GameKind.Hex, 3, everyBoard(9, ANY));
    expect(tally.full).toBeGreaterThan(1000);
    expect(tally.semi).toBeGreaterThan(1000);
    expect(tally.missed).toBe(0);
  });

  test('every board of Y 4: every full and semi-connection is a win, and the greedy templates never see more', () => {
    const tally = checkClaims(GameKind.Y, 4, everyBoard(10, ANY));
    expect(tally.full).toBeGreaterThan(1000);
    expect(tally.semi).toBeGreaterThan(1000);
    expect(tally.missed).toBe(0);
  });

  test.each([
    [GameKind.Hex, 4, 1500, 0.5],
    [GameKind.Hex, 5, 800, 0.4],
    [GameKind.Hex, 6, 150, 0.35],
    [GameKind.Y, 5, 1500, 0.5],
    [GameKind.Y, 6, 600, 0.4],
  ])(
    'random boards of %s %i: every claim is a win, and H-search joins boards the greedy templates do not',
    (game, size, count, empty) => {
      const cellCount = Position.empty(game, size).geometry.cellCount;
      const tally = checkClaims(game, size, randomBoards(cellCount, count, empty, size * 37));
      expect(tally.full).toBeGreaterThan(count / 20);
      expect(tally.semi).toBeGreaterThan(count / 20);
      expect(tally.gained).toBeGreaterThan(0);
      expect(tally.missed).toBe(0);
    },
  );

  test('narrower widths (h-search-width) keep fewer connections a pair, and every claim is still a win (random boards of Hex 5)', () => {
    expect(hSearchLimitsOfWidth(8)).toBe(DEFAULT_H_SEARCH_LIMITS);
    expect(hSearchLimitsOfWidth(4)).toEqual({ fullPerPair: 4, semiPerPair: 6, orDepth: 3 });
    const cellCount = Position.empty(GameKind.Hex, 5).geometry.cellCount;
    const boards = () => randomBoards(cellCount, 400, 0.45, 5 * 41);
    const wide = checkClaims(GameKind.Hex, 5, boards());
    const narrow = checkClaims(GameKind.Hex, 5, boards(), hSearchLimitsOfWidth(1));
    expect(narrow.full + narrow.semi).toBeGreaterThan(0);
    expect(narrow.full + narrow.semi).toBeLessThan(wide.full + wide.semi);
  });

  test('the empty Hex 3 board: the centre is a key for either player, nothing is full', () => {
    const p = Position.empty(GameKind.Hex, 3);
    for (const player of [Color.Black, Color.White] as const) {
      const found = gameConnections(p.geometry, p.cells(), player);
      expect(found.full).toBeNull();
      expect(found.semis.map((s) => s.key)).toContain(p.geometry.index(1, 1));
    }
  });
});
