/**
 * Where the queue lives: a redis:// or rediss:// (TLS) URL, with a password
 * in the URL or in HEXBATCH_REDIS_PASSWORD. No Redis code here: the CLI
 * checks the URL before it loads any.
 */

export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly db: number;
  /** The URL as it can be shown: without the password. */
  readonly shown: string;
}

/** The environment variable read for the password when the URL has none (a URL's password shows in `ps`). */
export const PASSWORD_VARIABLE = 'HEXBATCH_REDIS_PASSWORD';

/** Why the queue cannot be used: `usage` for what the user gave (exit 2), otherwise a fault met while running (exit 1). */
export class QueueError extends Error {
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
    this.name = 'QueueError';
  }
}

/** The target a redis:// or rediss:// URL names; throws QueueError (usage) for anything else. */
export function parseRedisUrl(text: string, env: NodeJS.ProcessEnv = process.env): RedisTarget {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url === null || (url.protocol !== 'redis:' && url.protocol !== 'rediss:'))
    throw new QueueError(
      `"${text}" is not a redis:// or rediss:// URL (expected redis://HOST:PORT, or rediss://:PASSWORD@HOST:PORT)`,
      true,
    );
  if (url.hostname === '') throw new QueueError(`the URL names no host (expected ${url.protocol}//HOST:PORT)`, true);
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new QueueError(`the port must be a whole number from 1 to 65535`, true);
  const path = url.pathname.replace(/^\//, '');
  if (!/^\d{0,2}$/.test(path))
    throw new QueueError(`the URL's path must be a database number (/0 to /99), not "/${path}"`, true);
  if (url.search !== '' || url.hash !== '') throw new QueueError('the URL must have no query or fragment', true);
  const password = url.password !== '' ? decodeURIComponent(url.password) : env[PASSWORD_VARIABLE] || undefined;
  const username = url.username !== '' ? decodeURIComponent(url.username) : undefined;
  const shown = `${url.protocol}//${username === undefined ? '' : `${username}@`}${url.host}${path === '' ? '' : `/${path}`}`;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    tls: url.protocol === 'rediss:',
    username,
    password,
    db: path === '' ? 0 : Number(path),
    shown,
  };
}
