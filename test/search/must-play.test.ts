// The must-play region and the joining moves against the exact solver:
// every move the region rules out must lose, and every joining move must
// win, on every board of Hex 3 and Y 4 and on random boards of Hex 4 to 6
// and Y 5 and 6; and positions built by hand.
import { describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { connectingMoves, mustPlay } from '../../src/search/knowledge/tactics.js';
import { ANY, boardText, everyBoard, randomBoards } from '../helpers/boards.js';

/** The side to move wins `position` (not over), by the solver. */
function toMoveWins(position: Position): boolean {
  return solve(position).wins;
}

/** The side to move's result after `move`: whether it wins. */
function winsWith(position: Position, move: number): boolean {
  const after = position.clone();
  after.play(move);
  return after.winner() === position.toMove || (!after.isOver() && !toMoveWins(after));
}

/**
 * Checks every ruling on `boards`, with each side to move: a move outside
 * the must-play region must lose, an empty region must mean a lost
 * position, and a joining move must win; the region narrowed by H-search
 * must lie inside the region without it, and is checked the same way.
 * Returns the moves ruled out without H-search and with it, and the joining
 * moves, so that a caller can insist there were enough of them.
 */
function checkRulings(
  game: GameKind,
  size: number,
  boards: Iterable<Uint8Array>,
): { ruledOut: number; ruledOutWithH: number; joining: number } {
  let ruledOut = 0;
  let ruledOutWithH = 0;
  let joining = 0;
  for (const cells of boards) {
    for (const toMove of [Color.Black, Color.White] as const) {
      const position = Position.fromText(game, size, boardText(cells), toMove);
      if (position.isOver()) continue;
      for (const move of connectingMoves(position.geometry, position.cells(), toMove) ?? []) {
        joining++;
        if (!winsWith(position, move))
          throw new Error(`${game} ${size} ${position.toText()}: ${move} is said to join ${toMove}, yet it loses`);
      }
      const allowed = mustPlay(position.geometry, position.cells(), toMove);
      const allowedWithH = mustPlay(position.geometry, position.cells(), toMove, true);
      if (allowedWithH === null) {
        expect(allowed).toBeNull();
        continue;
      }
      for (const move of allowedWithH) if (allowed !== null) expect(allowed).toContain(move);
      const board = position.toText();
      if (allowedWithH.length === 0 && toMoveWins(position))
        throw new Error(`${game} ${size} ${board}: nothing is left to ${toMove}, yet it wins`);
      for (const move of position.legalMoves()) {
        if (allowedWithH.includes(move)) continue;
        ruledOutWithH++;
        if (allowed !== null && !allowed.includes(move)) ruledOut++;
        if (winsWith(position, move))
          throw new Error(
            `${game} ${size} ${board}: ${move} is ruled out for ${toMove}${allowed?.includes(move) === true ? ' by H-search' : ''}, yet it wins`,
          );
      }
    }
  }
  return { ruledOut, ruledOutWithH, joining };
}

describe('mustPlay and connectingMoves', () => {
  test('every board of Hex 3: every move the region rules out loses, every joining move wins', () => {
    const { ruledOut, ruledOutWithH, joining } = checkRulings(GameKind.Hex, 3, everyBoard(9, ANY));
    expect(ruledOut).toBeGreaterThan(5000);
    expect(ruledOutWithH).toBeGreaterThan(ruledOut);
    expect(joining).toBeGreaterThan(1000);
  });

  test('every board of Y 4: every move the region rules out loses, every joining move wins', () => {
    const { ruledOut, ruledOutWithH, joining } = checkRulings(GameKind.Y, 4, everyBoard(10, ANY));
    expect(ruledOut).toBeGreaterThan(5000);
    expect(ruledOutWithH).toBeGreaterThan(ruledOut);
    expect(joining).toBeGreaterThan(1000);
  });

  test.each([
    [GameKind.Hex, 4, 1500, 0.5],
    [GameKind.Hex, 5, 150, 0.4],
    [GameKind.Hex, 6, 40, 0.3],
    [GameKind.Y, 5, 1500, 0.5],
    [GameKind.Y, 6, 150, 0.45],
  ])(
    'random boards of %s %i: every move the region rules out loses, every joining move wins',
    (game, size, count, empty) => {
      const cellCount = Position.empty(game, size).geometry.cellCount;
      const { ruledOut, ruledOutWithH, joining } = checkRulings(
        game,
        size,
        randomBoards(cellCount, count, empty, size * 17),
      );
      expect(ruledOut).toBeGreaterThan(count);
      expect(ruledOutWithH).toBeGreaterThan(ruledOut);
      expect(joining).toBeGreaterThan(count / 10);
    },
  );

  // Hex 5, rows top to bottom. Black's c2 reaches row 1 by an edge bridge
  // and would reach row 5 by a stone on c4 (edge bridge below it) or b4
  // (likewise), each with its own carrier.
  const hex5 = (rows: readonly string[], toMove: Player) => Position.fromText(GameKind.Hex, 5, rows.join(''), toMove);

  test('a lone threat of the opponent confines the reply to its key and carrier', () => {
    const p = hex5(['.....', '..b..', '.....', '.....', '.....'], Color.White);
    const allowed = mustPlay(p.geometry, p.cells(), Color.White);
    expect(allowed).not.toBeNull();
    // Not everything: the corners far from black's lines are out.
    expect((allowed as number[]).length).toBeLessThan(p.legalMoves().length);
    expect(allowed).not.toContain(p.geometry.index(4, 4));
    expect(allowed).not.toContain(p.geometry.index(0, 0));
  });

  test('a position the opponent has joined already leaves nothing', () => {
    const p = hex5(['.....', '..b..', '.....', '.b...', '.....'], Color.White);
    expect(mustPlay(p.geometry, p.cells(), Color.White)).toEqual([]);
  });

  test('with nothing threatened (an empty board), anything goes', () => {
    const p = Position.empty(GameKind.Hex, 9);
    expect(mustPlay(p.geometry, p.cells(), Color.Black)).toBeNull();
  });

  test("the side to move's own threats restrict nothing", () => {
    const p = hex5(['.....', '..b..', '.....', '.....', '.....'], Color.Black);
    expect(mustPlay(p.geometry, p.cells(), Color.Black)).toBeNull();
  });
});
