/**
 * The CPU backend: a playout fill and a CPU win-test method, in chunks of a
 * few milliseconds (playouts.ts). The default method, bitsliced, is the
 * fastest exact one, and runs fused with the fill, on one of two kernels
 * (kernels.ts): 128 playouts at a time in WebAssembly SIMD where the
 * runtime has it, else 32 in JavaScript (fused.ts). In Node the chunks run on
 * worker threads, one a core (pool.ts); elsewhere, or for a method that
 * workers cannot name, on this thread in slices that yield to the event loop,
 * so a long request never freezes a page. Either way a call stops on its
 * AbortSignal, and destroy() rejects the calls in flight at once.
 */
import type { Winner } from '../../game/color.js';
import type { Cells, Geometry } from '../../game/geometry.js';
import { FillKind } from '../../fill/fill.js';
import type { WinTestMethod } from '../../wintest/method.js';
import { bitsliced } from '../../wintest/bitsliced.js';
import { METHODS } from '../../wintest/registry.js';
import { checkDecideRequest, checkEvaluateRequest } from '../check-request.js';
import { type PlayoutJob, packPositions } from './job.js';
import { ChunkClaims, type ChunkPlayer, type ChunkResult, chunkPlayouts, prepareJob } from './playouts.js';
import type { WorkerPool } from './pool.js';
import { type CpuKernelChoice, type CpuKernelName, kernelBoards, resolveCpuKernel } from './kernels.js';
import { CallGuard } from './call-guard.js';
import { ChunkCollector } from './chunk-collector.js';
import { loadWasmKernel, loadedWasmKernel } from './wasm-kernel.js';
import { PositionTally } from '../tally.js';
import { type OpenRequest, helpNewer, yieldToEventLoop } from './caller-help.js';
import { inNode } from '../in-node.js';
import type { EvalPosition, Evaluation, EvaluateOptions, Evaluator } from '../types.js';

/** Longest run of work on this thread between two turns of the event loop. */
const SLICE_MS = 8;

/** How the CPU backend plays: its threads, and the kernel of its bitsliced method. */
export interface CpuEvaluatorOptions {
  /**
   * Worker threads: a number, or 'cores' for one a core (the default in
   * Node); 0 plays on this thread only. Ignored where Node's worker threads
   * are missing (a browser), and for a method not in the registry.
   */
  readonly workers?: number | 'cores';
  /**
   * Whether this thread plays too, beside the workers: once the caller
   * waits, it claims chunks of the request as the workers do (whoever is
   * free takes the next), about a millisecond between turns of the event
   * loop. Then `workers` + 1 calls run at once at full speed,
   * so on n cores, n − 1 workers keep every core busy while the search's
   * tree runs between the slices (n workers and the tree would be n + 1
   * threads, and each round would wait for a core).
   */
  readonly callerPlays?: boolean;
  /**
   * The kernel of the bitsliced method (kernels.ts): 'auto' (the
   * default) plays in WebAssembly SIMD where the runtime has it, else in
   * JavaScript; 'wasm-simd' where it is missing is an error. Other methods
   * play board by board, in JavaScript.
   */
  readonly kernel?: CpuKernelChoice;
}

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

const roundUp = (n: number, step: number) => Math.ceil(n / step) * step;

/** `make()`, called once, when first needed. */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * Plays chunks on this thread, as long as it can claim them, yielding every
 * `sliceMs`; claims nothing more once `signal` aborts (a chunk claimed is
 * always played: the request counts on its result).
 */
