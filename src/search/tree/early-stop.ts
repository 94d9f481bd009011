/**
 * The early stop (SearchSettings.stopEarly): a search ends once its most
 * visited root move can no longer be overtaken, as the rest of its time
 * could change nothing but the tree it leaves for the next move.
 */
import type { Node } from './node.js';

/**
 * Whether the root's most visited child stays ahead of every other even if
 * all `playoutsLeft` playouts still to come went to the runner-up. Visits
 * count playouts, so the two compare directly.
 */
export function leaderSettled(root: Node, playoutsLeft: number): boolean {
  let first = 0;
  let second = 0;
  for (const kid of root.kids) {
    if (kid === null) continue;
    const visits = kid.visits;
    if (visits > first) {
      second = first;
      first = visits;
    } else if (visits > second) second = visits;
  }
  return first - second > playoutsLeft;
}

/** The least share of a move's time spent before its playout rate is trusted to foresee the rest. */
export const RATE_TRUSTED_AFTER = 0.1;

/**
 * The playouts a search can still expect: the budget left under a playout
 * limit; under a time limit, those the time left brings at the rate of the
 * rounds so far (measured from `roundsStart`, once a tenth of the time has
 * passed; before then, no bound); the smaller where there are both.
 */
export function playoutsLeft(
  spent: number,
  budget: number,
  timeMs: number | undefined,
  start: number,
  roundsStart: number,
  now: number,
): number {
  let left = budget - spent;
  if (timeMs !== undefined) {
    const elapsed = now - start;
    const rounds = now - roundsStart;
    if (elapsed < RATE_TRUSTED_AFTER * timeMs || rounds <= 0) return Number.POSITIVE_INFINITY;
    left = Math.min(left, (spent / rounds) * Math.max(0, timeMs - elapsed));
  }
  return left;
}
