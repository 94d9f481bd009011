/** The messages between the CPU backend's worker pool (cpu-pool.ts) and its workers (cpu-worker.ts). */
import type { Chunk, ChunkResult, PlayoutJob } from './cpu-playouts.js';

export type ToWorker =
  /**
   * A job, and its first chunks to play at once (one message, not two: each
   * message wakes the worker). With `once`, these are all the chunks the
   * worker will get: it forgets the job after replying, and no 'end' follows.
   */
  | { readonly type: 'job'; readonly id: number; readonly job: PlayoutJob; readonly chunks: readonly Chunk[]; readonly once: boolean }
  /** Several chunks in one message when they are small (many positions, few playouts each). */
  | { readonly type: 'chunks'; readonly id: number; readonly chunks: readonly Chunk[] }
  | { readonly type: 'end'; readonly id: number };

export type FromWorker =
  | { readonly type: 'results'; readonly id: number; readonly results: readonly ChunkResult[] }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