async function playHere(
  play: () => ChunkPlayer,
  claims: ChunkClaims,
  sliceMs: number,
  add: (r: ChunkResult) => void,
  signal: AbortSignal,
): Promise<void> {
  let sliceStart = performance.now();
  while (!signal.aborted) {
    const chunk = claims.claim();
    if (chunk === null) return;
    add(play()(chunk));
    if (performance.now() - sliceStart > sliceMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
}

/**
 * What a CPU evaluator's description says plays, as a report's row names it:
 * the method, and for the bitsliced method the kernel ("bitsliced, wasm-simd").
 */
export function cpuVariantOf(description: string): string {
  return description.replace(/^CPU, method /, '').replace(', kernel ', ', ');
}

/** The CPU backend: `method` decides the boards (bitsliced, fused with the fill, by default); in Node the playouts are shared among worker threads, elsewhere they run on the calling thread in slices that keep it responsive. */
export function createCpuEvaluator(method: WinTestMethod = bitsliced, options: CpuEvaluatorOptions = {}): Evaluator {
  const guard = new CallGuard();
  const shareable = METHODS.includes(method);
  let pool: Promise<WorkerPool | null> | null = null;
  const workers = options.workers ?? 'cores';
  const callerPlays = options.callerPlays === true;
  // The kernel only plays the bitsliced method's fused playouts; 'auto' falls back to JavaScript where SIMD is missing.
  const fused = method === bitsliced;
  const kernel: CpuKernelName = fused ? resolveCpuKernel(options.kernel ?? 'auto') : 'js';
  const boards = kernelBoards(kernel);
  /** This thread's kernel instance, loading from the start, so that the first call seldom waits for it. */
  const kernelReady = kernel === 'wasm-simd' ? loadWasmKernel() : null;
  kernelReady?.catch(() => {}); // a failure is the calls' to report

  /** Settles when the last request this thread helps with (callerPlays) has all its results. */
  let callerTurn: Promise<void> = Promise.resolve();

  /**
   * The requests open beside workers (callerPlays), oldest first: while this
   * thread waits for a worker's last chunk of its request, it plays a chunk
   * of a newer one rather than sit idle.
   */
  const open: OpenRequest[] = [];

  /** The pool once made (undefined before), so that a call can post its work before it returns. */
  let madePool: WorkerPool | null | undefined;

  function getPool(): Promise<WorkerPool | null> {
    if (!shareable || workers === 0 || !inNode()) return Promise.resolve(null);
    pool ??= import('./pool.js').then(
      (m) => (madePool = m.createWorkerPool(workers === 'cores' ? undefined : workers)),
      () => (madePool = null),
    );
    return pool;
  }

  return {
    backend: 'cpu',
    description: `CPU, method ${method.name}${fused ? `, kernel ${kernel}${kernel === 'js' && options.kernel !== 'js' ? ' (no WebAssembly SIMD here)' : ''}` : ''}`,
    adapter: null,
    concurrency: !shareable || workers === 0 || !inNode() ? 1 : plannedWorkers(workers) + (callerPlays ? 1 : 0),

    evaluate(positions: readonly EvalPosition[], options: EvaluateOptions): Promise<Evaluation> {
      return guard.run(options?.signal, async (signal) => {
        const start = performance.now();
        const g = checkEvaluateRequest(positions, options);
        let workersUsed = 0;
        const tallies = PositionTally.forRequest(positions, g?.cellCount ?? 0, options);
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
            kernel,
          };
          // Any request of a few hundred playouts or more goes to the workers,
          // so that this thread stays free (the search chooses its next
          // leaves meanwhile), or with callerPlays plays what it can claim.
          const total = positions.length * options.playouts;
          // Without an await once the pool is made: the work is posted before
          // evaluate returns, so a caller that goes on computing (the search
          // choosing its next round) overlaps with it rather than delaying it.
          const workerPool = total >= 512 ? (madePool !== undefined ? madePool : await getPool()) : null;
          signal.throwIfAborted(); // destroyed or cancelled while the pool was being made
          const size = chunkPlayouts(g.cellCount, boards);
          // Beside workers this thread claims shorter chunks, so that it is back to its own work (the tree) soon.
          const plan = {
            positions: positions.length,
            playouts: options.playouts,
            size: workerPool && callerPlays ? Math.max(boards, roundUp(size / 4, boards)) : size,
          };
          const claims = workerPool ? ChunkClaims.shared(plan) : new ChunkClaims(plan);
          const collected = new ChunkCollector(tallies, claims);
          const { add, stop, everyChunk } = collected;
          const onAbort = () => stop(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
          let endRun: (() => void) | null = null;
          // This thread's chunks add their counts into the tallies as they are played (no arrays a chunk).
          const counts = tallies.map((t) => t.counts());
          const play = lazily((): ChunkPlayer => {
            const player = prepareJob(job, (geometry) => method.create(geometry));
            return (chunk) => player(chunk, counts[chunk.position]);
          });
          const request: OpenRequest = { claims, play, add, fail: stop, signal };
          if (workerPool && callerPlays) open.push(request);
          try {
            endRun = workerPool?.run(job, claims, { add, fail: stop }) ?? null;
            if (!workerPool || callerPlays) {
              if (kernelReady && !loadedWasmKernel()) await kernelReady;
              if (workerPool) {
                // Beside workers this thread helps one request at a time, the
                // oldest, and only after a turn of the event loop: the caller
                // goes on meanwhile (the search backs up a round and chooses
                // the next), while the workers play the newer requests. Were
                // this thread to claim those too before the oldest is all
                // claimed, the workers would find nothing left while it builds
                // the tree; it takes them a chunk at a time, and only while it
                // waits for a worker's last results of the oldest (helpNewer).
                const before = callerTurn;
                callerTurn = everyChunk.then(
                  () => {},
                  () => {},
                );
                await before;
                await yieldToEventLoop();
              }
              await playHere(play, claims, workerPool ? SHARED_SLICE_MS : SLICE_MS, add, signal);
              if (workerPool) await helpNewer(request, open, () => collected.complete, everyChunk);
            }
            await everyChunk;
          } finally {
            const at = open.indexOf(request);
            if (at >= 0) open.splice(at, 1);
            claims.close();
            endRun?.();
            signal.removeEventListener('abort', onAbort);
          }
          workersUsed = collected.playedBy.size;
        }
        const results = tallies.map((t) => t.result());
        return {
          results,
          stats: {
            backend: 'cpu',
            dispatches: 0,
            kernelMs: null,
            wallMs: performance.now() - start,
            workers: workersUsed,
          },
        };
      });
    },

    decide(g: Geometry, boards: readonly Cells[], options = {}): Promise<Winner[]> {
      return guard.run(options.signal, async (signal) => {
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
      guard.destroy();
      void pool?.then((p) => p?.destroy());
      pool = null;
    },
  };
}
