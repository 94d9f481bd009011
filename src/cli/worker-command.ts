/**
 * `hexbatch worker --queue URL`: serves a queue's jobs (games of matches and
 * self-play, sets of the paper's tables) on this machine until stopped. The
 * queue code is loaded only when the command runs.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import type { EngineSpec } from '../match/engine-spec.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, messageOf, usageError } from './cli-error.js';
import { checkEngineOptions } from './htp-command.js';
import type { CliIo } from './io.js';
import { queueCliError, queueTarget } from './queue-cli.js';

const CONCURRENCY: Bound = { option: '--concurrency', min: 1, max: 256 };
const LOCK: Bound = { option: '--lock', min: 1, max: 3600 };

interface WorkerOptions {
  readonly queue: string;
  readonly engines?: string;
  readonly concurrency?: string;
  readonly lock: string;
}

export function registerWorkerCommand(program: Command, io: CliIo): void {
  program
    .command('worker')
    .description(
      "take jobs from a queue (games, self-play, sets of the paper's tables) and run them here until stopped",
    )
    .requiredOption(
      '--queue <url>',
      'the queue: redis://HOST:PORT, or rediss://:PASSWORD@HOST:PORT (the password may instead be in HEXBATCH_REDIS_PASSWORD)',
    )
    .option('--engines <file>', 'engines other than ours that jobs may name, one a line: KEY = COMMAND LINE')
    .option('--concurrency <n>', boundedHelp(CONCURRENCY, 'jobs at once (default one a core; with a GPU, one a GPU)'))
    .option(
      '--lock <seconds>',
      boundedHelp(LOCK, 'how long a job may go without word from its worker before another worker plays it again'),
      '30',
    )
    .action(async (options: WorkerOptions) => {
      const target = queueTarget(options.queue);
      const concurrency =
        options.concurrency === undefined
          ? Math.max(1, availableParallelism())
          : parseBounded(CONCURRENCY, options.concurrency);
      const lockMs = parseBounded(LOCK, options.lock) * 1000;
      const { parseEngineFile } = await import('../queue/engine-file.js');
      let engines: ReadonlyMap<string, EngineSpec> = new Map();
      if (options.engines !== undefined) {
        let text: string;
        try {
          text = await readFile(options.engines, 'utf8');
        } catch (error) {
          throw usageError(`--engines: cannot read ${options.engines}: ${messageOf(error)}`);
        }
        try {
          engines = parseEngineFile(text, options.engines);
        } catch (error) {
          throw usageError(`--engines: ${messageOf(error)}`);
        }
      }
      // Loaded only here, so that every other command runs without Redis code.
      const { checkRedis } = await import('../queue/redis-target.js');
      const { runWorker } = await import('../queue/worker.js');
      try {
        await checkRedis(target);
      } catch (error) {
        throw queueCliError(error);
      }
      const stop = new AbortController();
      const force = new AbortController();
      const onSignal = () => (stop.signal.aborted ? force.abort() : stop.abort());
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      try {
        await runWorker(
          {
            target,
            concurrency,
            threads: Math.max(1, Math.floor(availableParallelism() / concurrency)),
            engines,
            lockMs,
            checkOurOptions: checkEngineOptions,
            log: (line) => io.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
          },
          stop.signal,
          force.signal,
        );
      } catch (error) {
        throw error instanceof CliError ? error : queueCliError(error);
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
