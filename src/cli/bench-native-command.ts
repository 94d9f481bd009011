/**
 * `hexbatch bench-native` (npm run bench:native): the native C reference and
 * the CPU backend timed in one run (src/bench/native-bench.ts), as a table
 * with the ratio, and JSON.
 */
import type { Command } from 'commander';
import { FillKind, parseFillKind } from '../fill/fill.js';
import { GameKind } from '../game/geometry.js';
import {
  type NativeBenchCell,
  type NativeBenchPlan,
  type NativeBenchReport,
  runNativeBench,
} from '../bench/native-bench.js';
import { NoCompilerError } from '../bench/native-program.js';
import { type NoisyFigure, figureText, shareFigureText } from '../jobs/noisy-figures.js';
import { progressLine } from '../jobs/progress-line.js';
import { formatTable } from '../jobs/text-table.js';
import {
  type BenchBoardOptions,
  addBenchBoardOptions,
  benchJsonPath,
  parseBenchBoards,
  writeBenchJson,
} from './bench-options.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import { parseList } from './options.js';

export const DEFAULT_NATIVE_JSON = 'bench/results/native.json';

/** The short calls: the search's 4,096, and 400,000. */
const SHORT_CALLS: readonly number[] = [4096, 400_000];

const ROUNDS: Bound = { option: '--rounds', min: 2, max: 100 };
const LONG_MS: Bound = { option: '--long-ms', min: 100, max: 60_000 };

interface BenchNativeOptions extends BenchBoardOptions {
  readonly fills: string;
  readonly rounds: string;
  readonly longMs: string;
  readonly cc: string;
  readonly json: string;
  readonly quick?: boolean;
}

const ns = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const times = (x: number) => `${x.toFixed(2)}×`;

function speedText(f: NoisyFigure): string {
  return `${figureText(f, (x) => x.toFixed(2)).replace(/^([\d.]+)/, '$1×')}`;
}

function boardName(c: NativeBenchCell): string {
  return `${c.game === GameKind.Hex ? 'Hex' : 'Y'} ${c.size}`;
}

function cellRows(c: NativeBenchCell, workers: number): string[][] {
  const board = boardName(c);
  const row = (what: string, playouts: number, f: NoisyFigure, speed: string, share: string) => [
    board,
    c.fill,
    what,
    playouts.toLocaleString('en-US'),
    figureText(f, ns),
    speed,
    share,
  ];
  return [
    row('native C, one core', c.native.playouts, c.native.nsPerPlayout, '1 (the reference)', '—'),
    row('  the same runs in CPU time (no waits for a core)', c.native.playouts, c.nativeCpuNs, '—', '—'),
    row(
      `CPU backend, all cores (${workers} workers)`,
      c.allCores.playouts,
      c.allCores.nsPerPlayout,
      speedText(c.speedAllCores),
      '100% (the bound)',
    ),
    row(
      '  the same calls in CPU time, all threads',
      c.allCores.playouts,
      c.allCoresCpuNs,
      speedText(c.workAgainstC),
      '—',
    ),
    row(
      'CPU backend, one core (this thread)',
      c.oneCore.playouts,
      c.oneCore.nsPerPlayout,
      speedText(c.speedOneCore),
      '—',
    ),
    ...c.shortCalls.map((s) =>
      row(
        `CPU backend, all cores, calls of ${s.playouts.toLocaleString('en-US')}`,
        s.playouts,
        s.nsPerPlayout,
        '—',
        shareFigureText(s.shareOfLong),
      ),
    ),
  ];
}

/** One line per board and fill: the claim this run supports, in words. */
function summary(c: NativeBenchCell, workers: number): string {
  const s = c.speedAllCores;
  const band = Number.isFinite(s.halfWidth)
    ? `${times(Math.max(0, s.value - s.halfWidth))}–${times(s.value + s.halfWidth)}`
    : '?';
  return (
    `${boardName(c)}, ${c.fill} fill: the CPU backend on all cores (${workers} workers) is ${times(s.value)} (95%: ${band}) as fast as native C on one core ` +
    `(${ns(c.allCores.nsPerPlayout.value)} against ${ns(c.native.nsPerPlayout.value)} ns a playout); on one core, ${times(c.speedOneCore.value)}.`
  );
}

export function formatNativeBench(r: NativeBenchReport): string {
  const m = r.machine;
  const header = [
    `${m.cpu}, ${m.logicalCores} logical cores, ${m.os}, Node ${m.node}, ${m.date}`,
    `native C: ${r.compiler.command} (${r.compiler.version}), one core; wall time, and the CPU time of the same runs below it`,
    "CPU time: the process's, without the waits for a core (all threads for the backend): on a busy machine, the work a playout costs",
    `CPU backend: createEvaluator({ backend: 'cpu' }) with its defaults (${r.backend.description}, ${r.backend.workers} workers), ` +
      'and with cpuWorkers: 0 (this thread only)',
    `medians of ${r.settings.rounds} rounds after a warm-up round, every row timed in turn within a round; ± the 95% half-width over the rounds; ` +
      `runs of short calls last at least ${r.settings.minRunMs} ms`,
    "speed vs C: C's ns over the row's, within each round (above 1: faster than one core of C; on CPU-time rows, less work a playout than C); " +
      "short calls: their rate as a share of the long calls'",
  ];
  const workers = r.backend.workers;
  const rows = r.cells.flatMap((c) => cellRows(c, workers));
  const table = formatTable(
    ['board', 'fill', 'what', 'playouts a call', 'ns/playout', 'speed vs C', 'of long calls'],
    rows,
  );
  return `${header.join('\n')}\n\n${table}\n${r.cells.map((c) => summary(c, workers)).join('\n')}\n`;
}

export function registerBenchNativeCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-native')
    .description(
      'the native C reference (one core) and the CPU backend as an npm user gets it, timed in one run: ns per playout and their ratio (JSON too)',
    );
  addBenchBoardOptions(command, [11])
    .option('--fills <list>', 'fills, comma-separated', `${FillKind.Exact},${FillKind.Coin}`)
    .option('--rounds <n>', boundedHelp(ROUNDS, 'timed rounds, after one warm-up round'), '7')
    .option(
      '--long-ms <n>',
      boundedHelp(LONG_MS, 'about how long a native run and a long call of the backend last, in ms'),
      '1000',
    )
    .option('--cc <command>', 'the C compiler', 'cc')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_NATIVE_JSON)
    .option('--quick', 'three rounds of short runs: a smoke test, not a measurement')
    .action(async (options: BenchNativeOptions) => {
      const { games, sizes } = parseBenchBoards(options);
      const fills = parseList('--fills', options.fills, (t) => asUsage(() => parseFillKind(t)));
      const quick = options.quick ?? false;
      const json = await benchJsonPath(command, options);
      const progress = progressLine(io.stderr, 'lines');
      const plan: NativeBenchPlan = {
        boards: games.flatMap((game) => sizes.map((size) => ({ game, size }))),
        fills,
        rounds: quick ? 3 : parseBounded(ROUNDS, options.rounds),
        longMs: quick ? 200 : parseBounded(LONG_MS, options.longMs),
        shortCalls: SHORT_CALLS,
        minRunMs: 100,
        seed: 2012,
        compiler: options.cc,
        onProgress: (m) => progress.show(m),
      };
      let report: NativeBenchReport;
      try {
        report = await runNativeBench(plan);
      } catch (error) {
        progress.end();
        throw new CliError(
          `error: ${error instanceof NoCompilerError ? error.message : messageOf(error)}`,
          EXIT_FAILURE,
        );
      }
      progress.end();
      io.stdout.write(formatNativeBench(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
