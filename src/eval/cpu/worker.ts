/**
 * A worker thread of the CPU backend's pool (cpu-pool.ts): for each request
 * it is sent, it claims chunks (ChunkClaims, a counter shared with every
 * other player of the request) and plays them with the very code the main
 * thread uses (cpu-playouts.ts), until none is left.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { methodByName } from '../../wintest/registry.js';
import { type ChunkPlayer, ChunkClaims, type ChunkResult, prepareJob } from './playouts.js';
import {
  type FromWorker,
  type ToWorker,
  type WorkerStart,
  awaitRing,
  packResults,
  ringsOf,
  transferablesOf,
} from './protocol.js';
import { loadWasmKernel, wasmSimdSupported } from './wasm-kernel.js';

const port = parentPort;
if (!port) throw new Error('cpu-worker.ts runs only as a worker thread');
const { doorbell, rung } = workerData as WorkerStart;

// The WebAssembly kernel, made before the first request is taken: the chunk
// players are synchronous. Where SIMD is missing, no job asks for it.
if (wasmSimdSupported()) await loadWasmKernel();

/**
 * Longest a worker keeps results before sending them: a long request's
 * results then arrive as it goes, in a few messages a second, rather than
 * piling up until its end; a search's round (about a millisecond) is one message.
 */
const FLUSH_MS = 25;

function send(message: FromWorker): void {
  port!.postMessage(message, message.type === 'results' ? transferablesOf(message.results) : []);
}

/** Plays what it can claim of a request; a bad job is answered with its reason and never stops the worker. */
function play(message: ToWorker): void {
  const claims = new ChunkClaims(message.plan, message.counter);
  const job = message.job;
  let player: ChunkPlayer | null = null;
  let results: ChunkResult[] = [];
  let since = performance.now();
  const flush = () => {
    if (results.length > 0) send({ type: 'results', id: message.id, results: packResults(results) });
    results = [];
    since = performance.now();
  };
  try {
    for (let chunk = claims.claim(); chunk !== null; chunk = claims.claim()) {
      // Made on the first claim only: a request that others played whole costs this worker one counter read.
      player ??= prepareJob(job, (g) => methodByName(job.method).create(g));
      results.push(player(chunk));
      if (performance.now() - since > FLUSH_MS) flush();
    }
    flush();
  } catch (error) {
    send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * How long a worker that ran out of work sleeps on the doorbell
 * (protocol.ts) before it goes back to the event loop. Woken through
 * the event loop, a worker took 3–6 ms to start a search's next round on
 * this 2-core machine (the round itself is well under a millisecond), so
 * the calling thread played most rounds alone; woken by the ring, it starts
 * at once. A search posts a round every millisecond or so.
 */
const STAY_AWAKE_MS = 4;

/** Requests received, by either path: the doorbell's count once every request rung is in. */
let received = rung;

function playAndStayAwake(message: ToWorker): void {
  received++;
  play(message);
  let until = performance.now() + STAY_AWAKE_MS;
  for (;;) {
    const next = receiveMessageOnPort(port!) as { message: ToWorker } | undefined;
    if (next) {
      received++;
      play(next.message);
      until = performance.now() + STAY_AWAKE_MS;
      continue;
    }
    if (performance.now() > until) return;
    // Until a request is rung (its message can reach this port a moment
    // after the ring), sleep on the doorbell: a look at the port allocates.
    while (ringsOf(doorbell) === received) {
      const left = until - performance.now();
      if (left <= 0) return;
      awaitRing(doorbell, received, left);
    }
  }
}

port.on('message', playAndStayAwake);
