/**
 * A worker thread of the CPU backend's pool (cpu-pool.ts): it plays the
 * chunks it is sent with the very code the main thread uses (cpu-playouts.ts).
 */
import { parentPort } from 'node:worker_threads';
import { methodByName } from '../wintest/registry.js';
import { type ChunkPlayer, prepareJob } from './cpu-playouts.js';
import { type FromWorker, type PackedChunks, type ToWorker, packResults, transferablesOf, unpackChunks } from './cpu-protocol.js';

const port = parentPort;
if (!port) throw new Error('cpu-worker.ts runs only as a worker thread');
const jobs = new Map<number, ChunkPlayer>();

/** Replies to every message but 'end', with results or with the reason there are none; a bad job never stops the worker. */
function reply(id: number, play: () => { player: ChunkPlayer; chunks: PackedChunks }): void {
  let message: FromWorker;
  try {
    const { player, chunks } = play();
    message = { type: 'results', id, results: packResults(unpackChunks(chunks).map(player)) };
  } catch (error) {
    message = { type: 'error', id, message: error instanceof Error ? error.message : String(error) };
  }
  port!.postMessage(message, message.type === 'results' ? transferablesOf(message.results) : []);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'end') {
    jobs.delete(message.id);
    return;
  }
  reply(message.id, () => {
    if (message.type === 'chunks') {
      const player = jobs.get(message.id);
      if (!player) throw new Error(`chunk for unknown job ${message.id}`);
      return { player, chunks: message.chunks };
    }
    const job = message.job;
    const player = prepareJob(job, (g) => methodByName(job.method).create(g));
    if (!message.once) jobs.set(message.id, player);
    return { player, chunks: message.chunks };
  });
});
