/**
 * One request's chunk results as they arrive, from workers or this thread:
 * each added into its position's tally, with a promise that settles when
 * the last is in, or on the first failure.
 */
import type { PositionTally } from '../tally.js';
import type { ChunkClaims, ChunkResult } from './playouts.js';

export class ChunkCollector {
  /** The workers that played at least one chunk. */
  readonly playedBy = new Set<number>();
  /** Resolves once every chunk is in; rejects on stop(). */
  readonly everyChunk: Promise<void>;
  private added = 0;
  private allIn: () => void = () => {};
  private failed: (error: unknown) => void = () => {};

  constructor(
    private readonly tallies: readonly PositionTally[],
    private readonly claims: ChunkClaims,
  ) {
    this.everyChunk = new Promise<void>((resolve, reject) => {
      this.allIn = resolve;
      this.failed = reject;
    });
    this.everyChunk.catch(() => {}); // awaited by the caller; this only keeps it from counting as unhandled meanwhile
  }

  /** A chunk's result, played by `worker` (−1: this thread). */
  readonly add = (r: ChunkResult, worker = -1): void => {
    (this.tallies[r.position] as PositionTally).add(r);
    if (worker >= 0) this.playedBy.add(worker);
    if (++this.added === this.claims.total) this.allIn();
  };

  /** On an abort or a failure no one claims another chunk: the workers stop after the one each is playing. */
  readonly stop = (error: unknown): void => {
    this.claims.close();
    this.failed(error);
  };

  get complete(): boolean {
    return this.added === this.claims.total;
  }
}
