/**
 * `hexbatch chrome-bench` (and `npm start`): the throughput suite in Chrome,
 * headless, with a report; see src/report/chrome-bench.ts.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import { GPU_KERNELS, parseGpuKernel } from '../eval/types.js';
import { DEFAULT_SUITE, QUICK_SUITE, SOFTWARE_SUITE_PLAYOUTS, type SuiteSpec } from '../jobs/suite.js';
import { runChromeBench } from '../report/chrome-bench.js';
import { DEFAULT_RESULTS_ROOT, dateStamp } from '../report/write-results.js';
import { BOTH_GAMES } from '../wintest/method.js';
import { parseBenchBoards } from './bench-options.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { parseList } from './options.js';
import { checkWritableFolder } from './output-file.js';

interface ChromeBenchCliOptions {
  readonly quick?: boolean;
  readonly sizes?: string;
  readonly games?: string;
  readonly kernels?: string;
  readonly playouts?: string;
  readonly headed?: boolean;
  readonly browser?: string;
  readonly out?: string;
}

/** Playouts per GPU call: at least one, and no more than one dispatch's worth on any adapter. */
const PLAYOUTS: Bound = { option: '--playouts', min: 1, max: 1 << 24 };

/** The suite settings the options change; the page keeps its defaults for the rest (its batch depends on the adapter). */
export function chromeBenchSpec(options: ChromeBenchCliOptions): Partial<SuiteSpec> {
  const base: Partial<SuiteSpec> = options.quick ? QUICK_SUITE : {};
  const games = base.games ?? DEFAULT_SUITE.games;
  const sizes = base.sizes ?? DEFAULT_SUITE.sizes;
  const boards = parseBenchBoards({ games: options.games ?? games.join(','), sizes: options.sizes ?? sizes.join(',') });
  const spec: Partial<SuiteSpec> = { ...base, games: boards.games, sizes: boards.sizes };
  const kernels =
    options.kernels === undefined
      ? undefined
      : parseList('--kernels', options.kernels, (t) => asUsage(() => parseGpuKernel(t)));
  const playouts = options.playouts === undefined ? undefined : parseBounded(PLAYOUTS, options.playouts);
  return { ...spec, ...(kernels ? { kernels } : {}), ...(playouts !== undefined ? { playouts } : {}) };
}

export function registerChromeBenchCommand(program: Command, io: CliIo): void {
  program
    .command('chrome-bench')
    .description(
      'the throughput suite in headless Chrome (WebGPU), through the demo page, validated against the CPU, with a report (npm start)',
    )
    .option('--quick', `a smoke run: sizes ${QUICK_SUITE.sizes.join(',')}, ${QUICK_SUITE.playouts} playouts a call`)
    .option('--sizes <list>', `board sizes, comma-separated (default ${DEFAULT_SUITE.sizes.join(',')})`)
    .option('--games <list>', `games, comma-separated (default ${BOTH_GAMES.join(',')})`)
    .option('--kernels <list>', `GPU kernels, comma-separated (default ${GPU_KERNELS.join(',')})`)
    .option(
      '--playouts <n>',
      boundedHelp(
        PLAYOUTS,
        `playouts per GPU call; default ${DEFAULT_SUITE.playouts} on a GPU, ${SOFTWARE_SUITE_PLAYOUTS} on SwiftShader, --quick ${QUICK_SUITE.playouts}`,
      ),
    )
    .option('--headed', 'show the browser window instead of running headless')
    .option(
      '--browser <path>',
      'the Chrome or Chromium to run (default: $CHROME_PATH, then Google Chrome, then chromium)',
    )
    .option('--out <dir>', `the results folder (default ${DEFAULT_RESULTS_ROOT}/<date>)`)
    .action(async (options: ChromeBenchCliOptions) => {
      const spec = chromeBenchSpec(options);
      const out = options.out ?? join(DEFAULT_RESULTS_ROOT, `${dateStamp(new Date())}${options.quick ? '-quick' : ''}`);
      await checkWritableFolder('--out', out);
      let outcome;
      try {
        outcome = await runChromeBench({
          spec,
          headed: options.headed ?? false,
          out,
          stdout: io.stdout,
          stderr: io.stderr,
          ...(options.browser !== undefined ? { browser: options.browser } : {}),
        });
      } catch (error) {
        throw new CliError(`error: ${messageOf(error).split('\n')[0] ?? ''}`, EXIT_FAILURE);
      }
      if (!outcome.ok) throw new CliError(`error: ${outcome.reason}`, EXIT_FAILURE);
    });
}
