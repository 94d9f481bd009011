/** The CLI run in-process, with its standard streams captured. */
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

export interface CliOutcome {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

export async function runCliInProcess(argv: readonly string[], input = ''): Promise<CliOutcome> {
  const stdout = collect();
  const stderr = collect();
  const code = await runCli(argv, { stdin: Readable.from([input]), stdout: stdout.stream, stderr: stderr.stream });
  return { code, out: stdout.text(), err: stderr.text() };
}
