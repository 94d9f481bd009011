/**
 * One unit of the CPU backend's work: playouts q0 … q1 − 1 of one position,
 * filled and decided, counted into a ChunkResult. The same function runs on
 * the main thread (in slices) and in worker threads (cpu-worker.ts), so the
 * two paths cannot drift apart; playout q of position p is always named
 * (seed, p, q), so how the playouts are split never changes a result.
 */
import { Color } from '../../game/color.js';
import { type Geometry, geometryOf } from '../../game/geometry.js';
import { fillPlayout } from '../../fill/fill.js';
import type { BoardWinTest } from '../../wintest/method.js';
import { bitsliced } from '../../wintest/bitsliced.js';
import { makeFusedPlayer } from './fused.js';
import { makeWasmFusedPlayer } from './fused-wasm.js';
import { kernelBoards } from './kernels.js';
import { loadedWasmKernel } from './wasm-kernel.js';
import {
  type Chunk,
  type ChunkPlayer,
  type ChunkResult,
  type OwnershipCounts,
  type PlayoutJob,
  chunkCounts,
  chunkResult,
  jobPosition,
} from './job.js';

// The chunk types live beside the job (cpu-job.ts), which the players import: here they would close an import cycle.
export type { Chunk, ChunkPlayer, ChunkResult } from './job.js';

/**
 * The fastest player for a job: with the bit-sliced method, fill and test
 * fused, on the job's kernel: 128 playouts at a time in WebAssembly SIMD
 * (cpu-fused-wasm.ts; this thread must have loaded it, loadWasmKernel) or 32
 * in JavaScript (cpu-fused.ts); with any other method, board by board, as
 * the method decides one board (the method is the caller's choice).
 */
export function prepareJob(job: PlayoutJob, createTest: (g: Geometry) => BoardWinTest): ChunkPlayer {
  const geometry = geometryOf(job.game, job.size);
  if (job.method === bitsliced.name && job.kernel === 'wasm-simd') {
    const kernel = loadedWasmKernel();
    if (!kernel) throw new Error('the wasm-simd kernel is not loaded on this thread');
    return makeWasmFusedPlayer(geometry, job, kernel);
  }
  if (job.method === bitsliced.name) return makeFusedPlayer(geometry, job);
  const test = createTest(geometry);
  const board = new Uint8Array(geometry.cellCount);
  return (chunk, into) => playBoardByBoard(job, test, board, chunk, into ?? null);
}

function playBoardByBoard(
  job: PlayoutJob,
  test: BoardWinTest,
  board: Uint8Array,
  chunk: Chunk,
  into: OwnershipCounts | null,
): ChunkResult {
  const position = jobPosition(job, board.length, chunk.position);
  const counts = chunkCounts(job, board.length, into);
  const ownership = counts?.ownership ?? null;
  const blackOwned = counts?.blackOwned ?? null;
  const winners = job.winners ? new Uint8Array(chunk.end - chunk.first) : null;
  let blackWins = 0;
  let whiteWins = 0;
  const key = { seed: job.seed, position: chunk.position, playout: 0 };
  for (let q = chunk.first; q < chunk.end; q++) {
    key.playout = q;
    fillPlayout(position.cells, position.toMove, key, job.fill, board);
    const winner = test.winner(board);
    if (winner === Color.Black) blackWins++;
    else if (winner === Color.White) whiteWins++;
    if (winners) winners[q - chunk.first] = winner;
    if (ownership && blackOwned && winner !== Color.Empty) {
      for (let i = 0; i < board.length; i++) {
        if (board[i] === winner) ownership[i] = (ownership[i] as number) + 1;
        if (board[i] === Color.Black) blackOwned[i] = (blackOwned[i] as number) + 1;
      }
    }
  }
  return chunkResult(chunk, blackWins, whiteWins, counts, into, winners);
}

/**
 * Playouts a chunk holds: about 10⁶ cell fills, a few milliseconds on one
 * core whatever the board size (a fused Hex 11 playout is about 0.3 µs), so
 * that a slice of work stays short and an abort is seen soon, while a
 * worker's message costs little beside it; a multiple of the boards the
 * kernel plays at once (32 in JavaScript, 128 in WebAssembly), so that no
 * chunk but a position's last plays a part-empty slice word.
 */
export function chunkPlayouts(cellCount: number, boards = kernelBoards('js')): number {
  return Math.max(boards, Math.floor(1_000_000 / cellCount / boards) * boards);
}

/** How a request is cut: each position's playouts in chunks of `size` (the last one shorter). */
export interface ChunkPlan {
  readonly positions: number;
  readonly playouts: number;
  readonly size: number;
}

/**
 * A request's chunks, numbered, and a counter of those claimed: whoever
 * plays next claims the next number. Made by `ChunkClaims.shared`, the
 * counter lives in a SharedArrayBuffer that travels to the worker threads, so a thread that
 * comes free takes its next chunk itself, without waiting for a message from
 * the thread that made the request (that thread may be busy: the search's
 * tree, or its own share of the playouts). Chunk i is position ⌊i / c⌋'s
 * playouts from (i mod c)·size, c being the chunks a position has, so no
 * list is built: a request for 2³² − 1 playouts is a few numbers.
 */
export class ChunkClaims {
  /** Every chunk of the request. */
  readonly total: number;
  private readonly perPosition: number;

  constructor(
    readonly plan: ChunkPlan,
    /** The count of claims made, in one 64-bit slot: a request may have more than 2³¹ chunks. */
    readonly counter: BigInt64Array = new BigInt64Array(1),
  ) {
    if (!(plan.size > 0) || !(plan.playouts > 0) || !(plan.positions >= 0))
      throw new RangeError(`no chunks of ${plan.size} playouts in ${plan.positions} × ${plan.playouts}`);
    this.perPosition = Math.ceil(plan.playouts / plan.size);
    this.total = plan.positions * this.perPosition;
  }

  /** A fresh request's claims, their counter shareable with worker threads. */
  static shared(plan: ChunkPlan): ChunkClaims {
    return new ChunkClaims(plan, new BigInt64Array(new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT)));
  }

  /** The next unclaimed chunk, now the caller's alone to play, or null when none is left. */
  claim(): Chunk | null {
    const i = Number(Atomics.add(this.counter, 0, 1n));
    return i < this.total ? this.chunk(i) : null;
  }

  /** Chunks not claimed yet (a moment's count: other threads may claim some meanwhile). */
  left(): number {
    return Math.max(0, this.total - Number(Atomics.load(this.counter, 0)));
  }

  /** Chunk `i` of the request. */
  chunk(i: number): Chunk {
    const position = Math.floor(i / this.perPosition);
    const first = (i - position * this.perPosition) * this.plan.size;
    return { position, first, end: Math.min(this.plan.playouts, first + this.plan.size) };
  }

  /** Lets no one claim another chunk (an abort, or a failure): the chunks claimed already are still played. */
  close(): void {
    Atomics.store(this.counter, 0, BigInt(this.total));
  }
}
