/**
 * The messages between the CPU backend's worker pool (cpu-pool.ts) and its
 * workers (cpu-worker.ts): a request goes out once, and each worker claims
 * its chunks itself (ChunkClaims); results come back packed in a few typed
 * arrays, never as an object each: structured cloning costs per object, and
 * a search's round is 16 small chunks.
 */
import type { PlayoutJob } from './job.js';
import type { ChunkPlan, ChunkResult } from './playouts.js';

/** What a worker is started with. */
export interface WorkerStart {
  readonly doorbell: Doorbell;
  /** The doorbell's rings before the worker was made: requests it will never be sent. */
  readonly rung: number;
}

/**
 * A count of the requests posted, shared by the pool and its workers: the
 * pool rings it after every post, and a worker that has just run out of
 * work sleeps on it (Atomics.wait) for a few milliseconds, so that it starts
 * the next request at once yet leaves the core to other threads meanwhile
 * (the tree's knowledge thread among them). It replaced a loop that polled
 * the port, which made over half of the worker's garbage during a search
 * (each look allocates), and then a loop that spun on the count, which held
 * a core the knowledge thread needed. Its second entry counts the workers
 * asleep on it, so that a ring wakes threads only where one sleeps: a wake
 * is a system call, and was most of what posting a search's round cost.
 */
export type Doorbell = Int32Array;

const RINGS = 0;
const SLEEPERS = 1;

export function newDoorbell(): Doorbell {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

export function ring(doorbell: Doorbell): void {
  Atomics.add(doorbell, RINGS, 1);
  // A worker counts itself asleep before it waits, and its wait returns at
  // once if the rings moved: so one that this read misses sees the new ring.
  if (Atomics.load(doorbell, SLEEPERS) > 0) Atomics.notify(doorbell, RINGS);
}

/** Sleeps while the rings are `received`, for at most `ms`. */
export function awaitRing(doorbell: Doorbell, received: number, ms: number): void {
  Atomics.add(doorbell, SLEEPERS, 1);
  Atomics.wait(doorbell, RINGS, received, ms);
  Atomics.sub(doorbell, SLEEPERS, 1);
}

/** The rings so far: one a request posted, so a worker that has received fewer has one on its way. */
export function ringsOf(doorbell: Doorbell): number {
  return Atomics.load(doorbell, RINGS);
}

export type ToWorker = {
  readonly type: 'job';
  readonly id: number;
  readonly job: PlayoutJob;
  /** How the request is cut, and the claims counter that every player of it shares (ChunkClaims). */
  readonly plan: ChunkPlan;
  readonly counter: BigInt64Array;
};

/**
 * A worker's results for some of the chunks it claimed (it sends them every
 * few milliseconds on a long request, so that they never pile up), or why it
 * stopped playing the request.
 */
export type FromWorker =
  | { readonly type: 'results'; readonly id: number; readonly results: PackedResults }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** Chunk results, in the order of their chunks. */
export interface PackedResults {
  /** Per chunk: position, first, end, blackWins, whiteWins. */
  readonly counts: Uint32Array;
  /** The chunks' per-cell counts one after another, when the job asks for them. */
  readonly ownership: Uint32Array | null;
  readonly blackOwned: Uint32Array | null;
  /** The chunks' winners one after another, when the job asks for them. */
  readonly winners: Uint8Array | null;
}

const COUNT_FIELDS = 5;

/** Concatenates the per-chunk arrays, or null when the chunks have none. */
function joined<T extends Uint32Array | Uint8Array>(
  parts: readonly (T | null)[],
  make: (length: number) => T,
): T | null {
  if (parts.length === 0 || parts.some((p) => p === null)) return null;
  const all = make(parts.reduce((n, p) => n + (p as T).length, 0));
  let at = 0;
  for (const part of parts as readonly T[]) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

export function packResults(results: readonly ChunkResult[]): PackedResults {
  const counts = new Uint32Array(COUNT_FIELDS * results.length);
  results.forEach((r, i) => counts.set([r.position, r.first, r.end, r.blackWins, r.whiteWins], COUNT_FIELDS * i));
  return {
    counts,
    ownership: joined(
      results.map((r) => r.ownership),
      (n) => new Uint32Array(n),
    ),
    blackOwned: joined(
      results.map((r) => r.blackOwned),
      (n) => new Uint32Array(n),
    ),
    winners: joined(
      results.map((r) => r.winners),
      (n) => new Uint8Array(n),
    ),
  };
}

/** The results again, their arrays views into the packed ones (no copies). */
export function unpackResults(packed: PackedResults): ChunkResult[] {
  const n = packed.counts.length / COUNT_FIELDS;
  const cellCount = packed.ownership ? packed.ownership.length / n : 0;
  const results: ChunkResult[] = [];
  let winnersAt = 0;
  for (let i = 0; i < n; i++) {
    const at = COUNT_FIELDS * i;
    const field = (k: number) => packed.counts[at + k] as number;
    const [position, first, end, blackWins, whiteWins] = [field(0), field(1), field(2), field(3), field(4)];
    const cells = (a: Uint32Array | null) => a?.subarray(cellCount * i, cellCount * (i + 1)) ?? null;
    results.push({
      position,
      first,
      end,
      blackWins,
      whiteWins,
      ownership: cells(packed.ownership),
      blackOwned: cells(packed.blackOwned),
      winners: packed.winners?.subarray(winnersAt, winnersAt + end - first) ?? null,
    });
    winnersAt += end - first;
  }
  return results;
}

/** The buffers a results message can hand over rather than copy. */
export function transferablesOf(packed: PackedResults): ArrayBuffer[] {
  return [packed.counts, packed.ownership, packed.blackOwned, packed.winners].flatMap((a) =>
    a && a.buffer instanceof ArrayBuffer ? [a.buffer] : [],
  );
}
