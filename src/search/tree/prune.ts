/**
 * Which moves a node searches, and which nodes are decided before any
 * playout: the knowledge (src/search/knowledge/) as the tree applies it.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import { type Move, type Position } from '../../game/position.js';
import { deadCells } from '../knowledge/dead-cells.js';
import { hasGameConnection } from '../knowledge/h-search.js';
import { type TacticSet, connectingMoves, hasWinningCell, mustPlay } from '../knowledge/tactics.js';
import { virtualWinner } from '../knowledge/virtual-connection.js';
import { propagateProofs } from './backup.js';
import { type TreeContext, stonesForHSearch } from './context.js';
import type { Node } from './node.js';
import { shuffled } from './random.js';

/** Whether restricting `node` to `moves` leaves it a move: one of them, or a child it has proven won (restrict keeps those). */
function leavesAMove(node: Node, moves: readonly Move[]): boolean {
  const allowed = new Set(moves);
  const wonBy = (kid: Node | null | undefined) => kid != null && kid.proven === kid.mover;
  return (
    (node.untried ?? []).some((m) => allowed.has(m)) || node.moves.some((m, j) => allowed.has(m) || wonBy(node.kids[j]))
  );
}

/**
 * Only `moves` may be searched from `node` (its untried moves are all
 * legal ones, or a subset of them): the others' slots go, but a child
 * already proven won stays, as a proof outranks a restriction that may be
 * only a rule of thumb (the bridge answer is not always best).
 */
export function restrict(node: Node, moves: readonly Move[]): void {
  const allowed = allowedMarks(moves);
  const has = (move: Move) => allowed[move + 1] === 1;
  node.keepSlots((kid, move) => has(move) || (kid !== null && kid.proven === kid.mover));
  if (node.untried !== null) node.untried = node.untried.filter(has);
  for (const move of moves) allowed[move + 1] = 0;
}

/** A mark per move (at move + 1, so that SWAP has one), reused and left all 0 between calls. */
let marks = new Uint8Array(0);

/** The marks with `moves` set: the caller clears them after use. */
function allowedMarks(moves: readonly Move[]): Uint8Array {
  let highest = 0;
  for (const move of moves) highest = Math.max(highest, move + 1);
  if (marks.length <= highest) marks = new Uint8Array(2 * highest + 2);
  for (const move of moves) marks[move + 1] = 1;
  return marks;
}

/** Only `moves` may be searched at the root. */
export function restrictRoot(context: TreeContext, root: Node, position: Position, moves: readonly Move[]): void {
  restrict(root, moves);
  const tried = new Set(root.moves);
  root.untried = shuffled(
    moves.filter((m) => !tried.has(m) && position.at(m) === Color.Empty),
    context.next,
  );
  root.visits = root.kids.reduce((s, kid) => s + (kid?.visits ?? 0), 0);
  // The root's proof, if any, came from the children it had: decide it again from those kept.
  root.proven = null;
  propagateProofs([root]);
}

/** Whether `mustplay` or `dead` prunes the moves of `position`: one is switched on and no swap may come. */
function prunes(tactics: TacticSet, position: Position): boolean {
  return (tactics.has('mustplay') || tactics.has('dead')) && !position.canSwap();
}

/** The root's tactics: all those switched on, but `mustplay` and `h-search` only where no swap may come (it would hand the connection over). */
export function rootTactics(context: TreeContext, position: Position): TacticSet {
  const tactics = context.tactics;
  const hSearch = stonesForHSearch(context, position);
  if (!position.canSwap() && hSearch) return tactics;
  return new Set(
    [...tactics].filter(
      (t) => (t !== 'mustplay' || !position.canSwap()) && (t !== 'h-search' || (hSearch && !position.canSwap())),
    ),
  );
}

/**
 * A node's moves, as the search first goes below it (its untried moves
 * are still null), and again as it reaches the knowledge threshold and
 * then the H-search threshold: the moves worth searching, which may prove
 * the node (then `proven` is set, and the parent's priors are made again)
 * or drop some of its slots. The root is pruned, with H-search, at once.
 */
