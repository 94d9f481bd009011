/** What a round's results do to the tree on the way back up: wins, AMAF counts and proofs. */
import { Color, opponent } from '../../game/color.js';
import { AmafView } from '../../eval/amaf.js';
import type { PositionResult } from '../../eval/types.js';
import type { Node } from './node.js';

/** Adds the wins of the leaf's mover, alternating sides on the way up; each node on the path got `k` visits on the way down. */
export function backup(path: readonly Node[], leafMoverWins: number, k: number): void {
  const leafMover = (path[path.length - 1] as Node).mover;
  for (const node of path) node.wins += node.mover === leafMover ? leafMoverWins : k - leafMoverWins;
  propagateProofs(path);
}

/** For leaves that will never be backed up: their paths lose the K visits counted in advance. */
export function takeBackVirtualLosses(paths: readonly (readonly Node[])[], k: number): void {
  for (const path of paths) for (const node of path) node.visits -= k;
}

/**
 * MCTS-Solver: a node whose side to move has a proven winning child is won
 * for that side; a node all of whose moves are expanded and proven lost for
 * the side to move is won for the other. Decided from the leaf up, as far
 * as anything changes, so late positions get solved, not just sampled.
 */
export function propagateProofs(path: readonly Node[]): void {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i] as Node;
    if (node.proven !== null) continue;
    const toMove = opponent(node.mover);
    if (node.kids.some((k) => k !== null && k.proven === toMove)) node.proven = toMove;
    else if (
      node.untried !== null &&
      node.untried.length === 0 &&
      node.kids.length > 0 &&
      node.kids.every((k) => k !== null && k.proven === node.mover)
    )
      node.proven = node.mover;
    else return;
    if (i > 0) (path[i - 1] as Node).priors = null;
  }
}

/**
 * One leaf's AMAF counts for each player (black at index 0), laid out as a
 * node keeps them (AmafCounts): per cell c, the playouts in which the
 * player owned c at 2c, those of them it won at 2c + 1. Read off the
 * result once for every node on the leaf's path.
 */
let leafAmaf: [Uint32Array, Uint32Array] | null = null;

function leafAmafOf(result: PositionResult): [Uint32Array, Uint32Array] {
  const amaf = new AmafView(result);
  const cells = amaf.cellCount;
  if (leafAmaf === null || leafAmaf[0].length !== 2 * cells)
    leafAmaf = [new Uint32Array(2 * cells), new Uint32Array(2 * cells)];
  const [black, white] = leafAmaf;
  for (let cell = 0; cell < cells; cell++) {
    black[2 * cell] = amaf.owned(Color.Black, cell);
    black[2 * cell + 1] = amaf.ownedAndWon(Color.Black, cell);
    white[2 * cell] = amaf.owned(Color.White, cell);
    white[2 * cell + 1] = amaf.ownedAndWon(Color.White, cell);
  }
  return leafAmaf;
}

/**
 * Adds an evaluated leaf's AMAF counts to every node on its path that keeps
 * them, for the colour to move at that node (the mover of its slots). The
 * priors made from them are made again at once, or (with `staleBy` > 1) once
 * the node's visits have grown past that factor of what they were.
 */
export function backupAmaf(path: readonly Node[], result: PositionResult, staleBy = 1): void {
  const counts = leafAmafOf(result);
  for (const node of path) {
    const amaf = node.amaf;
    if (amaf === null) continue;
    const leaf = counts[node.mover === Color.Black ? 1 : 0];
    for (let i = 0; i < amaf.length; i++) amaf[i] = (amaf[i] as number) + (leaf[i] as number);
    if (staleBy <= 1 || node.visits > staleBy * node.priorsMadeAt) node.priors = null;
  }
}
