/**
 * Which moves a node searches, and which nodes are decided before any
 * playout: the knowledge (src/search/knowledge/) as the tree applies it.
 */
import { Color, type Player } from '../../game/color.js';
import { type Move, type Position } from '../../game/position.js';
import { type TacticSet, hasWinningCell } from '../knowledge/tactics.js';
import { type KnowledgeReach, type WorthSearching, movesWorthSearching } from '../knowledge/worth-searching.js';
import { PastDeadline } from '../knowledge/h-search.js';
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

/** Whether `mustplay`, `dead` or `inferior` prunes the moves of `position`: one is switched on and no swap may come. */
function prunes(tactics: TacticSet, position: Position): boolean {
  return (tactics.has('mustplay') || tactics.has('dead') || tactics.has('inferior')) && !position.canSwap();
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
 * then the H-search threshold: the moves worth searching
 * (knowledge/worth-searching.ts), which may prove the node (then `proven`
 * is set, and the parent's priors are made again) or drop some of its
 * slots. The root is pruned, with H-search, at once. With deferred
 * knowledge a node's H-search is sent off, to be applied rounds later
 * (applyFinding); until then it keeps the moves it had. A node's H-search
 * on this thread gives up at the move's deadline (TreeContext.deadline):
 * the node is then pruned without it, and H-searched when next reached.
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
  const deferred = hReady && !root ? context.deferred : null;
  // Deferred, the node's own pass without H-search is made once, at the knowledge threshold (or now, if that is now too).
  const firstPass = node.untried === null || node.pruneAt <= context.knowledgeVisits;
  const reach = {
    mayProve: !root,
    hSearch: hReady && deferred === null,
    ownConnection: ownConnection && deferred === null,
    ...(root ? {} : { hSearchLimits: context.nodeHSearchLimits }),
  };
  let hSearched = hReady;
  let pruned: WorthSearching = null;
  if (ready && pruning && (deferred === null || firstPass)) {
    // The node's reduced board, where the leaves below it made it already, is the dead cells' fill.
    const look = (within: KnowledgeReach, deadline?: number) =>
      movesWorthSearching(
        position.geometry,
        position.peekCells(),
        position.toMove,
        tactics,
        within,
        deadline,
        node.reduced,
      );
    try {
      pruned = look(reach, root ? undefined : context.deadline);
    } catch (error) {
      if (!(error instanceof PastDeadline)) throw error;
      // The move's time is up: what the node knows without H-search, and H-search when it is next reached.
      pruned = look({ ...reach, hSearch: false, ownConnection: false });
      hSearched = false;
    }
  }
  if (hSearched) node.hSearched = true;
  node.pruneAt = !pruning
    ? Number.POSITIVE_INFINITY
    : !ready
      ? context.knowledgeVisits
      : hSearches && !hSearched
        ? context.hSearchVisits
        : Number.POSITIVE_INFINITY;
  if (pruned !== null && !Array.isArray(pruned)) {
    node.proven = pruned.winner;
    (parent as Node).priors = null;
    return;
  }
  if (node.untried === null) node.untried = shuffled(pruned ?? position.legalMoves(), context.next);
  // The root's earlier restriction (its tactical choice) came from the
  // board as it is, this one from the board with its dead cells filled:
  // both sound, and disjoint only where every move loses. Keep the root a move then.
  else if (pruned !== null && (!root || leavesAMove(node, pruned))) {
    restrict(node, pruned);
    propagateProofs(path);
  }
  if (deferred !== null && node.proven === null) {
    const { game, size } = position.geometry;
    const job = { game, size, cells: position.cells(), toMove: position.toMove, tactics: [...tactics] };
    const reach = { mayProve: true, hSearch: true, ownConnection, hSearchLimits: context.nodeHSearchLimits };
    deferred.ask(node, path, { ...job, reach });
  }
}

/**
 * A deferred H-search's finding, rounds after its node asked: the node
 * proven, or its moves narrowed, as prepareMoves would have done at once;
 * nothing where the node was decided meanwhile, or is no longer in the
 * tree (a restriction above it dropped its branch).
 */
export function applyFinding(node: Node, path: readonly Node[], found: WorthSearching): void {
  if (found === null || node.proven !== null || !stillLinked(path)) return;
  if (Array.isArray(found)) restrict(node, found);
  else {
    node.proven = found.winner;
    (path[path.length - 2] as Node).priors = null;
  }
  propagateProofs(path);
}

/** Whether each node on `path` is still a child of the one before. */
function stillLinked(path: readonly Node[]): boolean {
  for (let i = 1; i < path.length; i++) if (!(path[i - 1] as Node).kids.includes(path[i] as Node)) return false;
  return true;
}

/** Undoes a node's deferred H-search that was never applied: it is looked at again when next reached. */
export function forgetFinding(context: TreeContext, node: Node): void {
  node.hSearched = false;
  node.pruneAt = context.hSearchVisits;
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
