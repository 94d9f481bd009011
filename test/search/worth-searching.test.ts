// The tree hands movesWorthSearching the node's reduced board when its
// leaves made it already; with it the knowledge must conclude exactly what
// it concludes when it fills the dead cells itself.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { deadCells } from '../../src/search/knowledge/dead-cells.js';
import { parseTactics } from '../../src/search/knowledge/tactics.js';
import { movesWorthSearching } from '../../src/search/knowledge/worth-searching.js';
import { boardText, randomBoards } from '../helpers/boards.js';

describe('movesWorthSearching with the reduced board given', () => {
  test.each([
    [5, 0.5],
    [7, 0.6],
    [9, 0.7],
  ])('Hex %i: the same moves or winner as with the dead cells found inside', (n, empty) => {
    const g = geometryOf(GameKind.Hex, n);
    const tactics = parseTactics('on,inferior');
    let differ = 0;
    let pruned = 0;
    for (const cells of randomBoards(g.cellCount, 60, empty, 300 + n)) {
      for (const toMove of [Color.Black, Color.White] as const) {
        const position = Position.fromText(GameKind.Hex, n, boardText(cells), toMove);
        if (position.isOver()) continue;
        const board = position.cells();
        const reduced = deadCells(g, board).filled;
        if (reduced.some((c, i) => c !== board[i])) differ++;
        for (const hSearch of [false, true]) {
          const reach = { mayProve: true, hSearch, ownConnection: hSearch };
          const found = movesWorthSearching(g, board, toMove, tactics, reach);
          if (found !== null) pruned++;
          expect(movesWorthSearching(g, board, toMove, tactics, reach, Number.POSITIVE_INFINITY, reduced)).toEqual(
            found,
          );
        }
      }
    }
    // Boards with dead cells, and conclusions to compare, so that the check can fail.
    expect(differ).toBeGreaterThan(5);
    expect(pruned).toBeGreaterThan(5);
  });
});
