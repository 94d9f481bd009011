/**
 * `hexbatch bench-gpu`: runs the GPU benchmark, prints its tables and writes
 * its JSON (bench/results/gpu.json unless told otherwise).
 */
import type { Command } from 'commander';
import { parseFillKind } from '../fill/fill.js';
import { GPU_KERNELS, parseGpuKernel } from '../eval/types.js';
import {
  type BenchBoardOptions,
  addBenchBoardOptions,
  benchJsonPath,
  parseBenchBoards,
  writeBenchJson,
} from './bench-options.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf, usageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { type ProgressLine, progressLine } from '../jobs/progress-line.js';
import { parseList } from './options.js';
import { DeviceLimitError } from '../eval/errors.js';
import { MAX_BOARDS_PER_INVOCATION } from '../eval/webgpu-backend.js';
import { formatTable } from '../jobs/text-table.js';
import { formatRate } from '../jobs/suite-table.js';
import { type NoisyFigure, figureText, ratioOf } from '../jobs/noisy-figures.js';
import {
  BENCH_SIZES,
  type GpuBenchPlan,
  type GpuBenchReport,
  type GpuMeasurement,
  runGpuBench,
} from '../bench/gpu-bench.js';

export const DEFAULT_GPU_JSON = 'bench/results/gpu.json';

interface BenchGpuOptions extends BenchBoardOptions {
  readonly kernels: string;
  readonly fills: string;
  readonly batch?: string;
  readonly sweep?: string;
  readonly runs: string;
  readonly workgroupSize?: string;
  readonly boardsPerInvocation?: string;
  readonly json: string;
  readonly quick?: boolean;
  readonly shapes: boolean;
}

const BATCH: Bound = { option: '--batch', min: 1, max: 2 ** 30 };
const SWEEP_BATCH: Bound = { ...BATCH, option: 'a --sweep batch' };
const RUNS: Bound = { option: '--runs', min: 1, max: 1000 };
// The device's own limit, often 256, is checked when the evaluator opens.
const WORKGROUP_SIZE: Bound = { option: '--workgroup-size', min: 1, max: 1024 };
const BOARDS_PER_INVOCATION: Bound = { option: '--boards-per-invocation', min: 1, max: MAX_BOARDS_PER_INVOCATION };

export function benchGpuPlan(
  options: BenchGpuOptions,
  io: CliIo,
  progress: ProgressLine = progressLine(io.stderr, 'silent'),
): GpuBenchPlan {
  const { games, sizes } = parseBenchBoards(options);
  const quick = options.quick ?? false;
  const sweep =
    options.sweep === undefined
      ? quick
        ? []
        : undefined
      : options.sweep === ''
        ? []
        : parseList('--sweep', options.sweep, (t) => parseBounded(SWEEP_BATCH, t));
  return {
    games,
    sizes,
    kernels: parseList('--kernels', options.kernels, (t) => asUsage(() => parseGpuKernel(t))),
    fills: parseList('--fills', options.fills, (t) => asUsage(() => parseFillKind(t))),
    ...(options.batch !== undefined ? { batch: parseBounded(BATCH, options.batch) } : quick ? { batch: 4096 } : {}),
    ...(sweep !== undefined ? { sweep } : {}),
    warmupRuns: quick ? 1 : 2,
    // The shapes take minutes on SwiftShader: a smoke run leaves them out.
    shapes: options.shapes && !quick,
    runs: quick ? 2 : parseBounded(RUNS, options.runs),
    ...(options.workgroupSize !== undefined
      ? { workgroupSize: parseBounded(WORKGROUP_SIZE, options.workgroupSize) }
      : {}),
    ...(options.boardsPerInvocation !== undefined
      ? { boardsPerInvocation: parseBounded(BOARDS_PER_INVOCATION, options.boardsPerInvocation) }
      : {}),
    // A progress line on a terminal only, rewritten in place; a log or a pipe gets none.
    onProgress: (message) => progress.show(message),
    onNotice: (message) => io.stderr.write(`${message}\n`),
  };
}

function rate(perSecond: number | null): string {
  return perSecond === null ? '—' : formatRate(perSecond);
}

/** "12.3 M ± 2%": a rate with its runs' 95% half-width. */
function rateWithSpread(perSecond: number, halfWidth: number | null): string {
  return `${formatRate(perSecond)} ± ${halfWidth === null ? '?' : `${((100 * halfWidth) / perSecond).toFixed(0)}%`}`;
}

function rows(measurements: readonly GpuMeasurement[]): string[][] {
  return measurements.map((m) => [
    m.game,
    String(m.size),
    m.kernel,
    m.fill,
    String(m.batch),
    String(m.callsPerRun),
    m.kernelMs === null ? '—' : m.kernelMs.toFixed(2),
    m.wallMs.toFixed(2),
    rate(m.playoutsPerSecondKernel),
    rateWithSpread(m.playoutsPerSecondWall, m.wallRateHalfWidth),
  ]);
}

