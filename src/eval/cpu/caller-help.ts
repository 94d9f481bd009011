/**
 * How the calling thread of the CPU backend (with `callerPlays`) spends a
 * wait: the requests it may play chunks of beside the workers, and the
 * chunks of newer ones it plays while a worker finishes the oldest.
 */
import type { ChunkClaims, ChunkPlayer, ChunkResult } from './playouts.js';

/**
 * Lets timers, I/O and rendering run: setImmediate in Node (setTimeout waits
 * at least 1 ms); in a browser a message to itself, a task of its own that
 * comes at once (nested setTimeout(0) waits at least 4 ms there, which left a
 * page's CPU backend idle for most of a long call on the WebAssembly kernel);
 * else a timer.
 */
export const yieldToEventLoop = () =>
  new Promise<void>((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else if (typeof MessageChannel === 'function') postToSelf(resolve);
    else setTimeout(resolve, 0);
  });

/** Resolvers waiting for their message, oldest first, and the channel the messages go through (made on first use). */
const waiting: (() => void)[] = [];
let channel: MessageChannel | null = null;

function postToSelf(resolve: () => void): void {
  if (channel === null) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  waiting.push(resolve);
  channel.port2.postMessage(null);
}

/** Chunks of the newer requests that helpNewer leaves to the workers. */
export const WORKER_RESERVE = 2;

/** A request this thread may play chunks of, beside the workers (callerPlays). */
export interface OpenRequest {
  readonly claims: ChunkClaims;
  readonly play: () => ChunkPlayer;
  readonly add: (r: ChunkResult) => void;
  /** Fails the request (a chunk that could not be played), not the one that played it. */
  readonly fail: (error: unknown) => void;
  readonly signal: AbortSignal;
}

/**
 * Once this thread can claim nothing more of `own`, until `done()`: plays
 * one chunk at a time of the oldest newer request that has any left (a turn
 * of the event loop after each, so that the worker's results get in), and
 * waits for `everyChunk` when the newer ones have no more than the workers'
 * reserve. A worker's last chunk of a search's round is a leaf's playouts,
 * about 0.1 ms, and this thread waited that and the results' message every
 * round (about a fifth of its time, profiled).
 */
export async function helpNewer(
  own: OpenRequest,
  open: readonly OpenRequest[],
  done: () => boolean,
  everyChunk: Promise<void>,
): Promise<void> {
  while (!done() && !own.signal.aborted) {
    const newer = open.slice(open.indexOf(own) + 1).filter((r) => !r.signal.aborted);
    // Leave the workers a reserve: this thread, once its request is in,
    // backs it up and posts the next one, and a worker with nothing to
    // claim meanwhile would wait for it.
    const left = newer.reduce((n, r) => n + r.claims.left(), 0);
    const from = left > WORKER_RESERVE ? newer.find((r) => r.claims.left() > 0) : undefined;
    const chunk = from?.claims.claim() ?? null;
    if (from === undefined || chunk === null) return everyChunk;
    try {
      from.add(from.play()(chunk));
    } catch (error) {
      from.fail(error);
    }
    await yieldToEventLoop();
  }
}
