/**
 * Connections to the queue's Redis: the options, and one round trip before
 * anything starts, so that a server that does not answer or a wrong password
 * is one clear line rather than a hang.
 */
import { isIP } from 'node:net';
import { Redis } from 'ioredis';
import { PASSWORD_VARIABLE, QueueError, type RedisTarget } from './redis-url.js';

/** The ioredis options hexbatch sets. */
export interface ConnectionOptions {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls?: { readonly servername?: string };
  readonly maxRetriesPerRequest: null;
  readonly connectTimeout: number;
}

/**
 * ioredis options for `target`. BullMQ's blocking connections need
 * maxRetriesPerRequest null: a command waits out a restart of Redis instead
 * of failing.
 */
export function redisOptions(target: RedisTarget): ConnectionOptions {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    ...(target.username === undefined ? {} : { username: target.username }),
    ...(target.password === undefined ? {} : { password: target.password }),
    // TLS's server name is a host name; an IP address is checked against the certificate without one.
    ...(target.tls ? { tls: isIP(target.host) === 0 ? { servername: target.host } : {} } : {}),
    maxRetriesPerRequest: null,
    connectTimeout: 10_000,
  };
}

/** What a connection's error means, in words. */
export function redisFault(error: Error & { code?: string }, target: RedisTarget): string {
  const where = `${target.host}:${target.port}`;
  const text = error.message;
  if (error.code === 'ECONNREFUSED')
    return `nothing answers at ${where} (connection refused): is redis-server running there?`;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return `cannot find the host ${target.host}`;
  if (error.code === 'ETIMEDOUT')
    return `no answer from ${where}${target.tls ? ' (rediss:// needs a server that speaks TLS)' : ''}`;
  if (/WRONGPASS/.test(text)) return `Redis at ${where} refused the password`;
  if (/NOAUTH/.test(text))
    return `Redis at ${where} needs a password: give it in the URL (redis://:PASSWORD@HOST:PORT) or in ${PASSWORD_VARIABLE}`;
  if (/Unknown RESP type|Protocol error/.test(text)) return `what answers at ${where} is not Redis`;
  if (/TLS|SSL|certificate/i.test(text)) return `the TLS connection to ${where} failed: ${text}`;
  return `cannot use Redis at ${where}: ${text}`;
}

/** Whether an error says the connection to Redis is down (rather than something about one job). */
export function isConnectionFault(error: Error & { code?: string }): boolean {
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
    ].includes(error.code ?? '') || /Connection is closed|connect ETIMEDOUT|NOAUTH|WRONGPASS/.test(error.message)
  );
}

/**
 * Connects once and sends PING, within `timeoutMs`; throws QueueError
 * (usage: the user named a queue that cannot be used) on any failure.
 */
export async function checkRedis(target: RedisTarget, timeoutMs = 10_000): Promise<void> {
  const client = new Redis({
    ...redisOptions(target),
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: timeoutMs,
  });
  let last: (Error & { code?: string }) | null = null;
  client.on('error', (error: Error) => (last = error));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), timeoutMs);
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
      })(),
      late,
    ]);
  } catch (error) {
    // ioredis rejects with "Connection is closed"; the cause came before, as an 'error' event.
    throw new QueueError(redisFault(last ?? (error as Error), target), true);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