export function formatGpuBench(report: GpuBenchReport): string {
  const header = [
    'game',
    'size',
    'kernel',
    'fill',
    'batch',
    'calls a run',
    'kernel ms',
    'wall ms',
    'playouts/s (kernel)',
    'playouts/s (wall)',
  ];
  let text = `adapter: ${report.adapter.text}\n`;
  if (report.warning) text += `WARNING: ${report.warning}\n`;
  if (report.results.some((m) => m.kernel !== m.variant))
    text += `bitsliced runs as ${report.settings.subgroups ? 'bitsliced-ballot (subgroups)' : 'bitsliced-lanes (no subgroups)'}\n`;
  text +=
    `medians of ${report.settings.runs} runs after ${report.settings.warmupRuns} warm-up runs, each run repeating its call for at least 100 ms; ` +
    `± the 95% half-width of the runs' rates; ms are per call; workgroup size ${report.settings.workgroupSize}\n\n`;
  text += formatTable(header, rows(report.results));
  if (report.sweep.length > 0) text += `\nbatch-size sweep\n${formatTable(header, rows(report.sweep))}`;
  if (report.shapes.length > 0) {
    const cpu = report.cpu;
    const cpuText = cpu
      ? `; CPU backend (${cpu.description}): ${rateWithSpread(cpu.playoutsPerSecond, cpu.rateHalfWidth)} playouts/s`
      : '';
    text += `\nshapes, Hex 11, exact fill${cpuText}\n`;
    const noisy = (value: number, halfWidth: number | null): NoisyFigure => ({
      value,
      halfWidth: halfWidth ?? Infinity,
    });
    text += formatTable(
      ['kernel', 'shape', 'wall ms', 'playouts/s', 'vs one position', 'vs CPU backend'],
      report.shapes.map((m) => {
        const vsCpu = cpu
          ? ratioOf(noisy(m.playoutsPerSecond, m.rateHalfWidth), noisy(cpu.playoutsPerSecond, cpu.rateHalfWidth))
          : null;
        return [
          m.kernel,
          m.shape,
          m.wallMs.toFixed(2),
          rateWithSpread(m.playoutsPerSecond, m.rateHalfWidth),
          // A ratio, not a share: a mid-game position fills fewer cells, and may well run faster than the empty board.
          figureText(noisy(m.ratioToOnePosition, m.ratioHalfWidth), (x) => `${(100 * x).toFixed(0)}%`),
          vsCpu ? figureText(vsCpu, (x) => x.toFixed(2)).replace(/^([\d.]+)/, '$1×') : '—',
        ];
      }),
    );
  }
  return text;
}

export function registerBenchGpuCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-gpu')
    .description('playouts per second of every WebGPU kernel, with a batch-size sweep (JSON too)');
  addBenchBoardOptions(command, BENCH_SIZES)
    .option('--kernels <list>', 'kernels, comma-separated', GPU_KERNELS.join(','))
    .option('--fills <list>', 'fills, comma-separated', 'exact')
    .option(
      '--batch <n>',
      boundedHelp(BATCH, 'playouts per measured call; default 65,536 on SwiftShader, 16,777,216 on a GPU'),
    )
    .option(
      '--sweep <list>',
      boundedHelp(SWEEP_BATCH, 'batch sizes of the Hex 11 sweep, comma-separated ("" for none)'),
    )
    .option('--runs <n>', boundedHelp(RUNS, 'timed runs per measurement'), '5')
    .option(
      '--workgroup-size <n>',
      boundedHelp(WORKGROUP_SIZE, "invocations per workgroup, at most the adapter's limit; default 64"),
    )
    .option(
      '--boards-per-invocation <n>',
      boundedHelp(BOARDS_PER_INVOCATION, 'boards each bpr or floodfill invocation decides; default 1'),
    )
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_GPU_JSON)
    .option(
      '--no-shapes',
      'leave out the shapes (mid-game, many positions a call, a small call) and the CPU baseline; --quick does',
    )
    .option('--quick', 'small batches, few runs, no sweep: a smoke test, not a measurement')
    .action(async (options: BenchGpuOptions) => {
      const progress = progressLine(io.stderr, 'silent');
      const plan = benchGpuPlan(options, io, progress);
      const json = await benchJsonPath(command, options);
      let report: GpuBenchReport;
      try {
        report = await runGpuBench(plan);
      } catch (error) {
        progress.end();
        if (error instanceof CliError) throw error;
        if (error instanceof DeviceLimitError && error.setting === 'workgroupSize') {
          throw usageError(
            `${WORKGROUP_SIZE.option} must be at most ${error.largest} on this adapter (${error.limits}), not ${error.value}`,
          );
        }
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      }
      progress.end();
      io.stdout.write(formatGpuBench(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
