/** What a round's results do to the tree on the way back up: wins, AMAF counts and proofs. */
import { Color, opponent } from '../../game/color.js';
import { type Move, SWAP } from '../../game/position.js';
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

/** One leaf's AMAF counts per player, read off its result once for every node on its path. */
interface LeafAmaf {
  readonly owned: [Uint32Array, Uint32Array];
  readonly won: [Uint32Array, Uint32Array];
}

let leafAmaf: LeafAmaf | null = null;

function leafAmafOf(result: PositionResult): LeafAmaf {
  const amaf = new AmafView(result);
  const cells = amaf.cellCount;
  if (leafAmaf === null || leafAmaf.owned[0].length !== cells) {
    const counts = () => new Uint32Array(cells);
    leafAmaf = { owned: [counts(), counts()], won: [counts(), counts()] };
  }
  const { owned, won } = leafAmaf;
  for (let cell = 0; cell < cells; cell++) {
    owned[0][cell] = amaf.owned(Color.Black, cell);
    owned[1][cell] = amaf.owned(Color.White, cell);
    won[0][cell] = amaf.ownedAndWon(Color.Black, cell);
    won[1][cell] = amaf.ownedAndWon(Color.White, cell);
  }
  return leafAmaf;
}

/**
 * Adds an evaluated leaf's AMAF counts to every slot of every node on its
 * path, for the colour that moves at that node (the slot's mover). The
 * priors made from them are made again at once, or (with `staleBy` > 1) once
 * the node's visits have grown past that factor of what they were.
 */
export function backupAmaf(path: readonly Node[], result: PositionResult, staleBy = 1): void {
  const counts = leafAmafOf(result);
  for (const node of path) {
    const { moves, amafVisits, amafWins } = node;
    if (amafVisits === null || amafWins === null) continue;
    const side = node.mover === Color.Black ? 1 : 0;
    const owned = counts.owned[side] as Uint32Array;
    const won = counts.won[side] as Uint32Array;
    for (let j = 0; j < moves.length; j++) {
      const move = moves[j] as Move;
      if (move === SWAP) continue;
      amafVisits[j] = (amafVisits[j] as number) + (owned[move] as number);
      amafWins[j] = (amafWins[j] as number) + (won[move] as number);
    }
    if (staleBy <= 1 || node.visits > staleBy * node.priorsMadeAt) node.priors = null;
  }
}
