/**
 * Does one stone win? Only the group of the stone just played can newly
 * connect, so a flood fill from that stone decides it exactly, with no
 * union-find to rebuild (the solver plays and takes back millions of stones).
 */
import { Color, type Player } from '../../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry, HexEdge, Y_ALL_SIDES } from '../../game/geometry.js';

/** The edge bits a player's group must touch to win. */
export function goalEdges(g: Geometry, player: Player): number {
  if (g.game === GameKind.Y) return Y_ALL_SIDES;
  return player === Color.Black ? HexEdge.Top | HexEdge.Bottom : HexEdge.Left | HexEdge.Right;
}

/**
 * Whether `player` owning `cell` (whatever the cell holds now) joins a group
 * of `player`'s stones that touches all its goal edges. `seen` is scratch of
 * cellCount entries, cleared here on the way out.
 */
export function stoneWins(g: Geometry, cells: Cells, cell: CellIndex, player: Player, seen: Uint8Array): boolean {
  const goal = goalEdges(g, player);
  const stack: number[] = [cell];
  const visited: number[] = [cell];
  seen[cell] = 1;
  let touched = 0;
  while (stack.length > 0) {
    const c = stack.pop() as number;
    touched |= g.edges[c] as number;
    const end = g.neighborStart[c + 1] as number;
    for (let k = g.neighborStart[c] as number; k < end; k++) {
      const nb = g.neighbors[k] as number;
      if (seen[nb] === 0 && cells[nb] === player) {
        seen[nb] = 1;
        visited.push(nb);
        stack.push(nb);
      }
    }
  }
  for (const c of visited) seen[c] = 0;
  return (touched & goal) === goal;
}
