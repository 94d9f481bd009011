/**
 * A run (a match, self-play or the paper's tables) in Redis, beside BullMQ's
 * own keys: its record (what --resume needs to carry on), its results keyed
 * by job index, and a mark that it has stopped. A result is written with
 * HSETNX, so that when a game is played twice (a worker that stalled, then
 * came back) the first result stays and each index counts once.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** BullMQ's queue name for every job of hexbatch. */
export const QUEUE_NAME = 'hexbatch';

/** How long a finished run's record and results stay in Redis (for a report or a late --resume). */
const KEPT_SECONDS = 30 * 24 * 3600;

const runKey = (run: string) => `hexbatch:run:${run}`;
const resultsKey = (run: string) => `hexbatch:run:${run}:results`;
const stoppedKey = (run: string) => `hexbatch:run:${run}:stopped`;

/** BullMQ's job id for job `index` of `run` (BullMQ forbids ':' in one). */
export function jobId(run: string, index: number): string {
  return `${run}.${index}`;
}

/** The run and index of a job id of ours, or null for another's. */
export function parseJobId(id: string): { run: string; index: number } | null {
  const m = /^([a-z0-9]{1,32})\.(\d{1,6})$/.exec(id);
  return m ? { run: m[1] as string, index: Number(m[2]) } : null;
}

/** A new run id: 10 random lower-case letters and digits. */
export function newRunId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join('');
}

export class RunStore {
  constructor(private readonly redis: Redis) {}

  async saveRecord(run: string, record: unknown): Promise<void> {
    await this.redis.set(runKey(run), JSON.stringify(record));
  }

  /** The record saved for `run`, parsed, or null when Redis has none. */
  async loadRecord(run: string): Promise<unknown> {
    const text = await this.redis.get(runKey(run));
    return text === null ? null : (JSON.parse(text) as unknown);
  }

  /** Stores a result unless one is there; whether this one was stored. */
  async putResult(run: string, index: number, result: unknown): Promise<boolean> {
    return (await this.redis.hsetnx(resultsKey(run), String(index), JSON.stringify(result))) === 1;
  }

  async hasResult(run: string, index: number): Promise<boolean> {
    return (await this.redis.hexists(resultsKey(run), String(index))) === 1;
  }

  async resultCount(run: string): Promise<number> {
    return this.redis.hlen(resultsKey(run));
  }

  /** The results of the indices given, as stored (JSON text), where there is one. */
  async results(run: string, indices: readonly number[]): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    for (let at = 0; at < indices.length; at += 500) {
      const part = indices.slice(at, at + 500);
      const texts = await this.redis.hmget(resultsKey(run), ...part.map(String));
      part.forEach((index, k) => {
        const text = texts[k];
        if (text != null) found.set(index, text);
      });
    }
    return found;
  }

  /** The indices that have a result. */
  async resultIndices(run: string): Promise<number[]> {
    return (await this.redis.hkeys(resultsKey(run))).map(Number).filter((n) => Number.isInteger(n));
  }

  /** Marks `run` stopped: a worker that takes one of its jobs after this plays nothing. */
  async markStopped(run: string): Promise<void> {
    await this.redis.set(stoppedKey(run), '1');
  }

  async isStopped(run: string): Promise<boolean> {
    return (await this.redis.exists(stoppedKey(run))) === 1;
  }

  /** Lets a finished run's keys expire in a month. */
  async expire(run: string): Promise<void> {
    for (const key of [runKey(run), resultsKey(run), stoppedKey(run)]) await this.redis.expire(key, KEPT_SECONDS);
  }
}