export function prepareMoves(context: TreeContext, node: Node, position: Position, path: readonly Node[]): void {
  const root = path.length === 1;
  const tactics = context.tactics;
  const pruning = prunes(tactics, position);
  const hSearches =
    pruning && tactics.has('mustplay') && tactics.has('h-search') && stonesForHSearch(context, position);
  const ready = root || node.visits >= context.knowledgeVisits;
  const hReady = hSearches && (root || node.visits >= context.hSearchVisits);
  const parent = root ? null : (path[path.length - 2] as Node);
  const ownConnection = hReady && (context.hSearchRecheck || parent === null || !parent.hSearched);
  const pruned = ready ? movesWorthSearching(tactics, position, !root, hReady, ownConnection) : null;
  if (hReady) node.hSearched = true;
  node.pruneAt = !pruning
    ? Number.POSITIVE_INFINITY
    : !ready
      ? context.knowledgeVisits
      : hSearches && !hReady
        ? context.hSearchVisits
        : Number.POSITIVE_INFINITY;
  if (pruned !== null && !Array.isArray(pruned)) {
    node.proven = pruned.winner;
    (path[path.length - 2] as Node).priors = null;
  } else if (node.untried === null) node.untried = shuffled(pruned ?? position.legalMoves(), context.next);
  // The root's earlier restriction (its tactical choice) came from the
  // board as it is, this one from the board with its dead cells filled:
  // both sound, and disjoint only where every move loses. Keep the root a move then.
  else if (pruned !== null && (!root || leavesAMove(node, pruned))) {
    restrict(node, pruned);
    propagateProofs(path);
  }
}

/**
 * A node's moves, as it is first searched: the legal moves; or with the
 * `mustplay` tactic (and no swap to come) the moves that join the side to
 * move by virtual connections, if it has any, else those of the
 * must-play region (tactics.ts), narrowed by H-search's connections with
 * `hSearch` (which also looks for the side to move's own connection of
 * the game with `ownConnection`); with `dead`, without the dead cells and
 * captured pairs, and the rest found on the board with them filled (which
 * keeps the value);
 * null when nothing is pruned (every legal move). Where that
 * decides the node (a joining move wins, and with `hSearch` a
 * semi-connection of the game of the side to move; an empty region
 * loses), its winner, unless `mayProve` is false (the root, which must
 * name a move, and whose own semi-connections are the `connect` tactic's):
 * then the joining moves, or every legal move.
 */
function movesWorthSearching(
  tactics: TacticSet,
  position: Position,
  mayProve: boolean,
  hSearch: boolean,
  ownConnection = hSearch,
): Move[] | { readonly winner: Player } | null {
  if (!prunes(tactics, position)) return null;
  const g = position.geometry;
  const { filled: cells } = tactics.has('dead') ? deadCells(g, position.peekCells()) : { filled: position.peekCells() };
  // With no live cell left (captured pairs can decide a board that is not over), every legal move: the tree decides it.
  const liveMoves = () => {
    const legal = position.legalMoves();
    const live = legal.filter((m) => cells[m] === Color.Empty);
    return live.length === 0 || live.length === legal.length ? null : live;
  };
  if (!tactics.has('mustplay')) return liveMoves();
  const toMove = position.toMove;
  const joining = connectingMoves(g, cells, toMove);
  if (joining === null || joining.length > 0) {
    if (mayProve) return { winner: toMove };
    if (joining !== null) return joining;
  }
  if (ownConnection && mayProve && hasGameConnection(g, cells, toMove)) return { winner: toMove };
  const must = mustPlay(g, cells, toMove, hSearch);
  if (must === null || (must.length === 0 && !mayProve)) return liveMoves();
  return must.length === 0 ? { winner: opponent(toMove) } : must;
}

/**
 * Marks a node decided: won already; with the `leaf-win` tactic, won at
 * once by the side to move; with `leaf-vc`, joined by virtual connections
 * for either side (virtual-connection.ts), unless a swap may still come:
 * it would hand the connecting stones to the other side.
 */
export function prove(context: TreeContext, node: Node, position: Position): void {
  const winner = position.winner();
  if (winner !== Color.Empty) {
    node.proven = winner as Player;
    return;
  }
  const g = position.geometry;
  const cells = position.peekCells();
  if (context.tactics.has('leaf-win') && hasWinningCell(g, cells, position.toMove)) node.proven = position.toMove;
  else if (context.tactics.has('leaf-vc') && !position.canSwap())
    node.proven = virtualWinner(g, cells, position.toMove);
}
