/**
 * The moves worth searching from a position, as the tree's knowledge finds
 * them: on the cells alone, so that it can run on a thread of its own
 * (knowledge-thread.ts) as well as on the search's.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import { type Cells, type Geometry, type GameKind, geometryOf } from '../../game/geometry.js';
import type { Move } from '../../game/position.js';
import { deadCells } from './dead-cells.js';
import { DEFAULT_H_SEARCH_LIMITS, type HSearchLimits, hasGameConnection } from './h-search.js';
import { type Tactic, type TacticSet, connectingMoves, mustPlay } from './tactics.js';
import { withoutInferior } from './inferior-cells.js';

/** What the knowledge concludes: the moves to search, the position's winner, or null for every legal move. */
export type WorthSearching = Move[] | { readonly winner: Player } | null;

/** How far the knowledge looks (prune.ts decides from a node's visits). */
export interface KnowledgeReach {
  /** Whether a proof may decide the position (not at the root, which must name a move). */
  readonly mayProve: boolean;
  /** Whether H-search narrows the must-play region. */
  readonly hSearch: boolean;
  /** Whether H-search also looks for the side to move's own connection of the game. */
  readonly ownConnection: boolean;
  /** H-search's bounds (default DEFAULT_H_SEARCH_LIMITS). */
  readonly hSearchLimits?: HSearchLimits;
}

/**
 * A position's moves: the legal moves; or with the `mustplay` tactic the
 * moves that join the side to move by virtual connections, if it has any,
 * else those of the must-play region (tactics.ts), narrowed by H-search's
 * connections with `hSearch` (which also looks for the side to move's own
 * connection of the game with `ownConnection`); with `dead`, without the
 * dead cells and captured pairs, and the rest found on the board with them
 * filled (which keeps the value); null when nothing is pruned. Where that
 * decides the position (a joining move wins, and with `hSearch` a
 * semi-connection of the game of the side to move; an empty region loses),
 * its winner, unless `mayProve` is false: then the joining moves, or every
 * legal move. The caller has checked that one of the two tactics is on and
 * that no swap may come, so the legal moves are the empty cells. With
 * `inferior`, the moves kept (but the joining ones) are also rid of the
 * cells vulnerable or dominated for the side to move (inferior-cells.ts),
 * unless that drops them all. H-search throws PastDeadline once performance.now()
 * passes `deadline`. `reduced`, if given, is `board` with its dead cells and
 * captured pairs filled (deadCells' `filled`), made already by the caller.
 */
export function movesWorthSearching(
  g: Geometry,
  board: Readonly<Cells>,
  toMove: Player,
  tactics: TacticSet,
  reach: KnowledgeReach,
  deadline = Number.POSITIVE_INFINITY,
  reduced: Readonly<Cells> | null = null,
): WorthSearching {
  const { mayProve, hSearch, ownConnection } = reach;
  const limits = reach.hSearchLimits ?? DEFAULT_H_SEARCH_LIMITS;
  const cells = !tactics.has('dead') ? board : (reduced ?? deadCells(g, board).filled);
  const inferior = tactics.has('inferior');
  const kept = (moves: Move[]) => (inferior ? withoutInferior(g, cells, moves, toMove) : moves);
  // With no live cell left (captured pairs can decide a board that is not over), every legal move: the tree decides it.
  const liveMoves = () => {
    const live: Move[] = [];
    let legal = 0;
    for (let c = 0; c < g.cellCount; c++) {
      if (board[c] !== Color.Empty) continue;
      legal++;
      if (cells[c] === Color.Empty) live.push(c);
    }
    if (live.length === 0) return null;
    const moves = kept(live);
    return moves.length === legal ? null : moves;
  };
  if (!tactics.has('mustplay')) return liveMoves();
  const joining = connectingMoves(g, cells, toMove);
  if (joining === null || joining.length > 0) {
    if (mayProve) return { winner: toMove };
    if (joining !== null) return joining;
  }
  if (ownConnection && mayProve && hasGameConnection(g, cells, toMove, deadline, limits)) return { winner: toMove };
  const must = mustPlay(g, cells, toMove, hSearch, deadline, limits);
  if (must === null || (must.length === 0 && !mayProve)) return liveMoves();
  return must.length === 0 ? { winner: opponent(toMove) } : kept(must);
}

/** A position's knowledge as a message: what a thread of its own needs to find it. */
export interface KnowledgeJob {
  readonly game: GameKind;
  readonly size: number;
  readonly cells: Cells;
  readonly toMove: Player;
  readonly tactics: readonly Tactic[];
  readonly reach: KnowledgeReach;
}

/** movesWorthSearching for a job. */
export function answerJob(job: KnowledgeJob): WorthSearching {
  return movesWorthSearching(geometryOf(job.game, job.size), job.cells, job.toMove, new Set(job.tactics), job.reach);
}
