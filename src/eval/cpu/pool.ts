/**
 * The CPU backend's worker threads (Node only; cpu-backend.ts imports this
 * module dynamically, so a browser bundle never loads it). One worker a core,
 * made on first use. Every request goes to every worker at once, and each
 * worker, in the order the requests came, claims chunks of one until none
 * is left: so concurrent requests share the cores, none starves, and a
 * worker that comes free never waits for the calling thread to hand it
 * work. Workers are referenced only while a request is open, so an idle
 * pool never keeps Node alive; destroy() terminates them.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PlayoutJob } from './job.js';
import type { ChunkClaims, ChunkResult } from './playouts.js';
import { workerScript } from './worker-script.js';
import {
  type FromWorker,
  type ToWorker,
  type WorkerStart,
  newDoorbell,
  ring,
  ringsOf,
  unpackResults,
} from './protocol.js';

/** What a request's caller hears from the pool. */
export interface RunListener {
  /** The result of a chunk a worker played, and that worker's number (0 … size − 1). */
  readonly add: (result: ChunkResult, worker: number) => void;
  /** A worker could not play the request (a bad job): no results from it will follow. */
  readonly fail: (error: Error) => void;
}

export interface WorkerPool {
  readonly size: number;
  /**
   * Sends the request to every worker, at once: each, when free, claims
   * and plays its chunks until `claims` has none left (the caller may claim
   * some too), and hands each result to `listener.add`. Returns the call
   * that ends the run: results that come after it are dropped. The caller
   * knows when every chunk is in (it counts them); on an abort it closes the
   * claims, so the workers stop after the chunk each is playing.
   */
  run(job: PlayoutJob, claims: ChunkClaims, listener: RunListener): () => void;
  destroy(): void;
}

/** A pool of `size` workers (default: one a core), or null where no worker file can be found. */
export function createWorkerPool(size = availableParallelism()): WorkerPool | null {
  const source = workerScript('cpu-worker.js', import.meta.url, 'worker.ts');
  if (!source) return null;
  const workers: Worker[] = [];
  const runs = new Map<number, RunListener>();
  const doorbell = newDoorbell();
  let nextId = 1;
  let broken: Error | null = null;

  /** Referenced only while a run is open: a pending result keeps Node alive, an idle pool does not. */
  function reference(): void {
    for (const worker of workers) {
      if (runs.size > 0) worker.ref();
      else worker.unref();
    }
  }

  function fail(error: Error): void {
    broken = error;
    for (const listener of runs.values()) listener.fail(error);
    runs.clear();
    for (const worker of workers.splice(0)) void worker.terminate();
  }

  function spawn(index: number): Worker {
    const worker = new Worker(source!.file, {
      execArgv: source!.execArgv,
      workerData: { doorbell, rung: ringsOf(doorbell) } satisfies WorkerStart,
    });
    worker.on('message', (message: FromWorker) => {
      const listener = runs.get(message.id);
      if (!listener) return; // ended, or aborted
      if (message.type === 'error') listener.fail(new Error(`a CPU worker failed: ${message.message}`));
      else for (const result of unpackResults(message.results)) listener.add(result, index);
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (workers.includes(worker)) fail(new Error(`a CPU worker stopped with exit code ${code}`));
    });
    return worker;
  }

  return {
    size,
    run(job, claims, listener) {
      if (broken) throw broken;
      while (workers.length < size) workers.push(spawn(workers.length));
      const id = nextId++;
      runs.set(id, listener);
      reference();
      const message: ToWorker = { type: 'job', id, job, plan: claims.plan, counter: claims.counter };
      for (const worker of workers) worker.postMessage(message);
      ring(doorbell);
      return () => {
        if (runs.delete(id)) reference();
      };
    },
    destroy() {
      broken ??= new Error('this worker pool was destroyed');
      runs.clear();
      for (const worker of workers.splice(0)) void worker.terminate();
    },
  };
}
