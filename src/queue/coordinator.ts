/**
 * The coordinator's side of a run: it puts the run's jobs on the queue (at
 * most `window` waiting or under way at once), takes each result as it is
 * stored, once per index, and stops when every job has its result or the
 * caller says the run is decided, withdrawing the jobs no worker has started.
 * Results come by BullMQ's completion events, and a look at the stored
 * results every second catches what an event missed (a restart of Redis, a
 * coordinator that was away). Nothing here plays a game: the run's results
 * live in Redis, so a coordinator that stops loses nothing, and --resume
 * starts another that takes up where it left off.
 */
import { Redis } from 'ioredis';
import { Queue, QueueEvents } from 'bullmq';
import type { QueueJob } from './job-data.js';
import { checkRedis, redisFault, redisOptions } from './redis-target.js';
import { QueueError, type RedisTarget } from './redis-url.js';
import { QUEUE_NAME, RunStore, jobId, parseJobId } from './run-store.js';

/** The connections of one coordinator. */
export interface QueueSession {
  readonly target: RedisTarget;
  readonly store: RunStore;
  readonly queue: Queue;
  readonly events: QueueEvents;
  /** When the connection was lost, or null while it is up. */
  lostSince(): number | null;
  /** Counts up each time the connection comes back after a loss. */
  reconnects(): number;
  close(): Promise<void>;
}

/** Checks that Redis answers (QueueError, usage, if not), then opens the coordinator's connections. */
export async function openSession(target: RedisTarget): Promise<QueueSession> {
  await checkRedis(target);
  const redis = new Redis(redisOptions(target));
  let lost: number | null = null;
  let back = 0;
  const onFault = () => (lost ??= Date.now());
  redis.on('error', onFault);
  redis.on('close', onFault);
  redis.on('ready', () => {
    if (lost !== null) back++;
    lost = null;
  });
  const queue = new Queue(QUEUE_NAME, { connection: redisOptions(target) });
  const events = new QueueEvents(QUEUE_NAME, { connection: redisOptions(target) });
  // Their connections come back by themselves; the store's connection above tells when Redis is away.
  queue.on('error', () => {});
  events.on('error', () => {});
  return {
    target,
    store: new RunStore(redis),
    queue,
    events,
    lostSince: () => lost,
    reconnects: () => back,
    close: async () => {
      await Promise.allSettled([events.close(), queue.close()]);
      redis.disconnect();
    },
  };
}

export interface RunJobs {
  readonly run: string;
  readonly total: number;
  /** At most this many jobs waiting or under way at once. */
  readonly window: number;
  /** Job `index` as it goes on the queue. */
  job(index: number): QueueJob;
  /** Saves the run's record (again, after Redis came back without it). */
  saveRecord(): Promise<void>;
  /**
   * Takes the stored result of job `index`, once per index, with the
   * milliseconds from putting the job on the queue to taking its result
   * (null for a job queued before this coordinator started). Throws
   * RefusedError for a malformed result.
   */
  accept(index: number, text: string, queuedToResultMs: number | null): Promise<void> | void;
  /** Asked after every result: true ends the run, and its jobs not yet started are withdrawn. */
  decided(): boolean;
}

export type RunOutcome =
  | { readonly kind: 'complete' }
  | { readonly kind: 'decided'; readonly withdrawn: number }
  | { readonly kind: 'interrupted' };

/** Job options: a job that fails is tried twice more (another worker may have the engine); a refused one never. */
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'fixed', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: false,
} as const;

/** How often the stored results are looked at, beside the events. */
const POLL_MS = 1000;

/**
 * Runs `jobs` to the end on the queue of `session`. Throws QueueError (not
 * usage) when a job fails for good or Redis stays away longer than
 * `patienceMs`; returns early, leaving the run on the queue, when `signal`
 * aborts.
 */
