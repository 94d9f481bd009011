/**
 * Union-find win tests, updated per move: `unionfind` is Sedgewick's plain
 * quick-union, `wqhuf` weighted quick-union with path halving. The
 * union-find itself is the game model's (src/game/connections.ts).
 */
import { Color, type Winner } from '../game/color.js';
import { UnionFindConnections } from '../game/connections.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { type BoardWinTest, type IncrementalWinTest, type WinTestMethod, BOTH_GAMES, cellsBatch } from './method.js';

function unionFindMethod(name: string, weighted: boolean, summary: string): WinTestMethod {
  const createIncremental = (g: Geometry): IncrementalWinTest => new UnionFindConnections(g, weighted);
  return {
    name,
    summary,
    supports: { games: BOTH_GAMES, partialBoards: true, incremental: true, batches: false },
    createIncremental,
    create(g: Geometry): BoardWinTest {
      const board = createIncremental(g);
      const test = {
        winner(cells: Cells): Winner {
          board.reset();
          // A connection once made cannot be cut by later stones, and two
          // players cannot both connect, so the first win decides the board.
          for (let i = 0; i < cells.length && board.winner() === Color.Empty; i++) {
            const v = cells[i] as Color;
            if (v !== Color.Empty) board.play(i, v);
          }
          return board.winner();
        },
      };
      return { ...test, prepare: (boards) => cellsBatch(test, boards) };
    },
  };
}

export const unionFind = unionFindMethod(
  'unionfind',
  false,
  "union-find, Sedgewick's quick-union, per move, virtual edge nodes (Hex) or side sets per root (Y)",
);
export const weightedUnionFind = unionFindMethod(
  'wqhuf',
  true,
  'union-find, weighted quick-union with path halving, per move, virtual edge nodes (Hex) or side sets per root (Y)',
);
