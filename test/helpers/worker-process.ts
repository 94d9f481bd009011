/** `hexbatch worker` (or any command of the built CLI) as a child process whose standard error is read line by line. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './build.js';

export interface CliProcess {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Resolves with the first line (seen or to come) that matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves when the process has exited. */
  exited(): Promise<number | null>;
}

export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): CliProcess {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'hexbatch.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onLine = (line: string) => {
    lines.push(line);
    for (const w of [...waiting]) {
      if (w.pattern.test(line)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', onLine);
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', onLine);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    waitFor(pattern, timeoutMs = 60_000) {
      const seen = lines.find((l) => pattern.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no line matching ${pattern} in ${timeoutMs / 1000} s; last lines:\n${lines.slice(-10).join('\n')}`,
              ),
            ),
          timeoutMs,
        );
        waiting.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      });
    },
    exited: () => exit,
  };
}

/** Stops a child politely (SIGTERM), and for good after `graceMs`. */
export async function stopCli(p: CliProcess, graceMs = 10_000): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await p.exited();
  clearTimeout(timer);
}
