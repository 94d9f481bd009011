/** `hexbatch bench-cpu`: runs the CPU benchmark, prints its table, writes its JSON. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  type CpuBenchPlan,
  type CpuBenchReport,
  DEFAULT_SIZES,
  FULL_SETTINGS,
  QUICK_SETTINGS,
  runCpuBench,
} from '../bench/cpu-bench.js';
import { checkSize } from '../game/geometry.js';
import { BOTH_GAMES } from '../wintest/method.js';
import { METHODS } from '../wintest/registry.js';
import { formatBenchReport } from './bench-table.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import { parseGame, parseList, parseMethod, parseWholeNumber } from './options.js';

export const DEFAULT_JSON = 'bench/results/cpu.json';

interface BenchCpuOptions {
  readonly sizes: string;
  readonly games: string;
  readonly methods?: string;
  readonly json: string;
  readonly quick?: boolean;
}

function benchPlan(options: BenchCpuOptions, io: CliIo): CpuBenchPlan {
  const games = parseList('--games', options.games, parseGame);
  const sizes = parseList('--sizes', options.sizes, (text) => {
    const n = parseWholeNumber('a size', text);
    for (const game of games) asUsage(() => checkSize(game, n));
    return n;
  });
  const methods = options.methods === undefined ? METHODS : parseList('--methods', options.methods, (name) => parseMethod(name));
  return {
    games,
    sizes,
    methods,
    settings: options.quick ? QUICK_SETTINGS : FULL_SETTINGS,
    onProgress: (message) => io.stderr.write(`${message}\n`),
  };
}

async function writeReport(file: string, report: CpuBenchReport): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    throw new CliError(`error: cannot write ${file}: ${messageOf(error)}`, EXIT_FAILURE);
  }
}

export function registerBenchCpuCommand(program: Command, io: CliIo): void {
  program
    .command('bench-cpu')
    .description('time every win-test method and the fills on the CPU (ns per board)')
    .option('--sizes <list>', 'board sizes, comma-separated', DEFAULT_SIZES.join(','))
    .option('--games <list>', 'games, comma-separated', BOTH_GAMES.join(','))
    .option('--methods <list>', 'methods, comma-separated (default: all)')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_JSON)
    .option('--quick', 'few boards and short runs: a smoke test, not a measurement')
    .action(async (options: BenchCpuOptions) => {
      const report = await runCpuBench(benchPlan(options, io));
      io.stdout.write(formatBenchReport(report));
      await writeReport(options.json, report);
      io.stderr.write(`results written to ${options.json}\n`);
    });
}
