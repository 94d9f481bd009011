/**
 * `hexbatch bench-paper` (npm run bench:paper): the BPR paper's Tables 2 and
 * 3 redone here, as Markdown beside the paper's figures, with JSON. With
 * --queue the CPU tables go on a queue, one job a set (paper-on-queue.ts,
 * loaded only then); the GPU rows are measured here.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { PAPER_SIZES } from '../bench/paper-tables.js';
import { type PaperBenchReport, runPaperBench } from '../bench/paper-bench.js';
import { formatPaperReport } from '../bench/paper-report.js';
import {
  type BenchBoardOptions,
  addBenchBoardOptions,
  benchJsonPath,
  parseBenchBoards,
  writeBenchJson,
} from './bench-options.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { progressLine } from '../jobs/progress-line.js';

export const DEFAULT_PAPER_JSON = 'bench/results/paper.json';
// Three sets: the fewest whose half-width (Student's t at 2 degrees of freedom) is of any use.
const QUICK = { sets: 3, trials: 1000, sizes: [7, 11] } as const;

interface BenchPaperOptions extends BenchBoardOptions {
  readonly sets: string;
  readonly trials: string;
  readonly gpu: boolean;
  readonly json: string;
  readonly quick?: boolean;
  readonly report?: string;
  readonly queue?: string;
  readonly resume?: string;
}

async function readReport(file: string): Promise<PaperBenchReport> {
  let report: unknown;
  try {
    report = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`error: cannot read ${file}: ${messageOf(error)}`);
  }
  if ((report as { benchmark?: unknown }).benchmark !== 'hexbatch-paper')
    throw new CliError(`error: ${file} is not a bench-paper report`);
  return report as PaperBenchReport;
}

// Two sets at the least: one set has no half-width, and a difference of timings needs one.
const SETS: Bound = { option: '--sets', min: 2, max: 1000 };
const TRIALS: Bound = { option: '--trials', min: 1, max: 100_000 };

export function registerBenchPaperCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-paper')
    .description("the BPR paper's Tables 2 and 3 redone: ms per 10,000 trials beside the paper's (Markdown and JSON)");
  addBenchBoardOptions(command, PAPER_SIZES)
    .option('--sets <n>', boundedHelp(SETS, 'sets of trials per cell (the paper: 1,000)'), '10')
    .option(
      '--trials <n>',
      boundedHelp(TRIALS, 'trials per set at the least, more where a set would last under 100 ms (the paper: 10,000)'),
      '10000',
    )
    .option('--no-gpu', 'leave out the GPU kernels')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_PAPER_JSON)
    .option('--report <file>', 'print the tables of a saved run (its JSON) instead of measuring')
    .option('--quick', `a smoke run: sizes ${QUICK.sizes.join(',')}, ${QUICK.sets} sets of ${QUICK.trials} trials`)
    .option(
      '--queue <url>',
      'measure the CPU tables on the workers of a queue, one job a set (redis://HOST:PORT, rediss://:PASSWORD@HOST:PORT)',
    )
    .option('--resume <id>', 'with --queue: carry on the run of this id')
    .action(async (options: BenchPaperOptions) => {
      if (options.report !== undefined) {
        io.stdout.write(formatPaperReport(await readReport(options.report)));
        return;
      }
      if (options.resume !== undefined && options.queue === undefined)
        throw usageError('--resume carries on a run on a queue: give --queue URL too');
      const quick = options.quick ?? false;
      const sized =
        quick && command.getOptionValueSource('sizes') === 'default'
          ? { ...options, sizes: QUICK.sizes.join(',') }
          : options;
      const { games, sizes } = parseBenchBoards(sized);
      const sets = quick ? QUICK.sets : parseBounded(SETS, options.sets);
      const trials = quick ? QUICK.trials : parseBounded(TRIALS, options.trials);
      const json = await benchJsonPath(command, options);
      const progress = progressLine(io.stderr, 'lines');
      const plan = {
        games,
        sizes,
        sets,
        trials,
        gpu: options.gpu,
        seed: 2012,
        onProgress: (m: string) => progress.show(m),
        onNotice: (m: string) => io.stderr.write(`${m}\n`),
      };
      let report: PaperBenchReport;
      if (options.queue !== undefined) {
        const { paperOnQueue } = await import('./paper-on-queue.js');
        try {
          report = await paperOnQueue(options.queue, options.resume, command, plan, io);
        } finally {
          progress.end();
        }
      } else {
        try {
          report = await runPaperBench(plan);
        } catch (error) {
          progress.end();
          throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
        }
      }
      progress.end();
      io.stdout.write(formatPaperReport(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
