/**
 * A CPU request as the players see it (cpu-playouts.ts, cpu-fused.ts,
 * cpu-fused-wasm.ts) and as it travels to a worker (cpu-protocol.ts), and the
 * chunks they play it in.
 */
import type { Player } from '../../game/color.js';
import type { Cells, GameKind } from '../../game/geometry.js';
import type { FillKind } from '../../fill/fill.js';
import type { CpuKernelName } from './kernels.js';

/**
 * What a worker needs to play any chunk of a request: plain data, so it
 * survives postMessage. The positions are packed into two typed arrays: a
 * message of a search's round (16 positions) cost about three times as much
 * to copy with an object per position.
 */
export interface PlayoutJob {
  readonly game: GameKind;
  readonly size: number;
  /** Every position's cells, one position after another (cellCount each). */
  readonly cells: Cells;
  /** Each position's player to move. */
  readonly toMove: Uint8Array;
  readonly seed: number;
  readonly fill: FillKind;
  readonly ownership: boolean;
  readonly winners: boolean;
  /** A win-test method of src/wintest/registry.ts, by name. */
  readonly method: string;
  /** Which kernel plays the bitsliced method's fused playouts (cpu-kernels.ts); js when absent. */
  readonly kernel?: CpuKernelName;
}

/** The job's positions, in order, as one packed array each. */
export function packPositions(
  positions: readonly { readonly cells: Cells; readonly toMove: Player }[],
  cellCount: number,
): { cells: Cells; toMove: Uint8Array } {
  const cells = new Uint8Array(positions.length * cellCount);
  positions.forEach((p, i) => cells.set(p.cells, i * cellCount));
  return { cells, toMove: Uint8Array.from(positions, (p) => p.toMove) };
}

/** Position `index` of a job (a view of its cells, not a copy). */
export function jobPosition(
  job: PlayoutJob,
  cellCount: number,
  index: number,
): { readonly cells: Cells; readonly toMove: Player } {
  if (!Number.isInteger(index) || index < 0 || index >= job.toMove.length)
    throw new RangeError(`no position ${index} in this job`);
  return { cells: job.cells.subarray(index * cellCount, (index + 1) * cellCount), toMove: job.toMove[index] as Player };
}

/** Per-cell counts of playouts, as a PositionResult has them. */
export interface OwnershipCounts {
  readonly ownership: Uint32Array;
  readonly blackOwned: Uint32Array;
}

/** The arrays a chunk's per-cell counts go into: `into`, or new ones for the result (chunkResult). */
export function chunkCounts(job: PlayoutJob, cellCount: number, into: OwnershipCounts | null): OwnershipCounts | null {
  if (!job.ownership) return null;
  if (into) return into;
  // Both in one allocation: a search's round makes a pair per leaf.
  const counts = new Uint32Array(2 * cellCount);
  return { ownership: counts.subarray(0, cellCount), blackOwned: counts.subarray(cellCount) };
}

/** A chunk's result: its per-cell counts travel with it only when they are its own, not added `into` the caller's. */
export function chunkResult(
  chunk: Chunk,
  blackWins: number,
  whiteWins: number,
  counts: OwnershipCounts | null,
  into: OwnershipCounts | null,
  winners: Uint8Array | null,
): ChunkResult {
  const own = into ? null : counts;
  // Field by field: a spread of the chunk cost microseconds a chunk in a profile of a search's 256-playout chunks.
  return {
    position: chunk.position,
    first: chunk.first,
    end: chunk.end,
    blackWins,
    whiteWins,
    ownership: own?.ownership ?? null,
    blackOwned: own?.blackOwned ?? null,
    winners,
  };
}

/** Playouts first … end − 1 of the job's position `position`: what a player plays at once. */
export interface Chunk {
  readonly position: number;
  readonly first: number;
  /** One past the last playout. */
  readonly end: number;
}

/** A chunk's wins, and its per-cell counts and winners when the job asks for them. */
export interface ChunkResult extends Chunk {
  readonly blackWins: number;
  readonly whiteWins: number;
  /** Per cell, for this chunk's playouts only; present when the job asks. */
  readonly ownership: Uint32Array | null;
  /** Per cell, the chunk's playouts in which black owned it; present with `ownership`. */
  readonly blackOwned: Uint32Array | null;
  /** The chunk's winners, playout `first` at index 0; present when the job asks. */
  readonly winners: Uint8Array | null;
}

/**
 * Plays chunks of one job; made once per job and thread. With `into`, the
 * chunk's per-cell counts (when the job asks for them) are added into those
 * arrays and the result carries none: the calling thread adds its chunks
 * to a position's tally at once, and two arrays a chunk were a tenth of the
 * garbage its search makes.
 */
export type ChunkPlayer = (chunk: Chunk, into?: OwnershipCounts | null) => ChunkResult;
