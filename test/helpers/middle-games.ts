/** Random Hex middle games for the search's tests: not over, with enough moves, and (where the solver is quick) a winning one. */
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { lcgRandom, randomCells } from './boards.js';

/**
 * `count` Hex `size` positions, each cell empty with chance `emptyShare`,
 * either side to move, with at least 8 legal moves; with `winnable` (small
 * boards only: the solver decides it) the side to move has a winning move.
 */
export function middleGames(
  size: number,
  count: number,
  seed: number,
  { emptyShare, winnable }: { readonly emptyShare: number; readonly winnable: boolean },
): Position[] {
  const rng = lcgRandom(seed);
  const g = Position.empty(GameKind.Hex, size).geometry;
  const found: Position[] = [];
  while (found.length < count) {
    const cells = randomCells(g, emptyShare, rng);
    const toMove = rng() < 0.5 ? 1 : 2;
    const p = Position.fromText(GameKind.Hex, size, Array.from(cells, (v) => '.bw'[v]).join(''), toMove);
    if (!p.isOver() && p.legalMoves().length >= 8 && (!winnable || solve(p).winningMoves.length > 0)) found.push(p);
  }
  return found;
}
