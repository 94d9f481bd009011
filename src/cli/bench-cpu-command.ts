/** `hexbatch bench-cpu`: runs the CPU benchmark, prints its table, writes its JSON. */
import type { Command } from 'commander';
import {
  type CpuBenchPlan,
  DEFAULT_SIZES,
  FULL_PLAYOUT_SETTINGS,
  FULL_SETTINGS,
  QUICK_PLAYOUT_SETTINGS,
  QUICK_SETTINGS,
  runCpuBench,
} from '../bench/cpu-bench.js';
import { METHODS } from '../wintest/registry.js';
import {
  type BenchBoardOptions,
  addBenchBoardOptions,
  benchJsonPath,
  parseBenchBoards,
  writeBenchJson,
} from './bench-options.js';
import { formatBenchReport } from './bench-table.js';
import type { CliIo } from './io.js';
import { parseList, parseMethod } from './options.js';

export const DEFAULT_JSON = 'bench/results/cpu.json';

interface BenchCpuOptions extends BenchBoardOptions {
  readonly methods?: string;
  readonly json: string;
  readonly quick?: boolean;
}

function benchPlan(options: BenchCpuOptions, io: CliIo): CpuBenchPlan {
  const { games, sizes } = parseBenchBoards(options);
  const methods =
    options.methods === undefined ? METHODS : parseList('--methods', options.methods, (name) => parseMethod(name));
  return {
    games,
    sizes,
    methods,
    settings: options.quick ? QUICK_SETTINGS : FULL_SETTINGS,
    playoutSettings: options.quick ? QUICK_PLAYOUT_SETTINGS : FULL_PLAYOUT_SETTINGS,
    onProgress: (message) => io.stderr.write(`${message}\n`),
  };
}

export function registerBenchCpuCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-cpu')
    .description(
      'time every win-test method, the fills, and full playouts on one core and all cores, on the CPU (ns per board)',
    );
  addBenchBoardOptions(command, DEFAULT_SIZES)
    .option('--methods <list>', 'methods, comma-separated (default: all)')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_JSON)
    .option('--quick', 'few boards and short runs: a smoke test, not a measurement')
    .action(async (options: BenchCpuOptions) => {
      const plan = benchPlan(options, io);
      const json = await benchJsonPath(command, options);
      const report = await runCpuBench(plan);
      io.stdout.write(formatBenchReport(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
