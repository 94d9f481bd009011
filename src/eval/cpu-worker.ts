/**
 * A worker thread of the CPU backend's pool (cpu-pool.ts): it plays the
 * chunks it is sent with the very code the main thread uses (cpu-playouts.ts).
 */
import { parentPort } from 'node:worker_threads';
import { methodByName } from '../wintest/registry.js';
import { type Chunk, type ChunkPlayer, prepareJob } from './cpu-playouts.js';
import type { FromWorker, ToWorker } from './cpu-protocol.js';

const port = parentPort;
if (!port) throw new Error('cpu-worker.ts runs only as a worker thread');
const jobs = new Map<number, ChunkPlayer>();

function play(id: number, player: ChunkPlayer | undefined, chunks: readonly Chunk[]): void {
  let reply: FromWorker;
  try {
    if (!player) throw new Error(`chunk for unknown job ${id}`);
    reply = { type: 'results', id, results: chunks.map(player) };
  } catch (error) {
    reply = { type: 'error', id, message: error instanceof Error ? error.message : String(error) };
  }
  const transfer = reply.type === 'results' ? reply.results.flatMap((r) => [r.ownership?.buffer, r.blackOwned?.buffer, r.winners?.buffer]) : [];
  port!.postMessage(reply, transfer.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer));
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'job') {
    const job = message.job;
    const player = prepareJob(job, (g) => methodByName(job.method).create(g));
    if (!message.once) jobs.set(message.id, player);
    play(message.id, player, message.chunks);
    return;
  }
  if (message.type === 'end') {
    jobs.delete(message.id);
    return;
  }
  play(message.id, jobs.get(message.id), message.chunks);
});
