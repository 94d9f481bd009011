/**
 * Checks that catch a kernel giving impossible answers, run on every result
 * before it leaves the evaluator. A full board always has exactly one winner
 * (Hex and Y cannot end drawn), and every playout fills the board, so
 * `none` for a full board, or playouts that nobody won, can only be a fault.
 * Issue 7 was such a fault: a bit-sliced kernel silently skipped boards.
 */
import { Color, type Winner } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import { KernelFaultError } from './errors.js';
import type { PositionResult } from './types.js';

function isFull(cells: Cells): boolean {
  return !cells.includes(Color.Empty);
}

/** Throws when a full board among `boards` was answered `none`. */
export function checkEveryBoardDecided(boards: readonly Cells[], winners: readonly Winner[], kernel: string): void {
  let missed = 0;
  let first = -1;
  boards.forEach((cells, k) => {
    if (winners[k] === Color.Empty && isFull(cells)) {
      missed++;
      if (first < 0) first = k;
    }
  });
  if (missed > 0) {
    throw new KernelFaultError(`kernel ${kernel} answered none for ${missed} of ${boards.length} full boards (the first is board ${first}), though a full board always has a winner`);
  }
}

/** Throws when a position's black and white wins do not add up to its playouts. */
export function checkEveryPlayoutDecided(results: readonly PositionResult[], kernel: string): void {
  results.forEach((r, k) => {
    if (r.blackWins + r.whiteWins !== r.playouts) {
      throw new KernelFaultError(
        `kernel ${kernel} decided ${r.blackWins + r.whiteWins} of the ${r.playouts} playouts of position ${k} (black ${r.blackWins}, white ${r.whiteWins}), though every playout ends with a winner`,
      );
    }
  });
}
