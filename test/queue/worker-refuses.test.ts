// A worker trusts nothing in a job: one that names an unknown engine key, a
// setting out of htp's bounds, a command line, or anything but settings of
// ours and keys of the worker's own engine file fails at once, with the
// reason, and no process is started for it. A proper job, beside them, is
// played (so the count of processes started can move).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkEngineOptions } from '../../src/cli/htp-command.js';
import { HtpProcess } from '../../src/match/htp-process.js';
import { parseEngineFile } from '../../src/queue/engine-file.js';
import { parseRedisUrl } from '../../src/queue/redis-url.js';
import { QUEUE_NAME } from '../../src/queue/run-store.js';
import { runWorker } from '../../src/queue/worker.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

const FAKE = fileURLToPath(new URL('../match/fake-htp-engine.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-refuse-'));
const MARKER = join(scratch, 'pwned');

let redis: RedisServer;
let queue: Queue;
let events: QueueEvents;
const launched: string[] = [];
const log: string[] = [];
const stop = new AbortController();
let worker: Promise<void>;

beforeAll(async () => {
  redis = await startRedis();
  const connection = { host: '127.0.0.1', port: redis.port };
  queue = new Queue(QUEUE_NAME, { connection });
  events = new QueueEvents(QUEUE_NAME, { connection });
  await events.waitUntilReady();
  worker = runWorker(
    {
      target: parseRedisUrl(redis.url),
      concurrency: 1,
      threads: 1,
      engines: parseEngineFile(`first-empty = ${process.execPath} ${FAKE}\n`, 'engines.txt'),
      lockMs: 30_000,
      checkOurOptions: checkEngineOptions,
      log: (line) => log.push(line),
      launch: (spec) => {
        launched.push(spec.label);
        return new HtpProcess(spec.command, spec.args);
      },
    },
    stop.signal,
    new AbortController().signal,
  );
}, 60_000);

afterAll(async () => {
  stop.abort();
  await worker;
  await events?.close();
  await queue?.close();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const game = (engines: unknown, extra: Record<string, unknown> = {}) => ({
  run: 'evil',
  index: 0,
  game: 'hex',
  size: 3,
  swap: false,
  opening: null,
  seed: 1,
  timeoutMs: 10_000,
  engines,
  ...extra,
});

/** Adds a job and waits for its end: the reason it failed, or null when it completed. */
async function outcome(name: string, data: unknown, id: string): Promise<{ failed: string | null; attempts: number }> {
  const job = await queue.add(name, data, { jobId: id, attempts: 3 });
  try {
    await job.waitUntilFinished(events, 30_000);
  } catch (error) {
    const done = await queue.getJob(id);
    return { failed: (error as Error).message, attempts: done?.attemptsMade ?? -1 };
  }
  return { failed: null, attempts: 1 };
}

describe('a worker refuses a job it should not run', () => {
  test.each([
    [
      'an unknown engine key',
      'game',
      game({ A: { key: 'rm-rf' }, B: { key: 'first-empty' } }),
      /unknown engine key "rm-rf"/,
    ],
    [
      'a setting out of bounds',
      'game',
      game({ A: { settings: { playouts: '2000000000' } }, B: { key: 'first-empty' } }),
      /--playouts must be a whole number from 0 to 1,000,000,000/,
    ],
    [
      'threads out of bounds',
      'game',
      game({ A: { settings: { playouts: '8', threads: '9999' } }, B: { key: 'first-empty' } }),
      /--threads must be a whole number from 0 to 256/,
    ],
    [
      'a setting htp does not take',
      'game',
      game({ A: { settings: { playouts: '8', fill: 'rm' } }, B: { key: 'first-empty' } }),
      /--fill/,
    ],
    [
      'an unknown setting',
      'game',
      game({ A: { settings: { command: 'touch' } }, B: { key: 'first-empty' } }),
      /unknown setting "command"/,
    ],
    [
      'a command line',
      'game',
      game({ A: { command: `touch ${MARKER}` }, B: { key: 'first-empty' } }),
      /never carries a command line/,
    ],
    [
      'a command line beside a key',
      'game',
      game({ A: { key: 'first-empty', command: `touch ${MARKER}` }, B: { key: 'first-empty' } }),
      /fields a job may not have: command/,
    ],
    [
      'a command line in a value',
      'game',
      game({ A: { settings: { playouts: `8 --x;touch ${MARKER}` } }, B: { key: 'first-empty' } }),
      /the value of playouts must be/,
    ],
    [
      'an extra field',
      'game',
      game({ A: { key: 'first-empty' }, B: { key: 'first-empty' } }, { shell: `touch ${MARKER}` }),
      /fields a job may not have: shell/,
    ],
    ['an unknown kind of job', 'exec', { command: `touch ${MARKER}` }, /unknown kind of job "exec"/],
  ])(
    '%s',
    async (what, name, data, reason) => {
      const before = launched.length;
      const result = await outcome(name, data, `refuse-${what.replace(/\W+/g, '-')}`);
      expect(result.failed).toMatch(/^refused: /);
      expect(result.failed).toMatch(reason);
      // Unrecoverable: no second attempt, here or on another worker.
      expect(result.attempts).toBe(1);
      expect(launched.length).toBe(before);
      expect(existsSync(MARKER)).toBe(false);
      expect(log.some((l) => l.startsWith('refused ') && reason.test(l))).toBe(true);
    },
    60_000,
  );

  test('a proper job beside them is played, starting its engines', async () => {
    const before = launched.length;
    const result = await outcome(
      'game',
      game({ A: { key: 'first-empty' }, B: { key: 'first-empty' } }, { run: 'fine' }),
      'fine.0',
    );
    expect(result.failed).toBeNull();
    expect(launched.slice(before)).toEqual(['first-empty', 'first-empty']);
  }, 60_000);
});
