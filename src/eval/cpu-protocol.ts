/** The messages between the CPU backend's worker pool (cpu-pool.ts) and its workers (cpu-worker.ts). */
import type { Chunk, ChunkResult, PlayoutJob } from './cpu-playouts.js';

export type ToWorker =
  | { readonly type: 'job'; readonly id: number; readonly job: PlayoutJob }
  | { readonly type: 'chunk'; readonly id: number; readonly chunk: Chunk }
  | { readonly type: 'end'; readonly id: number };

export type FromWorker =
  | { readonly type: 'result'; readonly id: number; readonly result: ChunkResult }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
