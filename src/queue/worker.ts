/**
 * `hexbatch worker`: takes jobs from the queue and runs them here, several at
 * once, and stores each result under its run and index. A game's engines are
 * ours, started with settings checked against htp's bounds, or engines of
 * this worker's own file, found by key; a job that names anything else is
 * refused before any process starts. A worker that dies mid-game leaves a
 * job whose lock runs out; BullMQ's stalled-job check (here, or on another
 * worker) puts it back in the queue, and it is played again.
 */
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import { isolationAvailable, inWorker } from '../bench/isolated-cell.js';
import { machineInfo } from '../bench/machine-info.js';
import { type PaperCellRequest, type PaperCellTiming, measurePaperCell } from '../bench/paper-trials.js';
import { MIN_SET_MS } from '../bench/paper-bench.js';
import { geometryOf } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { type EngineSpec, ourEngine } from '../match/engine-spec.js';
import { HtpProcess } from '../match/htp-process.js';
import { type Side, playMatchGame, probeEngine } from '../match/match.js';
import type { RefereedEngine } from '../match/referee.js';
import {
  type EngineRef,
  type GameJob,
  type GameResult,
  type PaperSetJob,
  type PaperSetResult,
  RefusedError,
  checkJob,
  gameResultOf,
} from './job-data.js';
import { isConnectionFault, redisFault, redisOptions } from './redis-target.js';
import type { RedisTarget } from './redis-url.js';
import { QUEUE_NAME, RunStore } from './run-store.js';

export interface WorkerSetup {
  readonly target: RedisTarget;
  /** Jobs at once. */
  readonly concurrency: number;
  /** CPU threads each of our engines plays on, where its settings name none. */
  readonly threads: number;
  /** This worker's engine file: key → engine. */
  readonly engines: ReadonlyMap<string, EngineSpec>;
  /** How long a job's lock lasts unrenewed before the job counts as stalled and is played again. */
  readonly lockMs: number;
  /** Checks `hexbatch htp` options against htp's own bounds; throws Error for a bad one. */
  readonly checkOurOptions: (options: readonly string[]) => void;
  /** One line of the worker's log. */
  readonly log: (line: string) => void;
  /** Starts an engine (tests count the processes started). */
  readonly launch?: (spec: EngineSpec) => HtpProcess;
}

/** The longest wait for an engine's first reply, when the game allows longer. */
const START_TIMEOUT_MS = 60_000;

interface StartedEngine {
  readonly process: HtpProcess;
  readonly seeded: boolean;
}

/** Engines kept between games, by command line, so that a game does not pay for starting them. */
class EnginePool {
  private readonly idle = new Map<string, StartedEngine[]>();
  private readonly started = new Set<HtpProcess>();

  constructor(
    private readonly launch: (spec: EngineSpec) => HtpProcess,
    private readonly keep: number,
  ) {}

  async take(spec: EngineSpec, timeoutMs: number): Promise<StartedEngine> {
    const kept = this.idle.get(poolKey(spec));
    for (let e = kept?.pop(); e !== undefined; e = kept?.pop()) if (e.process.alive) return e;
    const process = this.launch(spec);
    this.started.add(process);
    try {
      return { process, seeded: await probeEngine(process, spec.ours, Math.min(timeoutMs, START_TIMEOUT_MS)) };
    } catch (error) {
      process.kill();
      throw new Error(`engine ${spec.label} did not start: ${(error as Error).message}`);
    }
  }

  give(spec: EngineSpec, engine: StartedEngine): void {
    if (!engine.process.alive) return;
    const key = poolKey(spec);
    this.idle.set(key, [...(this.idle.get(key) ?? []), engine]);
    // Engines of settings no job asks for any more are not kept for ever.
    const all = [...this.idle.values()].flat();
    if (all.length > this.keep) {
      const [oldKey, list] = [...this.idle.entries()].find(([, l]) => l.length > 0) as [string, StartedEngine[]];
      const oldest = list.shift() as StartedEngine;
      if (list.length === 0) this.idle.delete(oldKey);
      void oldest.process.quit();
    }
  }

  /** Quits the engines kept; kills, with `now`, those still in a game too. */
  async close(now: boolean): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    if (now) for (const p of this.started) p.kill();
    await Promise.all(all.map((e) => e.process.quit()));
  }
}

const poolKey = (spec: EngineSpec) => JSON.stringify([spec.command, spec.args]);

/** A worker's name in results and logs: its host and process. */
export function workerName(): string {
  return `${hostname()}:${process.pid}`;
}

/** The engine a job names, or RefusedError: an unknown key, an unknown setting or one out of htp's bounds. */
export function resolveEngine(
  ref: EngineRef,
  side: Side,
  job: Pick<GameJob, 'swap'>,
  setup: Pick<WorkerSetup, 'engines' | 'threads' | 'checkOurOptions'>,
): EngineSpec {
  if ('key' in ref) {
    const spec = setup.engines.get(ref.key);
    if (spec === undefined)
      throw new RefusedError(
        `engine ${side}: unknown engine key "${ref.key}" (this worker's engine file has ${setup.engines.size === 0 ? 'none' : [...setup.engines.keys()].join(', ')})`,
      );
    return spec;
  }
  const spec = ourEngine(new Map(Object.entries(ref.settings)), { threads: setup.threads, noSwap: !job.swap });
  try {
    setup.checkOurOptions(spec.args.slice(2));
  } catch (error) {
    throw new RefusedError(`engine ${side}: ${(error as Error).message}`);
  }
  return spec;
}

