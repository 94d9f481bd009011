/**
 * The streams a command talks to. Commands take them as arguments, so tests
 * can run a command in-process with their own streams.
 */
import type { Readable, Writable } from 'node:stream';

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
