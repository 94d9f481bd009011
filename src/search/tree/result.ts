/** What a search is asked (its limits) and what it answers (the move, the root's moves, its progress). */
import type { Move } from '../../game/position.js';
import type { TacticKind } from '../knowledge/tactics.js';

/** The playouts of a search given neither limit. */
export const PLAYOUTS_WITHOUT_LIMITS = 1000;

/** One search's limits and hooks; with neither limit it stops after 1,000 playouts. */
export interface SearchLimits {
  /** Stop once this many playouts are counted (deterministic for a seed). */
  readonly playouts?: number;
  /** Stop after the round that passes this many milliseconds. */
  readonly timeMs?: number;
  /** Called after every round, for a display of the search as it goes. */
  readonly onProgress?: (progress: SearchProgress) => void;
  /**
   * Stops the search between two rounds (so the tree stays whole, for reuse):
   * the search rejects with the signal's reason.
   */
  readonly signal?: AbortSignal;
  /**
   * Search past a move that a tactic forces (a lone block, a bridge's
   * answer), so that the result carries its value; by default such a move
   * is played at once, with no value. A win at once is played at once either way.
   */
  readonly searchForced?: boolean;
}

/** The search so far, told after every round. */
export interface SearchProgress {
  /** Playouts counted so far in this search. */
  readonly playouts: number;
  readonly rounds: number;
  readonly elapsedMs: number;
  /** Root moves, most visited first. */
  readonly moves: readonly MoveStat[];
}

/** A root move's statistics. */
export interface MoveStat {
  readonly move: Move;
  readonly visits: number;
  /** The mover's share of wins below this move. */
  readonly winRate: number;
  /** With AMAF statistics: playouts below the root in which the mover owned this move's cell at the end. */
  readonly amafVisits?: number;
  /** With AMAF statistics: the mover's share of wins in them (0 without any). */
  readonly amafWinRate?: number;
  /** Set when the tree has decided the move: won or lost for its mover, whatever follows. */
  readonly proven?: 'won' | 'lost';
}

/** What a root move is worth to its mover: its proof where the tree has one (1 or 0), otherwise its win rate. */
export function moveValue(stat: MoveStat): number {
  return stat.proven === 'won' ? 1 : stat.proven === 'lost' ? 0 : stat.winRate;
}

/** The move a search chose, with what the search knows of it and of the other root moves. */
export interface SearchResult {
  readonly move: Move;
  /**
   * The side to move's estimated chance to win with `move`; null when a
   * tactic forced the move and the search did not look past it (see
   * `SearchLimits.searchForced`).
   */
  readonly winRate: number | null;
  /** Playouts counted this search (evaluated, or proven leaves counted as K). */
  readonly playouts: number;
  /** Rounds; for the first move under the swap rule, the searches of the openings (swap-rule.ts). */
  readonly rounds: number;
  /** Playouts the root already had from earlier searches (subtree reuse). */
  readonly reusedPlayouts: number;
  /** The most visited answer to `move` in the tree, if any. */
  readonly expectedReply: Move | null;
  /** The tactic that decided or restricted the root, or the solver that proved the move, if any. */
  readonly tactic: TacticKind | 'solver' | null;
  /**
   * Root moves, most visited first. For the first move under the swap rule,
   * the openings searched, the last stage's first, each with the playouts of
   * its last search and its value with the swap to come.
   */
  readonly moves: readonly MoveStat[];
}

/** A result with no search behind it: a move a tactic or the solver decided. */
export function decidedResult(
  move: Move,
  winRate: number | null,
  reusedPlayouts: number,
  tactic: SearchResult['tactic'],
): SearchResult {
  return { move, winRate, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic, moves: [] };
}
