/**
 * The joint counts of owner and winner that AMAF (all-moves-as-first) needs,
 * per cell: how often a player owned the cell at the end of a playout, and
 * how often it owned it and won. The evaluator returns three counts per
 * cell and position (ownership, blackOwned, and the position's blackWins),
 * and since every playout fills every cell and has one winner, the four
 * joint counts follow from them:
 *
 *   ownership  = BB + WW      (owner won; BB: black owned, black won)
 *   blackOwned = BB + BW      (BW: black owned, white won)
 *   blackWins  = BB + WB      (WB: white owned, black won)
 *   playouts   = BB + BW + WB + WW
 *
 * so BB = (ownership + blackOwned + blackWins − playouts) / 2.
 */
import { Color, type Player } from '../game/color.js';
import type { PositionResult } from './types.js';

export interface AmafCounts {
  /** Per cell: the playouts in which the player owned the cell at the end. */
  readonly owned: Uint32Array;
  /** Per cell: those of them that the player won. */
  readonly ownedAndWon: Uint32Array;
}

/** The AMAF counts of `player`; the result must come from a call with `ownership: true`. */
export function amafCounts(result: PositionResult, player: Player): AmafCounts {
  const { ownership, blackOwned, playouts, blackWins } = result;
  if (!ownership || !blackOwned) throw new Error('AMAF counts need a result evaluated with ownership: true');
  const owned = new Uint32Array(ownership.length);
  const ownedAndWon = new Uint32Array(ownership.length);
  for (let i = 0; i < ownership.length; i++) {
    const own = ownership[i] as number;
    const black = blackOwned[i] as number;
    const blackOwnedBlackWon = (own + black + blackWins - playouts) / 2;
    if (player === Color.Black) {
      owned[i] = black;
      ownedAndWon[i] = blackOwnedBlackWon;
    } else {
      owned[i] = playouts - black;
      ownedAndWon[i] = own - blackOwnedBlackWon;
    }
  }
  return { owned, ownedAndWon };
}
