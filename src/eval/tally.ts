/** Accumulates one position's playouts into a PositionResult, on either backend. */
import { Color, type Player } from '../game/color.js';
import type { ChunkResult } from './cpu-playouts.js';
import type { PositionResult } from './types.js';

export class PositionTally {
  blackWins = 0;
  whiteWins = 0;
  readonly ownership: Uint32Array | null;
  readonly blackOwned: Uint32Array | null;
  readonly winners: Uint8Array | null;

  constructor(
    private readonly toMove: Player,
    private readonly playouts: number,
    cellCount: number,
    options: { readonly ownership?: boolean; readonly winners?: boolean },
  ) {
    this.ownership = options.ownership ? new Uint32Array(cellCount) : null;
    this.blackOwned = options.ownership ? new Uint32Array(cellCount) : null;
    this.winners = options.winners ? new Uint8Array(playouts) : null;
  }

  /** Adds the playouts of one chunk (CPU backend), in any order. */
  add(chunk: ChunkResult): void {
    this.blackWins += chunk.blackWins;
    this.whiteWins += chunk.whiteWins;
    if (this.winners && chunk.winners) this.winners.set(chunk.winners, chunk.first);
    addCounts(this.ownership, chunk.ownership);
    addCounts(this.blackOwned, chunk.blackOwned);
  }

  result(): PositionResult {
    const mine = this.toMove === Color.Black ? this.blackWins : this.whiteWins;
    return {
      playouts: this.playouts,
      blackWins: this.blackWins,
      whiteWins: this.whiteWins,
      winRate: mine / this.playouts,
      ...(this.ownership ? { ownership: this.ownership } : {}),
      ...(this.blackOwned ? { blackOwned: this.blackOwned } : {}),
      ...(this.winners ? { winners: this.winners } : {}),
    };
  }
}

/** Adds per-cell counts `part` into `into`; either may be absent (not asked for). */
export function addCounts(into: Uint32Array | null, part: Uint32Array | null): void {
  if (into && part) for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) + (part[i] as number);
}
