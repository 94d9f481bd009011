/** What every command with --queue shares before it loads any Redis code: the URL, the run id, and how queue faults exit. */
import { QueueError, type RedisTarget, parseRedisUrl } from '../queue/redis-url.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';

/** A queue fault as the CLI reports it: exit 2 for what the user gave, 1 for what went wrong while running. */
export function queueCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof QueueError) return new CliError(`error: ${error.message}`, error.usage ? 2 : EXIT_FAILURE);
  return new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
}

export function queueTarget(url: string): RedisTarget {
  try {
    return parseRedisUrl(url);
  } catch (error) {
    throw usageError(`--queue: ${messageOf(error)}`);
  }
}

/** A --resume id, checked. */
export function resumeId(text: string): string {
  if (!/^[a-z0-9]{1,32}$/.test(text))
    throw usageError(`--resume: "${text}" is not a run id (lower-case letters and digits)`);
  return text;
}
