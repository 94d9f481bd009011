/**
 * The CPU backend's worker threads (Node only; cpu-backend.ts imports this
 * module dynamically, so a browser bundle never loads it). One worker a core,
 * made on first use; each takes the next chunk of whichever request came
 * first, so concurrent requests share the cores and none starves. Workers
 * are referenced only while they have work, so an idle pool never keeps Node
 * alive; destroy() terminates them.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PlayoutJob } from './cpu-job.js';
import type { ChunkQueue, ChunkResult } from './cpu-playouts.js';
import { builtEntryBeside } from './bundle-entry.js';
import { type FromWorker, type ToWorker, packChunks, unpackResults } from './cpu-protocol.js';

const HERE = fileURLToPath(import.meta.url);

/**
 * The worker's file and how to start it. Built (dist/), cpu-worker.js sits
 * beside the bundle's entry, which this module sits in or one folder below
 * (dist/chunks/). From source (vitest), cpu-worker.ts sits beside this file
 * and needs the type-stripping hooks of source-worker-hooks.mjs.
 */
function workerSource(): { file: string; execArgv: string[] } | null {
  const dir = dirname(HERE);
  const built = builtEntryBeside(import.meta.url, 'cpu-worker.js');
  if (built && !HERE.endsWith('.ts')) return { file: built, execArgv: [] };
  const source = join(dir, 'cpu-worker.ts');
  const hooks = join(dir, 'source-worker-hooks.mjs');
  if (!HERE.endsWith('.ts') || !existsSync(source) || !existsSync(hooks)) return null;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
  return { file: source, execArgv: ['--import', `data:text/javascript,${encodeURIComponent(register)}`] };
}

interface Run {
  readonly id: number;
  readonly job: PlayoutJob;
  /** Shared with the calling thread where it plays too: whoever is free takes the next chunks. */
  readonly queue: ChunkQueue;
  readonly playoutsPerMessage: number;
  readonly add: (result: ChunkResult) => void;
  readonly signal: AbortSignal;
  /** The workers that know the job (sent with more chunks to come): each gets an 'end'. */
  readonly sentTo: Set<Slot>;
  /** Every worker that played some of it. */
  readonly playedBy: Set<Slot>;
  /** Aborted or failed: no more chunks go out. */
  closed: boolean;
  inFlight: number;
  /** With the number of workers that played some of it. */
  readonly resolve: (workers: number) => void;
  readonly reject: (error: unknown) => void;
}

interface Slot {
  readonly worker: Worker;
  run: Run | null;
}

export interface WorkerPool {
  readonly size: number;
  /**
   * Plays chunks of the queue in workers until it is empty, handing each
   * result to `add`; stops handing out chunks once `signal` aborts. Small
   * chunks travel together, up to `playoutsPerMessage` playouts a message: a
   * message costs about as much as a few hundred playouts, so a request of
   * many positions with few playouts each would otherwise be mostly messages.
   * Free workers take their chunks before this returns. Resolves with the
   * number of workers that played any.
   */
  run(job: PlayoutJob, queue: ChunkQueue, playoutsPerMessage: number, add: (result: ChunkResult) => void, signal: AbortSignal): Promise<number>;
  /** Ends the runs whose queues others emptied (the calling thread, playing too) and whose workers are done. */
  settle(): void;
  destroy(): void;
}

/** A pool of `size` workers (default: one a core), or null where no worker file can be found. */
export function createWorkerPool(size = availableParallelism()): WorkerPool | null {
  const source = workerSource();
  if (!source) return null;
  const slots: Slot[] = [];
  const runs: Run[] = [];
  let nextId = 1;
  let broken: Error | null = null;
  let destroyed = false;

  const post = (slot: Slot, message: ToWorker) => slot.worker.postMessage(message);

  function finishIfDone(run: Run): void {
    if (!(run.closed || run.queue.empty) || run.inFlight > 0 || !runs.includes(run)) return;
    runs.splice(runs.indexOf(run), 1);
    for (const slot of run.sentTo) post(slot, { type: 'end', id: run.id });
    if (run.signal.aborted) run.reject(run.signal.reason);
    else run.resolve(run.playedBy.size);
  }

  function dispatch(): void {
    for (const run of runs.slice()) {
      if (run.signal.aborted) run.closed = true;
      finishIfDone(run);
    }
    for (const slot of slots) {
      if (slot.run !== null) continue;
      const run = runs.find((r) => !r.closed && !r.queue.empty);
      if (!run) break;
      const chunks = packChunks(run.queue.take(run.playoutsPerMessage));
      if (run.sentTo.has(slot)) post(slot, { type: 'chunks', id: run.id, chunks });
      else {
        // A run that fits one message (a search's round) costs the worker one wake-up, not three.
        const once = run.queue.empty;
        post(slot, { type: 'job', id: run.id, job: run.job, chunks, once });
        if (!once) run.sentTo.add(slot);
      }
      slot.run = run;
      run.playedBy.add(slot);
      run.inFlight++;
    }
    // Referenced only while busy: a pending result keeps Node alive, an idle pool does not.
    for (const slot of slots) {
      if (slot.run) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  function fail(error: Error): void {
    broken = error;
    for (const run of runs.splice(0)) run.reject(error);
    for (const slot of slots.splice(0)) void slot.worker.terminate();
  }

  function spawn(): Slot {
    const worker = new Worker(source!.file, { execArgv: source!.execArgv });
    const slot: Slot = { worker, run: null };
    worker.on('message', (message: FromWorker) => {
      const run = slot.run;
      slot.run = null;
      if (run) {
        run.inFlight--;
        if (message.type === 'error') {
          run.closed = true;
          run.reject(new Error(`a CPU worker failed: ${message.message}`));
        } else if (!run.signal.aborted) {
          for (const result of unpackResults(message.results)) run.add(result);
        }
        finishIfDone(run);
      }
      dispatch();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) fail(new Error(`a CPU worker stopped with exit code ${code}`));
    });
    return slot;
  }

  return {
    size,
    run(job, queue, playoutsPerMessage, add, signal) {
      if (destroyed) return Promise.reject(new Error('this worker pool was destroyed'));
      if (broken) return Promise.reject(broken);
      while (slots.length < size) slots.push(spawn());
      return new Promise<number>((resolve, reject) => {
        const run: Run = { id: nextId++, job, queue, playoutsPerMessage, add, signal, sentTo: new Set(), playedBy: new Set(), closed: false, inFlight: 0, resolve, reject };
        runs.push(run);
        // An abort stops the chunks at once; the ones in flight (a few ms each) are discarded.
        signal.addEventListener('abort', () => dispatch(), { once: true });
        dispatch();
      });
    },
    settle() {
      dispatch();
    },
    destroy() {
      destroyed = true;
      runs.splice(0);
      for (const slot of slots.splice(0)) void slot.worker.terminate();
    },
  };
}
