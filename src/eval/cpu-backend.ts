/**
 * The CPU backend: a playout fill and a CPU win-test method, in chunks of a
 * few milliseconds (cpu-playouts.ts). The default method, bitsliced, is the
 * fastest exact one, and runs fused with the fill, 32 playouts at a time
 * (cpu-fused.ts). In Node the chunks run on
 * worker threads, one a core (cpu-pool.ts); elsewhere, or for a method that
 * workers cannot name, on this thread in slices that yield to the event loop,
 * so a long request never freezes a page. Either way a call stops on its
 * AbortSignal, and destroy() rejects the calls in flight at once.
 */
import type { Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { bitsliced } from '../wintest/bitsliced.js';
import { METHODS } from '../wintest/registry.js';
import { checkDecideRequest, checkEvaluateRequest } from './check-request.js';
import { type PlayoutJob, packPositions } from './cpu-job.js';
import { type ChunkPlayer, ChunkQueue, type ChunkResult, chunkPlayouts, chunksOf, prepareJob } from './cpu-playouts.js';
import type { WorkerPool } from './cpu-pool.js';
import { EvaluatorDestroyedError } from './errors.js';
import { PositionTally } from './tally.js';
import type { EvalPosition, Evaluation, EvaluateOptions, Evaluator } from './types.js';

/** Longest run of work on this thread between two turns of the event loop. */
const SLICE_MS = 8;

/** Lets timers, I/O and rendering run: setImmediate in Node (setTimeout waits at least 1 ms), else a timer. */
const yieldToEventLoop = () =>
  new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

export interface CpuEvaluatorOptions {
  /**
   * Worker threads: a number, or 'cores' for one a core (the default in
   * Node); 0 plays on this thread only. Ignored where Node's worker threads
   * are missing (a browser), and for a method not in the registry.
   */
  readonly workers?: number | 'cores';
  /**
   * Whether this thread plays too, beside the workers: it takes whatever no
   * worker is free to take, in slices of about a millisecond between turns
   * of the event loop. Then `workers` + 1 calls run at once at full speed,
   * so on n cores, n − 1 workers keep every core busy while the search's
   * tree runs between the slices (n workers and the tree would be n + 1
   * threads, and each round would wait for a core).
   */
  readonly callerPlays?: boolean;
}

const inNode = () => typeof process !== 'undefined' && typeof process.versions?.node === 'string';

/**
 * The worker threads a pool will have, known without making it: the number
 * given, or for 'cores' the hardware's count where the runtime tells it
 * synchronously (navigator.hardwareConcurrency: browsers, Node 21 on); Node
 * 20 does not, so there 1 is assumed (the CLI passes its count explicitly).
 */
function plannedWorkers(workers: number | 'cores'): number {
  if (workers !== 'cores') return Math.max(1, workers);
  const hardware = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency;
  return typeof hardware === 'number' && hardware >= 1 ? hardware : 1;
}

/** Longest run of work on this thread between two turns of the event loop while workers share the request. */
const SHARED_SLICE_MS = 1;

const roundUp32 = (n: number) => Math.ceil(n / 32) * 32;

/** `make()`, called once, when first needed. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * Plays chunks of the queue on this thread, `piece` playouts at a time,
 * yielding every `sliceMs`; stops once `signal` aborts.
 */
async function playHere(play: () => ChunkPlayer, queue: ChunkQueue, piece: number, sliceMs: number, add: (r: ChunkResult) => void, signal: AbortSignal): Promise<void> {
  let sliceStart = performance.now();
  for (let chunks = queue.take(piece); chunks.length > 0 && !signal.aborted; chunks = queue.take(piece)) {
    const player = play();
    for (const chunk of chunks) add(player(chunk));
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}

export function createCpuEvaluator(method: WinTestMethod = bitsliced, options: CpuEvaluatorOptions = {}): Evaluator {
  let destroyed = false;
  /** Aborts every call in flight, with EvaluatorDestroyedError, on destroy(). */
  const inFlight = new Set<AbortController>();
  const shareable = METHODS.includes(method);
  let pool: Promise<WorkerPool | null> | null = null;
  const workers = options.workers ?? 'cores';
  const callerPlays = options.callerPlays === true;

  /** The pool once made (undefined before), so that a call can post its work before it returns. */
  let madePool: WorkerPool | null | undefined;

  function getPool(): Promise<WorkerPool | null> {
    if (!shareable || workers === 0 || !inNode()) return Promise.resolve(null);
    pool ??= import('./cpu-pool.js').then(
      (m) => (madePool = m.createWorkerPool(workers === 'cores' ? undefined : workers)),
      () => (madePool = null),
    );
    return pool;
  }

  /**
   * Runs `work` under a controller that aborts on the caller's signal or on
   * destroy(); the call rejects with the reason at once, not when the chunk
   * running now ends, and `work` sees the abort and starts nothing more.
   */
  async function guarded<T>(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (destroyed) throw new EvaluatorDestroyedError();
    signal?.throwIfAborted();
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    inFlight.add(controller);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    try {
      return await Promise.race([work(controller.signal), aborted]);
    } finally {
      if (!controller.signal.aborted) controller.abort(new Error('the call ended'));
      aborted.catch(() => {});
      signal?.removeEventListener('abort', onAbort);
      inFlight.delete(controller);
    }
  }

  return {
    backend: 'cpu',
    description: `CPU, method ${method.name}`,
    adapter: null,
    concurrency: !shareable || workers === 0 || !inNode() ? 1 : plannedWorkers(workers) + (callerPlays ? 1 : 0),

    evaluate(positions: readonly EvalPosition[], options: EvaluateOptions): Promise<Evaluation> {
      return guarded(options?.signal, async (signal) => {
        const start = performance.now();
        const g = checkEvaluateRequest(positions, options);
        let workersUsed = 0;
        const tallies = positions.map((p) => new PositionTally(p.toMove, options.playouts, g?.cellCount ?? 0, options));
        if (g) {
          const job: PlayoutJob = {
            game: g.game,
            size: g.size,
            ...packPositions(positions, g.cellCount),
            seed: options.seed ?? 0,
            fill: options.fill ?? FillKind.Exact,
            ownership: options.ownership === true,
            winners: options.winners === true,
            method: method.name,
          };
          const size = chunkPlayouts(g.cellCount);
          const queue = new ChunkQueue(chunksOf(positions.length, options.playouts, size));
          const add = (r: ChunkResult) => (tallies[r.position] as PositionTally).add(r);
          // Any request of a few hundred playouts or more goes to the workers,
          // so that this thread stays free (the search chooses its next leaves
          // meanwhile), or with callerPlays takes only what no worker is free
          // to take. One within a chunk goes whole to one worker: split, its
          // messages would cost more than the second core gains (Hex 11, 16
          // positions × 128 playouts: 1.4 ms on two workers, 0.9 ms on one thread).
          const total = positions.length * options.playouts;
          const many = total >= 512;
          // Without an await once the pool is made: the work is posted before
          // evaluate returns, so a caller that goes on computing (the search
          // choosing its next round) overlaps with it rather than delaying it.
          const workerPool = many ? (madePool !== undefined ? madePool : await getPool()) : null;
          signal.throwIfAborted(); // destroyed or cancelled while the pool was being made
          const players = workerPool ? workerPool.size + (callerPlays ? 1 : 0) : 1;
          const pooled = workerPool?.run(job, queue, total <= size ? total : Math.min(size, roundUp32(Math.ceil(total / players))), add, signal);
          pooled?.catch(() => {}); // awaited below; this only keeps it from counting as unhandled meanwhile
          if (!workerPool || callerPlays) {
            // What no worker took: in short pieces beside workers, so that a
            // worker's result is seen (and its next chunk sent) soon.
            const play = lazily(() => prepareJob(job, (geometry) => method.create(geometry)));
            const piece = workerPool ? Math.max(32, roundUp32(size / 4)) : size;
            await playHere(play, queue, piece, workerPool ? SHARED_SLICE_MS : SLICE_MS, add, signal);
            workerPool?.settle();
          }
          if (pooled) workersUsed = await pooled;
          signal.throwIfAborted();
        }
        const results = tallies.map((t) => t.result());
        return { results, stats: { backend: 'cpu', dispatches: 0, kernelMs: null, wallMs: performance.now() - start, workers: workersUsed } };
      });
    },

    decide(g: Geometry, boards: readonly Cells[], options = {}): Promise<Winner[]> {
      return guarded(options.signal, async (signal) => {
        checkDecideRequest(g, boards, options);
        const test = method.create(g);
        const out: Winner[] = new Array<Winner>(boards.length);
        let sliceStart = performance.now();
        for (let i = 0; i < boards.length; i++) {
          out[i] = test.winner(boards[i] as Cells);
          if ((i & 255) === 255 && performance.now() - sliceStart > SLICE_MS) {
            await yieldToEventLoop();
            signal.throwIfAborted();
            sliceStart = performance.now();
          }
        }
        return out;
      });
    },

    destroy() {
      destroyed = true;
      for (const controller of inFlight) controller.abort(new EvaluatorDestroyedError());
      inFlight.clear();
      void pool?.then((p) => p?.destroy());
      pool = null;
    },
  };
}
