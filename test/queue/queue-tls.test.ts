// rediss://: a queue behind TLS with a password. With the server's
// certificate trusted (NODE_EXTRA_CA_CERTS, as docs/match.md says) the
// coordinator gets through (the run it names is simply not there); without
// it, or speaking plain Redis to the TLS port, one line and exit 2.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { startCli } from '../helpers/worker-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-tls-'));
const cert = join(scratch, 'cert.pem');
const key = join(scratch, 'key.pem');
let redis: RedisServer;

beforeAll(async () => {
  ensureBuilt();
  // A self-signed certificate for 127.0.0.1, made with Debian's openssl.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  redis = await startRedis({ password: 'tls secret', tls: { cert, key } });
}, 180_000);

afterAll(async () => {
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('with the certificate trusted, rediss:// and the password get through', async () => {
  const url = `rediss://:tls%20secret@127.0.0.1:${redis.port}`;
  const coordinator = startCli(['match', '--queue', url, '--resume', 'nosuchrun'], {
    ...process.env,
    NODE_EXTRA_CA_CERTS: cert,
  });
  expect(await coordinator.exited()).toBe(2);
  expect(coordinator.lines).toEqual([expect.stringMatching(/^error: the queue has no run nosuchrun/)]);
}, 60_000);

test('an untrusted certificate, and plain Redis spoken to the TLS port: one line, exit 2', async () => {
  const untrusted = await runCliInProcess(['worker', '--queue', `rediss://:tls%20secret@127.0.0.1:${redis.port}`]);
  expect(untrusted.err.trim()).toMatch(/^error: the TLS connection to 127\.0\.0\.1:\d+ failed: .*certificate/);
  expect(untrusted.code).toBe(2);
  const plain = await runCliInProcess(['worker', '--queue', `redis://:tls%20secret@127.0.0.1:${redis.port}`]);
  expect(plain.err.trim().split('\n')).toHaveLength(1);
  expect(plain.err).toMatch(/^error: /);
  expect(plain.code).toBe(2);
}, 60_000);
