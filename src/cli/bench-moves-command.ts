/**
 * `hexbatch bench-moves`: leaves a move, with the engine's settings (its
 * defaults, knowledge included, or those given with --set), from a fixed set
 * of openings; the median is the figure.
 */
import type { Command } from 'commander';
import { createEvaluator } from '../eval/create-evaluator.js';
import { type MoveBenchReport, type MoveLimit, runMoveBench } from '../bench/move-bench.js';
import { formatTable } from '../jobs/text-table.js';
import { progressLine } from '../jobs/progress-line.js';
import {
  DEFAULT_ENGINE_SETTINGS,
  type EngineSettings,
  searchSettingsOf,
  settingNamed,
  withName,
} from '../search/engine-settings.js';
import { SettingValueError } from '../search/setting-values.js';
import { settingPairs } from '../match/engine-spec.js';
import { benchJsonPath, writeBenchJson } from './bench-options.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { parseBackendChoice, parseGame, parseGeometry, searchCpuOptions } from './options.js';

export const DEFAULT_MOVES_JSON = 'bench/results/moves.json';

const POSITIONS: Bound = { option: '--positions', min: 1, max: 1000 };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
const MILLISECONDS: Bound = { option: '--time-ms', min: 1, max: 3_600_000 };
const THREADS: Bound = { option: '--threads', min: 0, max: 256 };
const PLAYOUTS: Bound = { option: '--playouts', min: 1, max: 1_000_000_000 };

interface BenchMovesOptions {
  readonly backend: string;
  readonly game: string;
  readonly size: string;
  readonly timeMs?: string;
  readonly playouts?: string;
  readonly positions: string;
  readonly seed: string;
  readonly set?: string;
  readonly threads?: string;
  readonly json: string;
  readonly quick?: boolean;
}

/**
 * What bench-moves changes of the engine's defaults: a move measured is one
 * that runs its whole time, so the stop is off unless `--set` turns it on.
 */
export const BENCH_MOVES_DEFAULTS: Partial<EngineSettings> = { stopEarly: false };

/** `name=value,…` of the table of settings (match's syntax, any setting), over the engine's defaults and `defaults`. */
export function settingsWith(text: string | undefined, defaults: Partial<EngineSettings> = {}): EngineSettings {
  let pairs: [string, string][];
  try {
    pairs = settingPairs(text ?? '');
  } catch (error) {
    throw usageError(`--set: ${messageOf(error)}`);
  }
  const settings: Record<string, unknown> = { ...DEFAULT_ENGINE_SETTINGS, ...defaults };
  for (const [name, value] of pairs) {
    const setting = settingNamed(name);
    if (!setting) throw usageError(`--set: unknown setting "${name}"`);
    try {
      settings[setting.key] = setting.parse(value);
    } catch (error) {
      if (error instanceof SettingValueError) throw usageError(withName(`--set ${setting.name}`, error.message));
      throw error;
    }
  }
  return settings as unknown as EngineSettings;
}

export function formatMoveBench(r: MoveBenchReport): string {
  const rows = r.moves.map((m) => [
    m.opening.join(' '),
    String(m.leaves),
    String(m.rounds),
    m.wallMs.toFixed(0),
    m.cpuMs.toFixed(0),
    m.decidedBy ?? '',
  ]);
  const head = [
    `${r.description}; ${r.game} ${r.size}, ${r.timeMs === null ? `${r.playoutsPerMove} playouts` : `${r.timeMs} ms`} a move, B = ${r.leavesPerRound}, K = ${r.playoutsPerLeaf}`,
    `median over the searched moves: ${r.medianLeaves} leaves a move, ${r.medianLeavesPerSecond.toFixed(0)} leaves a second, ${r.medianCpuMicrosecondsPerLeaf.toFixed(0)} µs of CPU (all threads) a leaf`,
  ];
  return `${head.join('\n')}\n\n${formatTable(['opening', 'leaves', 'rounds', 'wall ms', 'CPU ms', 'decided by'], rows)}`;
}

export function registerBenchMovesCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-moves')
    .description("leaves a move: timed searches of fixed openings with the engine's settings (JSON too)")
    .option('--backend <backend>', 'cpu, webgpu or auto', 'cpu')
    .option('--game <game>', 'hex or y', 'hex')
    .option('--size <n>', 'board size', '11')
    .option('--time-ms <ms>', boundedHelp(MILLISECONDS, 'milliseconds a move (default 1000)'))
    .option(
      '--playouts <n>',
      boundedHelp(
        PLAYOUTS,
        'playouts a move instead of a time: builds that play the same moves search the same trees, so their CPU time compares',
      ),
    )
    .option('--positions <n>', boundedHelp(POSITIONS, 'openings searched'), '9')
    .option('--seed <n>', boundedHelp(SEED, 'names the openings'), '1')
    .option(
      '--set <settings>',
      "engine settings over the defaults, as match's: name=value,… (docs/search.md); stop-early is off unless set here",
    )
    .option('--threads <n>', boundedHelp(THREADS, 'CPU threads that play, this one included (default one a core)'))
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_MOVES_JSON)
    .option('--quick', 'two openings of 200 ms: a smoke test, not a measurement')
    .action(async (options: BenchMovesOptions) => {
      const backend = parseBackendChoice(options.backend);
      const geometry = parseGeometry(parseGame(options.game), options.size);
      if (options.playouts !== undefined && options.timeMs !== undefined)
        throw usageError('give --time-ms or --playouts, not both');
      const limit: MoveLimit = options.quick
        ? { timeMs: 200 }
        : options.playouts !== undefined
          ? { playouts: parseBounded(PLAYOUTS, options.playouts) }
          : { timeMs: parseBounded(MILLISECONDS, options.timeMs ?? '1000') };
      const positions = options.quick ? 2 : parseBounded(POSITIONS, options.positions);
      const seed = parseBounded(SEED, options.seed);
      const engine = settingsWith(options.set, BENCH_MOVES_DEFAULTS);
      const threads = options.threads === undefined ? undefined : parseBounded(THREADS, options.threads);
      const json = await benchJsonPath(command, options);
      const progress = progressLine(io.stderr, 'silent');
      let report: MoveBenchReport;
      try {
        const evaluator = await createEvaluator({
          backend,
          ...searchCpuOptions(threads),
          notice: (text) => io.stderr.write(`${text}\n`),
        });
        try {
          const settings = searchSettingsOf(engine, evaluator.backend);
          report = await runMoveBench(evaluator, {
            geometry,
            settings,
            limit,
            positions,
            seed,
            onProgress: (m) => progress.show(m),
          });
        } finally {
          evaluator.destroy();
        }
      } catch (error) {
        progress.end();
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      }
      progress.end();
      io.stdout.write(formatMoveBench(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
