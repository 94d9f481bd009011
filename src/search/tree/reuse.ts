/** Subtree reuse: the old tree's node whose board the new root's is, after our move and the opponent's. */
import { sameCells } from '../../game/geometry.js';
import type { Position } from '../../game/position.js';
import type { Node } from './node.js';

function sameBoard(a: Position, b: Position): boolean {
  if (a.toMove !== b.toMove || a.geometry !== b.geometry || a.canSwap() !== b.canSwap()) return false;
  return sameCells(a.peekCells(), b.peekCells());
}

/** The node of `old` (whose position is `oldPosition`), down to its grandchildren, whose board is `position`'s; null when none is. */
export function findReusable(old: Node | null, oldPosition: Position | null, position: Position): Node | null {
  if (!old || !oldPosition || oldPosition.geometry !== position.geometry) return null;
  let frontier: { node: Node; at: Position }[] = [{ node: old, at: oldPosition }];
  for (let depth = 0; depth <= 2; depth++) {
    for (const { node, at } of frontier) {
      // Nodes keep no parent link, so a subtree is a tree of its own as it stands.
      if (sameBoard(at, position)) return node;
    }
    if (depth === 2) break;
    // Slots without a node were never searched: a new root serves as well.
    frontier = frontier.flatMap(({ node, at }) =>
      node.kids.flatMap((kid) => {
        if (kid === null) return [];
        const p = at.clone();
        p.play(kid.move);
        return [{ node: kid, at: p }];
      }),
    );
  }
  return null;
}
