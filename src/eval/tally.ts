/** Accumulates one position's playouts into a PositionResult, on either backend. */
import { Color, type Player } from '../game/color.js';
import type { OwnershipCounts } from './cpu/job.js';
import type { ChunkResult } from './cpu/playouts.js';
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
    /** Zeroed per-cell counts when the request asks for ownership, else null. */
    counts: OwnershipCounts | null,
    options: { readonly winners?: boolean },
  ) {
    this.ownership = counts?.ownership ?? null;
    this.blackOwned = counts?.blackOwned ?? null;
    this.winners = options.winners ? new Uint8Array(playouts) : null;
  }

  /**
   * A tally for each position of a request. Their per-cell counts are views
   * of one array: a search's round asks for ownership of 8 to 256 positions,
   * and an array each (two with black's counts) was a good part of the
   * calling thread's garbage.
   */
  static forRequest(
    positions: readonly { readonly toMove: Player }[],
    cellCount: number,
    options: { readonly playouts: number; readonly ownership?: boolean; readonly winners?: boolean },
  ): PositionTally[] {
    const all = options.ownership ? new Uint32Array(2 * cellCount * positions.length) : null;
    const countsOf = (i: number): OwnershipCounts | null =>
      all && {
        ownership: all.subarray(2 * i * cellCount, (2 * i + 1) * cellCount),
        blackOwned: all.subarray((2 * i + 1) * cellCount, (2 * i + 2) * cellCount),
      };
    return positions.map((p, i) => new PositionTally(p.toMove, options.playouts, countsOf(i), options));
  }

  /** The per-cell counts so far, for a chunk played on this thread to add to directly (ChunkPlayer's `into`); null without ownership. */
  counts(): OwnershipCounts | null {
    return this.ownership && this.blackOwned ? { ownership: this.ownership, blackOwned: this.blackOwned } : null;
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
