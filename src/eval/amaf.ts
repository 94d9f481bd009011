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
import type { CellIndex } from '../game/geometry.js';
import type { PositionResult } from './types.js';

/** One player's AMAF counts for every cell of one result (`amafCounts`). */
export interface AmafCounts {
  /** Per cell: the playouts in which the player owned the cell at the end. */
  readonly owned: Uint32Array;
  /** Per cell: those of them that the player won. */
  readonly ownedAndWon: Uint32Array;
}

/**
 * AMAF's counts of one result, read a cell at a time with nothing allocated
 * (the search reads a few cells of every leaf's result, for every node on its path).
 */
export class AmafView {
  private readonly ownership: Uint32Array;
  private readonly blackOwned: Uint32Array;
  private readonly playouts: number;
  private readonly blackWins: number;

  /** `result` must come from a call with `ownership: true`. */
  constructor(result: PositionResult) {
    const { ownership, blackOwned } = result;
    if (!ownership || !blackOwned) throw new Error('AMAF counts need a result evaluated with ownership: true');
    this.ownership = ownership;
    this.blackOwned = blackOwned;
    this.playouts = result.playouts;
    this.blackWins = result.blackWins;
  }

  get cellCount(): number {
    return this.ownership.length;
  }

  /** The playouts in which `player` owned `cell` at the end. */
  owned(player: Player, cell: CellIndex): number {
    const black = this.blackOwned[cell] as number;
    return player === Color.Black ? black : this.playouts - black;
  }

  /** Those of them that `player` won. */
  ownedAndWon(player: Player, cell: CellIndex): number {
    const own = this.ownership[cell] as number;
    const blackOwnedBlackWon = (own + (this.blackOwned[cell] as number) + this.blackWins - this.playouts) / 2;
    return player === Color.Black ? blackOwnedBlackWon : own - blackOwnedBlackWon;
  }
}

/** The AMAF counts of `player` for every cell; the result must come from a call with `ownership: true`. */
export function amafCounts(result: PositionResult, player: Player): AmafCounts {
  const view = new AmafView(result);
  const owned = new Uint32Array(view.cellCount);
  const ownedAndWon = new Uint32Array(view.cellCount);
  for (let i = 0; i < view.cellCount; i++) {
    owned[i] = view.owned(player, i);
    ownedAndWon[i] = view.ownedAndWon(player, i);
  }
  return { owned, ownedAndWon };
}
