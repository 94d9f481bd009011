/**
 * The streams a command talks to. Commands take them as arguments, so tests
 * can run a command in-process with their own streams.
 */
import { fstatSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { usageError } from './cli-error.js';

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/** Writes text, waiting when the stream's buffer is full (a slow reader). */
export async function writeText(stream: Writable, text: string): Promise<void> {
  if (stream.write(text)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', done);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
  });
}

/**
 * Refuses a standard input that can give no lines: a folder (`< some/dir`)
 * reads as nothing at all on some systems, which would look like success.
 */
export function checkStdinReadable(stdin: Readable): void {
  const fd = (stdin as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return;
  let folder = false;
  try {
    folder = fstatSync(fd).isDirectory();
  } catch {
    return; // Not a file descriptor fstat knows (a closed stdin): reading says what is wrong.
  }
  if (folder) throw usageError('standard input is a folder; give the boards in a file or through a pipe');
}
