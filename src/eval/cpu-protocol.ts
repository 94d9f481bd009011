/** The messages between the CPU backend's worker pool (cpu-pool.ts) and its workers (cpu-worker.ts). */
import type { Chunk, ChunkResult, PlayoutJob } from './cpu-playouts.js';

export type ToWorker =
  | { readonly type: 'job'; readonly id: number; readonly job: PlayoutJob }
  /** Several chunks in one message when they are small (many positions, few playouts each). */
  | { readonly type: 'chunks'; readonly id: number; readonly chunks: readonly Chunk[] }
  | { readonly type: 'end'; readonly id: number };

export type FromWorker =
  | { readonly type: 'results'; readonly id: number; readonly results: readonly ChunkResult[] }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
