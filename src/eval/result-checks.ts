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
    throw new KernelFaultError(
      `kernel ${kernel} answered none for ${missed} of ${boards.length} full boards (the first is board ${first}), though a full board always has a winner`,
    );
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

/**
 * Throws when a position's ownership counts are impossible: a count above
 * the playouts, a black stone of the position not counted black-owned in
 * every playout, or a white stone counted black-owned in any. A stone's cell
 * is also won by its owner exactly as often as the owner won, and the joint
 * counts of src/eval/amaf.ts must come out whole and within their margins.
 */
export function checkOwnershipCounts(
  positions: readonly { readonly cells: Cells }[],
  results: readonly PositionResult[],
  kernel: string,
): void {
  results.forEach((r, k) => {
    const { ownership, blackOwned } = r;
    const cells = positions[k]?.cells;
    if (!ownership || !blackOwned || !cells) return;
    for (let i = 0; i < cells.length; i++) {
      const own = ownership[i] as number;
      const black = blackOwned[i] as number;
      const stone = cells[i];
      const twiceBlackOwnedBlackWon = own + black + r.blackWins - r.playouts;
      const blackOwnedBlackWon = twiceBlackOwnedBlackWon / 2;
      const wrong =
        own > r.playouts ||
        black > r.playouts ||
        twiceBlackOwnedBlackWon < 0 ||
        twiceBlackOwnedBlackWon % 2 !== 0 ||
        blackOwnedBlackWon > Math.min(black, r.blackWins) ||
        own - blackOwnedBlackWon > r.whiteWins ||
        own < blackOwnedBlackWon ||
        (stone === Color.Black && (black !== r.playouts || own !== r.blackWins)) ||
        (stone === Color.White && (black !== 0 || own !== r.whiteWins));
      if (wrong) {
        throw new KernelFaultError(
          `kernel ${kernel} gave impossible ownership counts for cell ${i} of position ${k} (owner won ${own}, black owned ${black}, of ${r.playouts} playouts)`,
        );
      }
    }
  });
}
