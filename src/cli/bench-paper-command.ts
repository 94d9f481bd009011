/**
 * `hexbatch bench-paper`: the BPR paper's Tables 2 and 3 redone on this
 * machine, printed as Markdown beside the paper's figures with the ratio in
 * each cell, the paper's claims checked in a sentence each, and JSON written
 * (bench/results/paper.json; a --quick run writes to results/ instead).
 */
import type { Command } from 'commander';
import { isolationAvailable } from '../bench/isolated-cell.js';
import { machineInfo } from '../bench/machine-info.js';
import { FULL_PAPER_SETTINGS, type PaperBenchSettings, QUICK_PAPER_SETTINGS, runPaperBench } from '../bench/paper-bench.js';
import { PAPER_SIZES, checkClaims, markdownTables } from '../bench/paper-tables.js';
import { PaperTable } from '../bench/paper-trials.js';
import { progressLine } from '../jobs/progress-line.js';
import { stepText } from '../jobs/progress-text.js';
import { type BenchBoardOptions, addBenchBoardOptions, benchJsonPath, parseBenchBoards, writeBenchJson } from './bench-options.js';
import { messageOf, usageError } from './cli-error.js';
import { type WebGpuEvaluator, createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import { adapterText } from '../gpu/gpu-device.js';
import type { CliIo } from './io.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { parseList } from './options.js';

export const DEFAULT_PAPER_JSON = 'bench/results/paper.json';
const QUICK_SIZES = [7, 11];
const TABLES: Readonly<Record<string, PaperTable>> = { '2': PaperTable.PerGame, 'per-game': PaperTable.PerGame, '3': PaperTable.PerMove, 'per-move': PaperTable.PerMove };

interface BenchPaperOptions extends BenchBoardOptions {
  readonly tables: string;
  readonly gpu: boolean;
  readonly sets?: string;
  readonly trials?: string;
  readonly json: string;
  readonly quick?: boolean;
}

const SETS: Bound = { option: '--sets', min: 2, max: 1000 };
const TRIALS: Bound = { option: '--trials', min: 32, max: 100_000 };

export function paperSettings(command: Command, options: BenchPaperOptions): PaperBenchSettings {
  const quick = options.quick ?? false;
  const sizesGiven = command.getOptionValueSource('sizes') !== 'default';
  const { games, sizes } = parseBenchBoards(quick && !sizesGiven ? { ...options, sizes: QUICK_SIZES.join(',') } : options);
  const base = quick ? QUICK_PAPER_SETTINGS : FULL_PAPER_SETTINGS;
  return {
    games,
    sizes,
    tables: parseList('--tables', options.tables, (t) => {
      const table = TABLES[t];
      if (!table) throw usageError(`--tables takes 2 (per game) and 3 (per move), not "${t}"`);
      return table;
    }),
    sets: options.sets === undefined ? base.sets : parseBounded(SETS, options.sets),
    trialsPerSet: options.trials === undefined ? base.trialsPerSet : parseBounded(TRIALS, options.trials),
    warmupSets: base.warmupSets,
    seed: 2012,
    isolate: isolationAvailable(),
  };
}

/** A WebGPU evaluator for the GPU rows, or null (said on standard error) when there is none. */
async function openGpu(io: CliIo): Promise<WebGpuEvaluator | null> {
  try {
    return await createWebGpuEvaluator({ notice: (message) => io.stderr.write(`${message}\n`) });
  } catch (error) {
    io.stderr.write(`bench-paper: no GPU rows, since WebGPU could not be used: ${messageOf(error)}\n`);
    return null;
  }
}

export function registerBenchPaperCommand(program: Command, io: CliIo): void {
  const command = program.command('bench-paper').description("the BPR paper's Tables 2 and 3 (ms per 10,000 playouts) redone here, beside the paper's figures");
  addBenchBoardOptions(command, PAPER_SIZES)
    .option('--tables <list>', 'which tables: 2 (per game), 3 (per move)', '2,3')
    .option('--sets <n>', boundedHelp(SETS, `sets of trials per cell; default ${FULL_PAPER_SETTINGS.sets} (the paper used 1,000)`))
    .option('--trials <n>', boundedHelp(TRIALS, `trials per set; default ${FULL_PAPER_SETTINGS.trialsPerSet}, as in the paper`))
    .option('--no-gpu', 'leave out the GPU kernels (per game, through WebGPU)')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_PAPER_JSON)
    .option('--quick', `sizes ${QUICK_SIZES.join(' and ')}, ${QUICK_PAPER_SETTINGS.sets} sets of ${QUICK_PAPER_SETTINGS.trialsPerSet}: a smoke test, not a measurement`)
    .action(async (options: BenchPaperOptions) => {
      const settings = paperSettings(command, options);
      const json = await benchJsonPath(command, options);
      const progress = progressLine(io.stderr, 'silent');
      const gpu = options.gpu ? await openGpu(io) : null;
      let figures;
      try {
        figures = await runPaperBench({ ...settings, ...(gpu ? { gpu } : {}) }, (p) => progress.show(stepText(p)));
      } finally {
        progress.end();
        gpu?.destroy();
      }
      const adapter = gpu ? adapterText(gpu.context.adapter) : null;
      const machine = machineInfo();
      const tables = markdownTables(figures);
      const claims = checkClaims(figures);
      io.stdout.write(
        `${tables}\n\n${claims.map((c) => `- ${c}`).join('\n')}\n\n` +
          `${settings.sets} sets of ${settings.trialsPerSet} trials per cell (after ${settings.warmupSets} untimed), ` +
          `${settings.isolate ? 'each cell in a fresh V8 isolate' : 'all cells in one V8 isolate'}; ` +
          `${machine.cpu}, ${machine.logicalCores} logical cores, Node ${machine.node}, ${machine.date.slice(0, 10)}.\n` +
          (adapter ? `GPU rows: WebGPU on ${adapter}; a kernel fills and decides each board, so its figure is the whole playout.\n` : 'No GPU rows (--no-gpu, or no WebGPU adapter).\n'),
      );
      await writeBenchJson(json, { date: new Date().toISOString(), machine, adapter, settings, figures, claims });
      io.stderr.write(`results written to ${json}\n`);
    });
}
