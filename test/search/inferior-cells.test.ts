// Inferior cells against the exact solver: a side to move that wins keeps
// a winning move once the vulnerable and dominated cells are dropped, on
// every board of Hex 3 and on random boards of Hex 4 and 5; the whole
// pruning of a node with `inferior` keeps a winning move, or decides the
// position rightly; and positions built by hand.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { deadCells } from '../../src/search/knowledge/dead-cells.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { parseTactics } from '../../src/search/knowledge/tactics.js';
import { withoutInferior } from '../../src/search/knowledge/inferior-cells.js';
import { movesWorthSearching } from '../../src/search/knowledge/worth-searching.js';
import { ANY, boardText, everyBoard, randomBoards } from '../helpers/boards.js';

/** Whether `move` wins for the side to move of `position` (not over), by the solver. */
function winsWith(position: Position, move: number): boolean {
  const after = position.clone();
  after.play(move);
  return after.winner() === position.toMove || (!after.isOver() && !solve(after).wins);
}

/** The positions of `boards` of Hex `n`, with each side to move, that are not over. */
function* positionsOf(n: number, boards: Iterable<Uint8Array>): Generator<Position> {
  for (const cells of boards)
    for (const toMove of [Color.Black, Color.White] as const) {
      const position = Position.fromText(GameKind.Hex, n, boardText(cells), toMove);
      if (!position.isOver()) yield position;
    }
}

const SMALL: readonly (readonly [number, () => Iterable<Uint8Array>])[] = [
  [3, () => everyBoard(9, ANY)],
  [4, () => randomBoards(16, 800, 0.5, 41)],
  [5, () => randomBoards(25, 120, 0.4, 43)],
];

describe('inferior cells', () => {
  test.each(SMALL)(
    'Hex %i: a side to move that wins has a winning move among the live cells that are not inferior',
    (n, boards) => {
      const g = geometryOf(GameKind.Hex, n);
      let dropped = 0;
      for (const position of positionsOf(n, boards())) {
        const filled = deadCells(g, position.cells()).filled;
        const live = position.legalMoves().filter((c) => filled[c] === Color.Empty);
        if (live.length === 0) continue;
        const kept = withoutInferior(g, filled, live, position.toMove);
        if (kept.length === live.length) continue;
        dropped += live.length - kept.length;
        if (!solve(position).wins) continue;
        if (!kept.some((m) => winsWith(position, m)))
          throw new Error(
            `Hex ${n} ${position.toText()}: ${position.toMove} wins, but not with ${kept.join(' ')} (inferior cells dropped)`,
          );
      }
      expect(dropped).toBeGreaterThan(n === 3 ? 1000 : 50);
    },
  );

  test.each(SMALL)(
    'Hex %i: a node pruned with inferior, dead and mustplay (and H-search) keeps a winning move, or is decided rightly',
    (n, boards) => {
      const g = geometryOf(GameKind.Hex, n);
      const tactics = parseTactics('on+inferior');
      let checked = 0;
      for (const position of positionsOf(n, boards())) {
        const wins = solve(position).wins;
        for (const hSearch of [false, true]) {
          const found = movesWorthSearching(g, position.cells(), position.toMove, tactics, {
            mayProve: true,
            hSearch,
            ownConnection: hSearch,
          });
          if (found === null) continue;
          checked++;
          const right = Array.isArray(found)
            ? !wins || found.some((m) => winsWith(position, m))
            : (found.winner === position.toMove) === wins;
          if (!right)
            throw new Error(
              `Hex ${n} ${position.toText()}: ${position.toMove} ${wins ? 'wins' : 'loses'}, but the pruning gives ${JSON.stringify(found)}`,
            );
        }
      }
      expect(checked).toBeGreaterThan(200);
    },
  );

  test('by hand: a vulnerable cell, and a dominated one that gives way only to a dominator among the moves', () => {
    const g = geometryOf(GameKind.Hex, 5);
    const at = (name: string) => g.index(Number(name.slice(1)) - 1, name.charCodeAt(0) - 97);
    const names = (moves: readonly number[]) =>
      moves.map((c) => `${'abcde'[g.col[c] as number]}${(g.row[c] as number) + 1}`);
    const board = (stones: string) => Position.fromText(GameKind.Hex, 5, stones, Color.Black).cells();
    // With white on b2, white on c2 makes c1 dead (its ring: white b2 and c2, and b1, d1 and black's edge side by side).
    const underWhite = board('......w..................');
    expect(names(withoutInferior(g, underWhite, ['c1', 'c2', 'e3'].map(at), Color.Black))).toEqual(['c2', 'e3']);
    // Black on e1 and d3: black on d2 makes e2 dead, and no white stone does.
    const blackAbove = board('....b........b...........');
    expect(names(withoutInferior(g, blackAbove, ['e2', 'd2', 'a3'].map(at), Color.Black))).toEqual(['d2', 'a3']);
    expect(names(withoutInferior(g, blackAbove, ['e2', 'a3'].map(at), Color.Black))).toEqual(['e2', 'a3']);
    // On the empty board the centre is neither; dropping every move would leave none, so none is dropped.
    expect(names(withoutInferior(g, new Uint8Array(25), ['c3', 'b3'].map(at), Color.Black))).toEqual(['c3', 'b3']);
    expect(names(withoutInferior(g, underWhite, [at('c1')], Color.Black))).toEqual(['c1']);
  });

  test('Y boards: none (dead cells are Hex only)', () => {
    const p = Position.fromText(GameKind.Y, 4, 'bbb.bbbbbb', Color.White);
    expect(withoutInferior(p.geometry, p.cells(), [3], Color.White)).toEqual([3]);
  });
});
