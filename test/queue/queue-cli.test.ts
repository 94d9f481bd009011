// What the queue commands say to bad input: a bad URL, a Redis that does not
// answer, a wrong or missing password, options that do not go together. Each
// is one line and exit status 2, quickly: never a hang or a stack trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseRedisUrl } from '../../src/queue/redis-url.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { type RedisServer, freePort, startRedis } from '../helpers/redis-server.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-queue-cli-'));
let guarded: RedisServer;

beforeAll(async () => {
  guarded = await startRedis({ password: 'open sesame' });
}, 60_000);

afterAll(async () => {
  await guarded?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the CLI and expects exit 2 with one line matching `message`, within a few seconds. */
async function refused(args: readonly string[], message: RegExp): Promise<void> {
  const start = Date.now();
  const { code, err, out } = await runCliInProcess(args);
  expect(err.trim(), err).toMatch(message);
  expect(err.trim().split('\n'), err).toHaveLength(1);
  expect(err).not.toMatch(/\n\s+at /);
  expect(out).toBe('');
  expect(code).toBe(2);
  expect(Date.now() - start).toBeLessThan(15_000);
}

describe('queue URLs', () => {
  test('parsed: host, port, TLS, password from the URL or the environment, database', () => {
    expect(parseRedisUrl('redis://queue.example:6380/2', {})).toMatchObject({
      host: 'queue.example',
      port: 6380,
      tls: false,
      password: undefined,
      db: 2,
      shown: 'redis://queue.example:6380/2',
    });
    expect(parseRedisUrl('rediss://:p%40ss@10.0.0.5', {})).toMatchObject({
      host: '10.0.0.5',
      port: 6379,
      tls: true,
      password: 'p@ss',
      shown: 'rediss://10.0.0.5',
    });
    expect(parseRedisUrl('redis://h:1', { HEXBATCH_REDIS_PASSWORD: 'from-env' }).password).toBe('from-env');
    expect(parseRedisUrl('redis://[::1]:7000', {}).host).toBe('::1');
  });

  test.each([
    ['not a URL', 'localhost:6379', /"localhost:6379" is not a redis:\/\/ or rediss:\/\/ URL/],
    ['another scheme', 'http://localhost:6379', /"http:\/\/localhost:6379" is not a redis:\/\/ or rediss:\/\/ URL/],
    [
      'a port out of range',
      'redis://localhost:99999',
      /"redis:\/\/localhost:99999" is not a redis:\/\/ or rediss:\/\/ URL/,
    ],
    ['a path that is not a database', 'redis://localhost:6379/queue', /database number/],
  ])('%s', async (_, url, message) => {
    await refused(['match', '--queue', url, '--a', 'playouts=8'], new RegExp(`^error: --queue: .*${message.source}`));
    await refused(['worker', '--queue', url], new RegExp(`^error: --queue: .*${message.source}`));
  });
});

describe('a Redis that cannot be used', () => {
  test('nothing listening', async () => {
    const port = await freePort();
    await refused(
      ['match', '--queue', `redis://127.0.0.1:${port}`, '--a', 'playouts=8'],
      /^error: nothing answers at 127\.0\.0\.1:\d+ \(connection refused\)/,
    );
    await refused(['worker', '--queue', `redis://127.0.0.1:${port}`], /^error: nothing answers at/);
    await refused(
      ['selfplay', '--queue', `redis://127.0.0.1:${port}`, '--playouts', '8', '--out', scratch],
      /^error: nothing answers at/,
    );
    await refused(
      ['bench-paper', '--queue', `redis://127.0.0.1:${port}`, '--quick', '--no-gpu', '--json', join(scratch, 'p.json')],
      /^error: nothing answers at/,
    );
  }, 60_000);

  test('an unknown host', async () => {
    await refused(
      ['worker', '--queue', 'redis://no-such-host.invalid:6379'],
      /^error: cannot find the host no-such-host\.invalid/,
    );
  }, 30_000);

  test('a wrong password, and none', async () => {
    await refused(
      ['worker', '--queue', `redis://:wrong@127.0.0.1:${guarded.port}`],
      /^error: Redis at 127\.0\.0\.1:\d+ refused the password$/,
    );
    await refused(
      ['worker', '--queue', guarded.url],
      /^error: Redis at 127\.0\.0\.1:\d+ needs a password: give it in the URL .* or in HEXBATCH_REDIS_PASSWORD$/,
    );
    // The right one gets through: the run it names is simply not there.
    await refused(
      ['match', '--queue', `redis://:open%20sesame@127.0.0.1:${guarded.port}`, '--resume', 'nosuchrun'],
      /^error: the queue has no run nosuchrun/,
    );
  }, 30_000);
});

describe('options that do not go together', () => {
  test.each([
    [
      ['match', '--resume', 'abc', '--a', 'playouts=8'],
      /^error: --resume carries on a match on a queue: give --queue URL too$/,
    ],
    [
      ['match', '--key-a', 'mohex', '--b', 'playouts=8'],
      /^error: --key-a and --key-b name engines of the workers' engine files: they need --queue$/,
    ],
    [
      ['match', '--queue', 'redis://127.0.0.1:1', '--engine-a', 'mohex --x', '--b', 'playouts=8'],
      /^error: --engine-a: a worker never runs a command line from the queue/,
    ],
    [
      ['match', '--queue', 'redis://127.0.0.1:1', '--a', 'playouts=2000000000'],
      /^error: --a: --playouts must be a whole number/,
    ],
    [
      ['match', '--queue', 'redis://127.0.0.1:1', '--resume', 'Not-An-Id'],
      /^error: --resume: "Not-An-Id" is not a run id/,
    ],
    [
      ['match', '--queue', 'redis://127.0.0.1:1', '--resume', 'abc', '--games', '10'],
      /^error: --resume carries on a run with the settings it began with: leave out --games$/,
    ],
    [['match', '--sprt', '10,0', '--a', 'playouts=8'], /^error: --sprt: elo1 must be above elo0/],
    [['match', '--sprt', '0,10', '--scaling', '8,16'], /^error: --sprt tests one match: leave out --scaling$/],
    [['selfplay', '--size', '4', '--out', '/tmp'], /^error: self-play needs a budget: --playouts N or --time SECONDS$/],
    [['selfplay', '--playouts', '8', '--settings', 'playouts=9', '--out', '/tmp'], /^error: --playouts is given twice/],
    [
      ['worker', '--queue', 'redis://127.0.0.1:1', '--concurrency', '0'],
      /^error: --concurrency must be a whole number from 1 to 256/,
    ],
  ])('%j', async (args, message) => {
    await refused(args, message);
  });

  test('a worker engine file that cannot be read or has a bad line', async () => {
    await refused(
      ['worker', '--queue', 'redis://127.0.0.1:1', '--engines', join(scratch, 'missing.txt')],
      /^error: --engines: cannot read .*missing\.txt/,
    );
    const bad = join(scratch, 'bad.txt');
    writeFileSync(bad, '# engines\nmohex = /opt/mohex\nno equals sign here\n');
    await refused(
      ['worker', '--queue', 'redis://127.0.0.1:1', '--engines', bad],
      /^error: --engines: .*bad\.txt:3: expected KEY = COMMAND LINE$/,
    );
  });
});
