/**
 * The messages between the play page and its search worker, and the search
 * progress boiled down to what the page shows: the best move's win rate and
 * the root visits per cell (the heat map).
 */
import { type Move, type MoveStat, SWAP, moveValue } from '../../src/index.js';
import type { GameSetup } from './game.js';

export type BackendChoice = 'auto' | 'cpu' | 'webgpu';

/** A search's budget: playouts, or milliseconds. */
export type MoveBudget = { readonly playouts: number } | { readonly timeMs: number };

export type ToWorker =
  /** Names the search's random choices: another seed, another game against the same moves. */
  | { readonly kind: 'start'; readonly backend: BackendChoice; readonly seed: number }
  /** Search the game after `moves` for the side to move. */
  | {
      readonly kind: 'search';
      readonly id: number;
      readonly setup: GameSetup;
      readonly moves: readonly Move[];
      readonly budget: MoveBudget;
    }
  /** Give up search `id` (a take-back or a new game came first). */
  | { readonly kind: 'stop'; readonly id: number };

export interface ThinkingReport {
  readonly playouts: number;
  readonly elapsedMs: number;
  /** The engine's chance to win with the move it would play now. */
  readonly winRate: number;
  readonly best: Move;
  /** Root visits through each cell, row-major (0 for cells not searched). */
  readonly visits: readonly number[];
  /** Root visits through the swap. */
  readonly swapVisits: number;
}

export type FromWorker =
  | {
      readonly kind: 'ready';
      readonly backend: 'cpu' | 'webgpu';
      readonly description: string;
      readonly notice: string | null;
    }
  | { readonly kind: 'progress'; readonly id: number; readonly report: ThinkingReport }
  /** winRate: null for a move a tactic forced, played without a search. */
  | {
      readonly kind: 'move';
      readonly id: number;
      readonly move: Move;
      readonly winRate: number | null;
      readonly playouts: number;
    }
  | { readonly kind: 'stopped'; readonly id: number }
  | { readonly kind: 'error'; readonly id: number | null; readonly message: string };

/** The page's view of a search as it goes, from the root's move statistics. */
export function thinkingReport(
  moves: readonly MoveStat[],
  cellCount: number,
  playouts: number,
  elapsedMs: number,
): ThinkingReport | null {
  const best = moves[0];
  if (!best) return null;
  const visits = new Array<number>(cellCount).fill(0);
  let swapVisits = 0;
  for (const m of moves) {
    if (m.move === SWAP) swapVisits = m.visits;
    else visits[m.move] = m.visits;
  }
  return { playouts, elapsedMs, winRate: moveValue(best), best: best.move, visits, swapVisits };
}

/** Each cell's heat in [0, 1]: its visits over the most visited move's. */
export function visitHeat(report: ThinkingReport): number[] {
  const most = Math.max(report.swapVisits, ...report.visits);
  return report.visits.map((v) => (most > 0 ? v / most : 0));
}
