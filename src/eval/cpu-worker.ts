/**
 * A worker thread of the CPU backend's pool (cpu-pool.ts): it plays the
 * chunks it is sent with the very code the main thread uses (cpu-playouts.ts).
 */
import { parentPort } from 'node:worker_threads';
import { methodByName } from '../wintest/registry.js';
import { type ChunkPlayer, prepareJob } from './cpu-playouts.js';
import type { FromWorker, ToWorker } from './cpu-protocol.js';

const port = parentPort;
if (!port) throw new Error('cpu-worker.ts runs only as a worker thread');
const jobs = new Map<number, ChunkPlayer>();

port.on('message', (message: ToWorker) => {
  if (message.type === 'job') {
    const job = message.job;
    jobs.set(message.id, prepareJob(job, (g) => methodByName(job.method).create(g)));
    return;
  }
  if (message.type === 'end') {
    jobs.delete(message.id);
    return;
  }
  const play = jobs.get(message.id);
  let reply: FromWorker;
  try {
    if (!play) throw new Error(`chunk for unknown job ${message.id}`);
    reply = { type: 'results', id: message.id, results: message.chunks.map(play) };
  } catch (error) {
    reply = { type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) };
  }
  const transfer = reply.type === 'results' ? reply.results.flatMap((r) => [r.ownership?.buffer, r.blackOwned?.buffer, r.winners?.buffer]) : [];
  port.postMessage(reply, transfer.filter((b): b is ArrayBuffer => b instanceof ArrayBuffer));
});
