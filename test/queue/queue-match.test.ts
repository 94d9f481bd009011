// A 40-game match on a queue served by two workers, one of them killed
// (SIGKILL) while it is in a game: BullMQ's stalled-job check gives that
// game to the other worker, every game's result arrives exactly once, and at
// a fixed playout limit the match is the local match with the same seed,
// game for game. Then a match stopped by its SPRT, with the games not
// started withdrawn from the queue.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { type CliProcess, startCli, stopCli } from '../helpers/worker-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-queue-'));
const MATCH = [
  '--a',
  'playouts=128',
  '--b',
  'playouts=128,tactics=off',
  '--size',
  '4',
  '--games',
  '40',
  '--seed',
  '11',
  '--openings',
  'all',
];

let redis: RedisServer;
const workers: CliProcess[] = [];

beforeAll(async () => {
  ensureBuilt();
  redis = await startRedis();
}, 180_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => stopCli(w)));
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

// The files' text but the date (a run may cross midnight).
const files = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/DT\[[^\]]*\]/, ''));
const runOf = (stderr: string) => /started match ([a-z0-9]+) on/.exec(stderr)?.[1] as string;

describe('a match on the queue', () => {
  test('two workers, one killed mid-game: all 40 games arrive once, the same games as the local match', async () => {
    const local = join(scratch, 'local');
    const here = await runCliInProcess(['match', ...MATCH, '--parallel', '2', '--out', local]);
    expect(here.code).toBe(0);

    for (let k = 0; k < 2; k++) {
      const w = startCli(['worker', '--queue', redis.url, '--concurrency', '1', '--lock', '2']);
      workers.push(w);
      await w.waitFor(/serving/);
    }
    const [doomed, survivor] = workers as [CliProcess, CliProcess];
    const queued = join(scratch, 'queued');
    const match = runCliInProcess(['match', ...MATCH, '--queue', redis.url, '--out', queued]);
    // Kill the first worker as it starts its fourth game: that game is under way and has no result.
    let starts = 0;
    const killedJob = await new Promise<string>((resolve) => {
      const watch = setInterval(() => {
        const started = doomed.lines.filter((l) => / started game /.test(l));
        if (started.length > starts && started.length >= 4) {
          clearInterval(watch);
          doomed.child.kill('SIGKILL');
          resolve(/started game (\S+)/.exec(started.at(-1) as string)?.[1] as string);
        }
        starts = started.length;
      }, 5);
    });
    await doomed.exited();
    const outcome = await match;
    expect(outcome.code, outcome.err).toBe(0);
    expect(doomed.lines.some((l) => l.includes(`finished game ${killedJob}`))).toBe(false);
    // The other worker played the game the killed one was in.
    expect(survivor.lines.some((l) => l.includes(`started game ${killedJob}`))).toBe(true);

    // Exactly once: 40 results in Redis keyed by index, 40 files, the report counts 40.
    const run = runOf(outcome.err);
    const client = new Redis(redis.port, '127.0.0.1');
    try {
      expect((await client.hkeys(`hexbatch:run:${run}:results`)).map(Number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, i) => i),
      );
    } finally {
      client.disconnect();
    }
    expect(readdirSync(queued)).toHaveLength(40);
    expect(files(queued)).toEqual(files(local));
    const score = (text: string) => /A scored (\d+ of \d+)/.exec(text)?.[1];
    expect(score(outcome.out)).toBe(score(here.out));
    expect(outcome.out).toContain('forfeits: A 0 (0 illegal moves, 0 refused, 0 crash, 0 timeout); B 0');
    expect(outcome.err).toMatch(/40\/40: Hex 4×4: A \d+, B \d+, Elo /);
  }, 300_000);

  test('--sprt stops a queued match once it decides and withdraws the games not started', async () => {
    // Ours at 128 playouts against an engine that always plays the first empty cell: H1 comes within a few pairs.
    const engines = join(scratch, 'engines.txt');
    const fake = join(import.meta.dirname, '..', 'match', 'fake-htp-engine.mjs');
    writeFileSync(engines, `first-empty = ${process.execPath} ${fake}\n`);
    // A worker without that key would refuse the games (an unknown key fails the job): only this one serves.
    await Promise.all(workers.map((x) => stopCli(x)));
    const w = startCli(['worker', '--queue', redis.url, '--concurrency', '1', '--engines', engines]);
    workers.push(w);
    await w.waitFor(/serving/);
    const out = join(scratch, 'sprt');
    const outcome = await runCliInProcess([
      'match',
      '--queue',
      redis.url,
      '--a',
      'playouts=128',
      '--key-b',
      'first-empty',
      '--size',
      '5',
      '--games',
      '400',
      '--openings',
      'none',
      '--sprt',
      '0,50',
      '--out',
      out,
    ]);
    expect(outcome.code, outcome.err).toBe(0);
    expect(outcome.out).toMatch(
      /SPRT elo0 0, elo1 50, α 0.05, β 0.05: LLR [\d.]+ \(−2.94, 2.94\), \d+ pairs: H1 accepted/,
    );
    const withdrawn = Number(/(\d+) queued games withdrawn/.exec(outcome.out)?.[1]);
    const played = readdirSync(out).length;
    expect(played).toBeLessThan(100);
    expect(withdrawn).toBeGreaterThan(0);
    expect(played + withdrawn).toBeLessThanOrEqual(400);
    // After the verdict no game starts: the worker (one game at a time) started at most the one under way beyond those counted.
    const run = runOf(outcome.err);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(w.lines.filter((l) => l.includes(`started game ${run}.`)).length).toBeLessThanOrEqual(played + 1);
  }, 300_000);
});
