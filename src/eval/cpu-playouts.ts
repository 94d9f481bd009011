/**
 * One unit of the CPU backend's work: playouts q0 … q1 − 1 of one position,
 * filled and decided, counted into a ChunkResult. The same function runs on
 * the main thread (in slices) and in worker threads (cpu-worker.ts), so the
 * two paths cannot drift apart; playout q of position p is always named
 * (seed, p, q), so how the playouts are split never changes a result.
 */
import { Color } from '../game/color.js';
import { type Geometry, geometryOf } from '../game/geometry.js';
import { fillPlayout } from '../fill/fill.js';
import type { BoardWinTest } from '../wintest/method.js';
import { bitsliced } from '../wintest/bitsliced.js';
import { makeFusedPlayer } from './cpu-fused.js';
import { type PlayoutJob, jobPosition } from './cpu-job.js';

export interface Chunk {
  readonly position: number;
  readonly first: number;
  /** One past the last playout. */
  readonly end: number;
}

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

/** Plays chunks of one job; made once per job and thread. */
export type ChunkPlayer = (chunk: Chunk) => ChunkResult;

/**
 * The fastest player for a job: with the bit-sliced method, fill and test
 * fused 32 playouts at a time (cpu-fused.ts); with any other method, board by
 * board, as the method decides one board (the method is the caller's choice).
 */
export function prepareJob(job: PlayoutJob, createTest: (g: Geometry) => BoardWinTest): ChunkPlayer {
  const geometry = geometryOf(job.game, job.size);
  if (job.method === bitsliced.name) return makeFusedPlayer(geometry, job);
  const test = createTest(geometry);
  const board = new Uint8Array(geometry.cellCount);
  return (chunk) => playBoardByBoard(job, test, board, chunk);
}

function playBoardByBoard(job: PlayoutJob, test: BoardWinTest, board: Uint8Array, chunk: Chunk): ChunkResult {
  const position = jobPosition(job, board.length, chunk.position);
  const ownership = job.ownership ? new Uint32Array(board.length) : null;
  const blackOwned = job.ownership ? new Uint32Array(board.length) : null;
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
  return { ...chunk, blackWins, whiteWins, ownership, blackOwned, winners };
}

/**
 * Cuts a request into chunks of at most `size` playouts, position by
 * position, lazily: a request for 2³² − 1 playouts must not build billions of
 * chunks before the first one runs.
 */
export function* chunksOf(positions: number, playouts: number, size: number): Generator<Chunk> {
  for (let p = 0; p < positions; p++) {
    for (let q = 0; q < playouts; q += size) yield { position: p, first: q, end: Math.min(playouts, q + size) };
  }
}

/**
 * Playouts a chunk holds: about 10⁶ cell fills, a few milliseconds on one
 * core whatever the board size (a fused Hex 11 playout is about 0.3 µs), so
 * that a slice of work stays short and an abort is seen soon, while a
 * worker's message costs little beside it; a multiple of 32, a slice word's
 * worth of boards.
 */
export function chunkPlayouts(cellCount: number): number {
  return Math.max(32, Math.floor(1_000_000 / cellCount / 32) * 32);
}

/**
 * A request's chunks, taken in order by whoever plays next: the worker
 * threads and, where the calling thread plays too, that thread; a taker asks
 * for about as many playouts as it can play before it next looks up.
 */
export class ChunkQueue {
  private next: Chunk | null = null;
  private ended = false;

  constructor(private readonly chunks: Iterator<Chunk>) {}

  /** Whether every chunk has been taken. */
  get empty(): boolean {
    return this.peek() === null;
  }

  /**
   * Whole chunks while they fit in `playouts` (at least one), or, when the
   * first alone is larger, its first `playouts` (a multiple of 32 cuts on a
   * slice word's edge); none once the queue is empty.
   */
  take(playouts: number): Chunk[] {
    const taken: Chunk[] = [];
    let count = 0;
    for (let chunk = this.peek(); chunk !== null; chunk = this.peek()) {
      const size = chunk.end - chunk.first;
      if (taken.length > 0 && count + size > playouts) break;
      if (size > playouts) {
        taken.push({ position: chunk.position, first: chunk.first, end: chunk.first + playouts });
        this.next = { position: chunk.position, first: chunk.first + playouts, end: chunk.end };
        break;
      }
      taken.push(chunk);
      count += size;
      this.next = null;
    }
    return taken;
  }

  private peek(): Chunk | null {
    if (this.next === null && !this.ended) {
      const read = this.chunks.next();
      if (read.done) this.ended = true;
      else this.next = read.value;
    }
    return this.next;
  }
}
