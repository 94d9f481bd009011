/**
 * The paper's CPU tables on the queue: one job a set of a cell, so that a
 * thousand sets a cell spread over every worker. Each set comes back with
 * the machine it ran on; the cells are put together as a local run puts them.
 */
import { GameKind } from '../game/geometry.js';
import type { MachineInfo } from '../bench/machine-info.js';
import { type PaperCell, type PaperJob, paperCell, paperJobs } from '../bench/paper-bench.js';
import { type QueueSession, type RunOutcome, gatherRun } from './coordinator.js';
import type { PaperSetJob, PaperSetResult } from './job-data.js';
import { QueueError } from './redis-url.js';

/** What a queued bench-paper run is, as saved in Redis. */
export interface PaperRecord {
  readonly kind: 'paper';
  readonly created: string;
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly sets: number;
  readonly trials: number;
  readonly seed: number;
}

export interface QueuedPaper {
  readonly outcome: RunOutcome;
  readonly cells: PaperCell[];
  /** The machines the sets ran on, once each. */
  readonly machines: MachineInfo[];
  /** Whether every set ran in a fresh isolate. */
  readonly isolated: boolean;
}

/** A record read back for --resume, checked. */
export function checkPaperRecord(x: unknown, run: string): PaperRecord {
  const r = x as Partial<PaperRecord> | null;
  if (r === null) throw new QueueError(`the queue has no run ${run}`, true);
  if (r.kind !== 'paper') throw new QueueError(`run ${run} is not a bench-paper run`, true);
  const ok =
    Array.isArray(r.games) &&
    r.games.every((g) => g === GameKind.Hex || g === GameKind.Y) &&
    Array.isArray(r.sizes) &&
    r.sizes.every((n) => Number.isInteger(n)) &&
    Number.isInteger(r.sets) &&
    Number.isInteger(r.trials) &&
    Number.isInteger(r.seed);
  if (!ok) throw new QueueError(`run ${run}'s record is damaged`, true);
  return r as PaperRecord;
}

/** Set `index` of the run as a job: cell ⌊index / sets⌋, set index mod sets. */
function setJob(jobs: readonly PaperJob[], record: PaperRecord, run: string, index: number): PaperSetJob {
  const job = jobs[Math.floor(index / record.sets)] as PaperJob;
  const r = job.request;
  return {
    run,
    index,
    game: r.game,
    size: r.size,
    method: r.method,
    incremental: r.incremental,
    trialKind: r.trialKind,
    trials: r.trials,
    seed: r.seed,
    set: index % record.sets,
  };
}

function parseSetResult(text: string, index: number): PaperSetResult {
  const x = JSON.parse(text) as Partial<PaperSetResult>;
  if (
    typeof x.ms !== 'number' ||
    !Number.isFinite(x.ms) ||
    typeof x.machine?.cpu !== 'string' ||
    typeof x.isolated !== 'boolean'
  )
    throw new QueueError(`set ${index + 1}: the result in the queue is not a set's timing`, false);
  return x as PaperSetResult;
}

/** Measures the CPU tables of `record` on the queue; `onSet` hears of each set as it comes in. */
export async function measurePaperOnQueue(
  session: QueueSession,
  run: string,
  record: PaperRecord,
  onSet: (done: number, total: number) => void,
  patienceMs: number,
  signal?: AbortSignal,
): Promise<QueuedPaper> {
  const jobs = paperJobs(record);
  const total = jobs.length * record.sets;
  const values: (number | undefined)[][] = jobs.map(() => new Array<number | undefined>(record.sets).fill(undefined));
  const machines = new Map<string, MachineInfo>();
  let isolated = true;
  let done = 0;
  const outcome = await gatherRun(
    session,
    {
      run,
      total,
      window: total,
      job: (index) => ({ name: 'paper-set', data: setJob(jobs, record, run, index) }),
      saveRecord: () => session.store.saveRecord(run, record),
      accept: (index, text) => {
        const result = parseSetResult(text, index);
        (values[Math.floor(index / record.sets)] as (number | undefined)[])[index % record.sets] = result.ms;
        machines.set(`${result.machine.cpu}|${result.machine.os}|${result.machine.node}`, result.machine);
        isolated &&= result.isolated;
        onSet(++done, total);
      },
      decided: () => false,
    },
    patienceMs,
    signal,
  );
  const cells = jobs.map((job, k) =>
    paperCell(
      job,
      (values[k] as (number | undefined)[]).filter((v): v is number => v !== undefined),
    ),
  );
  return { outcome, cells, machines: [...machines.values()], isolated };
}
