// Tactics against Position's own union-find win test, on random positions,
// and bridge answers on boards built by hand.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { parseCell } from '../../src/game/notation.js';
import { Position } from '../../src/game/position.js';
import { winsAtOnce } from '../helpers/wins-at-once.js';
import {
  blockingMoves,
  bridgeAnswers,
  fewestCellsToWin,
  hasWinningCell,
  tacticalChoice,
  winningCells,
} from '../../src/search/knowledge/tactics.js';
import { lcgRandom } from '../helpers/boards.js';

/** Random stones of both colours, not yet won; `toMove` as given. */
function randomBoard(game: GameKind, size: number, fill: number, rng: () => number, toMove: Player): Position | null {
  const g = Position.empty(game, size).geometry;
  let text = '';
  for (let c = 0; c < g.cellCount; c++) text += rng() < fill ? (rng() < 0.5 ? 'b' : 'w') : '.';
  const p = Position.fromText(game, size, text, toMove);
  return p.isOver() ? null : p;
}

describe('tactics', () => {
  test.each([
    [GameKind.Hex, 5],
    [GameKind.Hex, 9],
    [GameKind.Y, 7],
  ])('%s %i: winning cells and blocks agree with Position', (game, size) => {
    const rng = lcgRandom(size);
    let withWins = 0;
    let withBlocks = 0;
    for (let t = 0; t < 150; t++) {
      const toMove = rng() < 0.5 ? Color.Black : Color.White;
      const p = randomBoard(game, size, 0.55, rng, toMove);
      if (!p) continue;
      const g = p.geometry;
      const mine = winningCells(g, p.cells(), toMove);
      expect(mine).toEqual(winsAtOnce(p, toMove));
      expect(hasWinningCell(g, p.cells(), toMove)).toBe(mine.length > 0);
      if (mine.length > 0) withWins++;
      const threats = winsAtOnce(p, opponent(toMove));
      const blocks = blockingMoves(g, p.cells(), toMove);
      if (threats.length === 0) {
        expect(blocks).toBeNull();
        continue;
      }
      const expected: number[] = [];
      for (let c = 0; c < g.cellCount; c++) {
        if (p.at(c) !== Color.Empty) continue;
        const q = p.clone();
        q.play(c);
        if (q.isOver() || winsAtOnce(q, opponent(toMove)).length === 0) expected.push(c);
      }
      expect(blocks).toEqual(expected);
      withBlocks++;
    }
    expect(withWins).toBeGreaterThan(5);
    expect(withBlocks).toBeGreaterThan(5);
  });

  /** A Hex board with the named stones, black to move. */
  function hexBoard(size: number, black: string[], white: string[]): Position {
    const g = Position.empty(GameKind.Hex, size).geometry;
    const cells = Array.from({ length: g.cellCount }, () => '.');
    for (const name of black) cells[parseCell(g, name)] = 'b';
    for (const name of white) cells[parseCell(g, name)] = 'w';
    return Position.fromText(GameKind.Hex, size, cells.join(''), Color.Black);
  }

  test('a bridge between two stones, intruded on one side, is answered on the other', () => {
    // b2 and c3 are not adjacent and share c2 and b3.
    const p = hexBoard(5, ['b2', 'c3'], ['c2']);
    const g = p.geometry;
    expect(bridgeAnswers(g, p.cells(), Color.Black, parseCell(g, 'c2'))).toEqual([parseCell(g, 'b3')]);
    expect(tacticalChoice(g, p.cells(), Color.Black, parseCell(g, 'c2'))).toEqual({
      kind: 'bridge',
      moves: [parseCell(g, 'b3')],
    });
    // Both cells taken: nothing to answer; an intrusion elsewhere: nothing either.
    const q = hexBoard(5, ['b2', 'c3'], ['c2', 'b3']);
    expect(bridgeAnswers(g, q.cells(), Color.Black, parseCell(g, 'c2'))).toEqual([]);
    const r = hexBoard(5, ['b2', 'c3'], ['e5']);
    expect(bridgeAnswers(g, r.cells(), Color.Black, parseCell(g, 'e5'))).toEqual([]);
  });

  test('a bridge to the edge is answered, and only to an edge the player needs', () => {
    // Black c2 reaches row 1 through c1 or d1; white takes c1.
    const p = hexBoard(5, ['c2'], ['c1']);
    const g = p.geometry;
    expect(bridgeAnswers(g, p.cells(), Color.Black, parseCell(g, 'c1'))).toEqual([parseCell(g, 'd1')]);
    // White's b3 to column a through a3 and a4 is white's edge, not black's.
    const q = hexBoard(5, ['a3'], ['b3']);
    expect(bridgeAnswers(g, q.cells(), Color.Black, parseCell(g, 'a3'))).toEqual([]);
    expect(bridgeAnswers(g, q.cells(), Color.White, parseCell(g, 'a3'))).toEqual([parseCell(g, 'a4')]);
  });

  test('a win at once comes before a block, and a block before a bridge', () => {
    // Black a1-a4 needs a5 (win); white threatens too.
    const p = hexBoard(5, ['a1', 'a2', 'a3', 'a4'], ['b1', 'b2', 'b3', 'b4']);
    const g = p.geometry;
    expect(tacticalChoice(g, p.cells(), Color.Black, null)?.kind).toBe('win');
    expect(tacticalChoice(g, p.cells(), Color.Black, null)?.moves).toEqual(winsAtOnce(p, Color.Black));
  });

  // Every set of one player's stones on a small board, judged by Position's
  // union-find: the fewest stones that win, and whether one more stone wins,
  // which hasWinningCell's stone-count shortcut must never get wrong.
  test.each([
    [GameKind.Hex, 3],
    [GameKind.Hex, 4],
    [GameKind.Y, 4],
    [GameKind.Y, 5],
  ])('%s %i: fewestCellsToWin and hasWinningCell against every set of stones', (game, size) => {
    const g = Position.empty(game, size).geometry;
    const sets = 1 << g.cellCount;
    for (const player of [Color.Black, Color.White] as const) {
      const wins = new Uint8Array(sets);
      let fewest = Number.POSITIVE_INFINITY;
      for (let set = 0; set < sets; set++) {
        let text = '';
        for (let c = 0; c < g.cellCount; c++) text += (set >> c) & 1 ? (player === Color.Black ? 'b' : 'w') : '.';
        if (Position.fromText(game, size, text, player).winner() !== player) continue;
        wins[set] = 1;
        let stones = 0;
        for (let c = 0; c < g.cellCount; c++) stones += (set >> c) & 1;
        fewest = Math.min(fewest, stones);
      }
      expect(fewestCellsToWin(g, player)).toBe(fewest);
      const cells = new Uint8Array(g.cellCount);
      for (let set = 0; set < sets; set++) {
        if (wins[set]) continue;
        let oneMoreWins = false;
        for (let c = 0; c < g.cellCount; c++) {
          cells[c] = (set >> c) & 1 ? player : Color.Empty;
          if (!((set >> c) & 1) && wins[set | (1 << c)]) oneMoreWins = true;
        }
        expect(hasWinningCell(g, cells, player)).toBe(oneMoreWins);
      }
    }
  });

  test.each([5, 11, 19])('Hex %i: the fewest stones that win are as many as the size (a straight line)', (size) => {
    const g = Position.empty(GameKind.Hex, size).geometry;
    expect(fewestCellsToWin(g, Color.Black)).toBe(size);
    expect(fewestCellsToWin(g, Color.White)).toBe(size);
  });
});