async function playJobGame(job: GameJob, setup: WorkerSetup, pool: EnginePool, worker: string): Promise<GameResult> {
  const specs = { A: resolveEngine(job.engines.A, 'A', job, setup), B: resolveEngine(job.engines.B, 'B', job, setup) };
  const opening = job.opening === null ? null : parseCell(geometryOf(job.game, job.size), job.opening);
  const taken: Partial<Record<Side, StartedEngine>> = {};
  try {
    for (const side of ['A', 'B'] as const) taken[side] = await pool.take(specs[side], job.timeoutMs);
    const link = (side: Side): RefereedEngine => ({
      link: (taken[side] as StartedEngine).process,
      ours: (taken[side] as StartedEngine).seeded,
    });
    const start = performance.now();
    const game = await playMatchGame(
      {
        index: job.index,
        game: job.game,
        size: job.size,
        swap: job.swap,
        opening,
        seed: job.seed,
        timeoutMs: job.timeoutMs,
      },
      { A: link('A'), B: link('B') },
    );
    return gameResultOf(game.played, job.game, job.size, Math.round(performance.now() - start), worker);
  } finally {
    for (const side of ['A', 'B'] as const) {
      const engine = taken[side];
      if (engine !== undefined) pool.give(specs[side], engine);
    }
  }
}

async function measureJobSet(job: PaperSetJob, worker: string): Promise<PaperSetResult> {
  const request: PaperCellRequest = {
    kind: 'paper',
    game: job.game,
    size: job.size,
    method: job.method,
    incremental: job.incremental,
    trialKind: job.trialKind,
    sets: 1,
    trials: job.trials,
    minSetMs: MIN_SET_MS,
    seed: job.seed,
    firstSet: job.set,
  };
  const isolated = isolationAvailable();
  const timing = isolated ? await inWorker<PaperCellRequest, PaperCellTiming>(request) : measurePaperCell(request);
  return { ms: timing.perTenThousand[0] as number, machine: machineInfo(), isolated, worker };
}

/** What the log says of a job. */
function jobName(job: Job): string {
  return `${job.name} ${job.id ?? '?'}`;
}

/** Runs the worker until `signal` aborts; a second abort (`force`) stops the games under way too. */
export async function runWorker(setup: WorkerSetup, signal: AbortSignal, force: AbortSignal): Promise<void> {
  const name = workerName();
  const redis = new Redis(redisOptions(setup.target));
  const store = new RunStore(redis);
  const pool = new EnginePool(
    setup.launch ?? ((spec) => new HtpProcess(spec.command, spec.args)),
    2 * setup.concurrency + 2,
  );
  let lost = false;
  let closing = false;
  const onFault = (error: Error) => {
    if (lost || closing) return;
    lost = true;
    setup.log(`lost Redis at ${setup.target.shown}: ${redisFault(error, setup.target)}; retrying`);
  };
  redis.on('error', onFault);
  // A restart of Redis may close the connection without an error (the next connect succeeds at once).
  redis.on('close', () => onFault(new Error('Connection is closed')));
  redis.on('ready', () => {
    if (lost) setup.log(`Redis at ${setup.target.shown} is back`);
    lost = false;
  });

  const processor = async (job: Job): Promise<unknown> => {
    let checked;
    try {
      checked = checkJob(job.name, job.data);
      if (checked.name === 'game')
        for (const side of ['A', 'B'] as const) resolveEngine(checked.data.engines[side], side, checked.data, setup);
    } catch (error) {
      if (!(error instanceof RefusedError)) throw error;
      setup.log(`refused ${jobName(job)}: ${error.message}`);
      // Unrecoverable: no other attempt, and the reason stays with the job for whoever added it.
      throw new UnrecoverableError(`refused: ${error.message}`);
    }
    const { run, index } = checked.data;
    if (await store.isStopped(run)) return { skipped: 'the run has stopped' };
    if (await store.hasResult(run, index)) return { skipped: 'already played' };
    setup.log(`started ${jobName(job)}`);
    const result =
      checked.name === 'game'
        ? await playJobGame(checked.data, setup, pool, name)
        : await measureJobSet(checked.data, name);
    const stored = await store.putResult(run, index, result);
    setup.log(`finished ${jobName(job)}${stored ? '' : ' (already played elsewhere; this result is dropped)'}`);
    return { stored };
  };

  const worker = new Worker(QUEUE_NAME, processor, {
    connection: redisOptions(setup.target),
    concurrency: setup.concurrency,
    lockDuration: setup.lockMs,
    stalledInterval: setup.lockMs,
    // A game may stall more than once (a worker killed, then another): it is played again each time.
    maxStalledCount: 10,
    autorun: false,
  });
  // A lost lock (a game that took too long without word, then played elsewhere) is an error too, but not a lost Redis.
  worker.on('error', (error: Error) =>
    isConnectionFault(error) ? onFault(error) : setup.log(`error: ${error.message}`),
  );
  worker.on('failed', (job, error) => {
    if (job !== undefined && !(error instanceof UnrecoverableError))
      setup.log(`failed ${jobName(job)}: ${error.message}`);
  });
  const running = worker.run();
  setup.log(
    `worker ${name}: serving ${setup.target.shown}, ${setup.concurrency} job${setup.concurrency === 1 ? '' : 's'} at once${setup.engines.size === 0 ? '' : `, engines ${[...setup.engines.keys()].join(', ')}`}`,
  );
  await new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  setup.log('finishing the jobs under way (stop again to stop them now)');
  closing = true;
  let now = false;
  const forced = new Promise<void>((resolve) =>
    force.aborted ? resolve() : force.addEventListener('abort', () => resolve(), { once: true }),
  ).then(async () => {
    now = true;
    await pool.close(true);
    await worker.close(true);
  });
  await Promise.race([worker.close(), forced]);
  await running.catch(() => {});
  await pool.close(now);
  redis.disconnect();
}