export async function gatherRun(
  session: QueueSession,
  jobs: RunJobs,
  patienceMs: number,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const { store, queue, events } = session;
  const taken = new Set<number>();
  const queuedAt = new Map<number, number>();
  const noted = new Set<number>();
  let next = 0;
  let fault: QueueError | null = null;
  let wake: () => void = () => {};
  const onCompleted = ({ jobId: id }: { jobId: string }) => {
    const p = parseJobId(id);
    if (p?.run !== jobs.run) return;
    noted.add(p.index);
    wake();
  };
  const onFailed = ({ jobId: id, failedReason }: { jobId: string; failedReason: string }) => {
    const p = parseJobId(id);
    if (p?.run !== jobs.run || taken.has(p.index)) return;
    fault = new QueueError(`job ${p.index + 1} of run ${jobs.run} failed: ${failedReason}`, false);
    wake();
  };
  events.on('completed', onCompleted);
  events.on('failed', onFailed);
  const onAbort = () => wake();
  signal?.addEventListener('abort', onAbort);

  const take = async (indices: Iterable<number>) => {
    const fresh = [...indices].filter((i) => !taken.has(i) && i < jobs.total).sort((a, b) => a - b);
    if (fresh.length === 0) return;
    const texts = await store.results(jobs.run, fresh);
    for (const index of fresh) {
      const text = texts.get(index);
      if (text === undefined || taken.has(index)) continue;
      taken.add(index);
      const at = queuedAt.get(index);
      await jobs.accept(index, text, at === undefined ? null : Date.now() - at);
      if (jobs.decided()) return;
    }
  };
  /** Puts jobs on the queue up to the window; `again` adds those outstanding once more (adding a job that is there does nothing, so this repairs a queue that lost jobs). */
  const topUp = async (again: boolean) => {
    const outstanding = [...queuedAt.keys()].filter((i) => !taken.has(i));
    const adds = again ? [...outstanding] : [];
    for (let room = jobs.window - outstanding.length; next < jobs.total && room > 0; next++) {
      if (taken.has(next)) continue;
      queuedAt.set(next, Date.now());
      adds.push(next);
      room--;
    }
    if (adds.length === 0) return;
    await queue.addBulk(
      adds.map((index) => ({ ...jobs.job(index), opts: { ...JOB_OPTIONS, jobId: jobId(jobs.run, index) } })),
    );
  };
  /** Marks the run stopped (a worker that takes one of its jobs now plays nothing) and removes its jobs no worker holds, all at once. */
  const withdraw = async (): Promise<number> => {
    await store.markStopped(jobs.run);
    const left = [...queuedAt.keys()].filter((i) => !taken.has(i));
    let removed = 0;
    for (let at = 0; at < left.length; at += 500) {
      const counts = await Promise.all(
        left.slice(at, at + 500).map((i) => queue.remove(jobId(jobs.run, i)).catch(() => 0)),
      );
      removed += counts.reduce((t: number, c) => t + c, 0);
    }
    return removed;
  };

  const main = async (): Promise<RunOutcome> => {
    // Results stored before this coordinator started (--resume), then jobs that failed before: tried again.
    await take(await store.resultIndices(jobs.run));
    if (!jobs.decided()) {
      for (const job of await queue.getJobs(['failed'])) {
        const p = job.id === undefined ? null : parseJobId(job.id);
        if (p?.run === jobs.run && !taken.has(p.index)) await job.retry('failed');
      }
      await topUp(true);
    }
    let seenReconnects = session.reconnects();
    while (taken.size < jobs.total && !jobs.decided()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (signal?.aborted) return { kind: 'interrupted' };
      if (fault !== null) throw fault;
      if (session.lostSince() !== null) continue;
      const marks = [...noted];
      noted.clear();
      await take(marks);
      if ((await store.resultCount(jobs.run)) > taken.size) await take(await store.resultIndices(jobs.run));
      // Redis came back: it may have come back empty (no persistence), so the record and the jobs go in again.
      const again = session.reconnects() !== seenReconnects;
      seenReconnects = session.reconnects();
      if (again) await jobs.saveRecord();
      if (!jobs.decided()) await topUp(again);
    }
    if (jobs.decided()) return { kind: 'decided', withdrawn: await withdraw() };
    await store.expire(jobs.run);
    return { kind: 'complete' };
  };
  // A command sent while Redis is away waits for it to come back; this gives up after `patienceMs` (or on `signal`).
  let watch: NodeJS.Timeout | undefined;
  const watchdog = new Promise<RunOutcome>((resolve, reject) => {
    watch = setInterval(() => {
      const lost = session.lostSince();
      if (lost !== null && Date.now() - lost > patienceMs)
        reject(
          new QueueError(
            `lost Redis at ${session.target.shown} for ${Math.round((Date.now() - lost) / 1000)} s`,
            false,
          ),
        );
      else if (signal?.aborted) resolve({ kind: 'interrupted' });
    }, 250);
  });
  try {
    const running = main();
    running.catch(() => {});
    return await Promise.race([running, watchdog]);
  } catch (error) {
    if (error instanceof QueueError) throw error;
    throw new QueueError(redisFault(error as Error, session.target), false);
  } finally {
    clearInterval(watch);
    events.off('completed', onCompleted);
    events.off('failed', onFailed);
    signal?.removeEventListener('abort', onAbort);
  }
}
