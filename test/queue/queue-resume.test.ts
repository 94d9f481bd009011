// Faults around the coordinator: it is killed mid-match and Redis restarts
// (with its append-only file) while the worker plays on; `match --resume ID`
// carries the match on, losing nothing that finished; Redis restarts again
// under the resumed coordinator, which waits for it. The match that comes
// out is the local match with the same seed, game for game.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { type CliProcess, startCli, stopCli } from '../helpers/worker-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-resume-'));
const MATCH = [
  '--a',
  'playouts=128',
  '--b',
  'playouts=96',
  '--size',
  '4',
  '--games',
  '24',
  '--seed',
  '5',
  '--openings',
  'all',
];

let redis: RedisServer;
let worker: CliProcess | undefined;

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedis({ persist: true });
}, 180_000);

afterAll(async () => {
  if (worker !== undefined) await stopCli(worker);
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

// The files' text but the date (a run may cross midnight).
const files = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/DT\[[^\]]*\]/, ''));

async function until(check: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a killed coordinator and restarts of Redis lose nothing; --resume finishes the match as the local one', async () => {
  const local = join(scratch, 'local');
  expect((await runCliInProcess(['match', ...MATCH, '--parallel', '2', '--out', local])).code).toBe(0);

  const w = startCli(['worker', '--queue', redis.url, '--concurrency', '1', '--lock', '2']);
  worker = w;
  await w.waitFor(/serving/);
  const out = join(scratch, 'queued');
  // Two games queued at a time: when the coordinator dies, the worker soon runs out of games until --resume.
  const first = startCli(['match', ...MATCH, '--queue', redis.url, '--parallel', '2', '--out', out]);
  const run = /started match ([a-z0-9]+) on/.exec(await first.waitFor(/started match/))?.[1] as string;
  await first.waitFor(/^6\/24: /);
  first.child.kill('SIGKILL');
  await first.exited();
  const before = readdirSync(out).length;
  expect(before).toBeGreaterThanOrEqual(6);

  // Redis restarts while nobody coordinates; the worker waits for it and plays on.
  await redis.restart();

  const resumed = runCliInProcess(['match', '--queue', redis.url, '--resume', run]);
  // Once a few more games are in, Redis restarts under the resumed coordinator too.
  await until(() => readdirSync(out).length >= before + 4);
  await redis.restart();
  const outcome = await resumed;
  expect(outcome.code, outcome.err).toBe(0);
  expect(outcome.err).toContain(`resuming match ${run}`);
  expect(outcome.out).toMatch(/Hex 4×4: 24 games, swap on, run [a-z0-9]+/);
  expect(readdirSync(out)).toHaveLength(24);
  expect(files(out)).toEqual(files(local));
  // The one worker played at least 16 of its games after the first restart (at most 8 were done or queued before).
  expect(before).toBeLessThanOrEqual(8);
  expect(w.lines.filter((l) => /lost Redis at .*; retrying/.test(l)).length).toBeGreaterThanOrEqual(2);
  expect(w.lines.filter((l) => /Redis at .* is back/.test(l)).length).toBeGreaterThanOrEqual(2);
}, 300_000);
