/**
 * A redis-server of a test's own: a free loopback port, a temporary folder,
 * no snapshots (and an append-only file only where a test needs Redis to
 * keep its data across a restart). CI installs Debian's redis-server; a
 * machine without one fails the test with a line that says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  readonly dir: string;
  /** Stops the server and starts it again on the same port and folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface RedisServerOptions {
  /** Keep the data across a restart (appendonly yes). */
  readonly persist?: boolean;
  readonly password?: string;
  /** Speak TLS only, with this certificate and key (PEM files). */
  readonly tls?: { readonly cert: string; readonly key: string };
}

function redisBinary(): string {
  for (const dir of (process.env['PATH'] ?? '').split(':').concat(['/usr/bin', '/usr/sbin'])) {
    const path = join(dir, 'redis-server');
    if (existsSync(path)) return path;
  }
  throw new Error('redis-server is not installed (Debian: apt-get install redis-server; .ci/run installs it)');
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function launch(binary: string, args: readonly string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start in 15 s: ${output.slice(-500)}`)),
      15_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`));
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startRedis(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = redisBinary();
  const dir = mkdtempSync(join(tmpdir(), 'hexbatch-redis-'));
  const port = await freePort();
  const listen =
    options.tls === undefined
      ? ['--port', String(port)]
      : [
          '--port',
          '0',
          '--tls-port',
          String(port),
          '--tls-cert-file',
          options.tls.cert,
          '--tls-key-file',
          options.tls.key,
          '--tls-ca-cert-file',
          options.tls.cert,
          '--tls-auth-clients',
          'no',
        ];
  const args = [
    ...listen,
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.persist ? 'yes' : 'no',
    ...(options.password === undefined ? [] : ['--requirepass', options.password]),
  ];
  let child = await launch(binary, args);
  return {
    port,
    dir,
    url: `${options.tls === undefined ? 'redis' : 'rediss'}://127.0.0.1:${port}`,
    async restart() {
      await stopped(child);
      child = await launch(binary, args);
    },
    async stop() {
      await stopped(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
