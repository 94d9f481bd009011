/**
 * `hexbatch bench-gpu`: runs the GPU benchmark, prints its tables and writes
 * its JSON (bench/results/gpu.json unless told otherwise).
 */
import type { Command } from 'commander';
import { parseFillKind } from '../fill/fill.js';
import { GPU_KERNELS, parseGpuKernel } from '../eval/types.js';
import { type BenchBoardOptions, addBenchBoardOptions, benchJsonPath, parseBenchBoards, writeBenchJson } from './bench-options.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf, usageError } from './cli-error.js';
import type { CliIo } from './io.js';
import { type ProgressLine, progressLine } from './progress-line.js';
import { parseList, parseWholeNumber } from './options.js';
import { formatTable } from './text-table.js';
import { formatRate } from '../jobs/suite-table.js';
import { BENCH_SIZES, type GpuBenchPlan, type GpuBenchReport, type GpuMeasurement, runGpuBench } from '../bench/gpu-bench.js';

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
}

function positive(what: string, text: string): number {
  const n = parseWholeNumber(what, text);
  if (n < 1) throw usageError(`${what} must be at least 1`);
  return n;
}

export function benchGpuPlan(options: BenchGpuOptions, io: CliIo, progress: ProgressLine = progressLine(io.stderr, 'silent')): GpuBenchPlan {
  const { games, sizes } = parseBenchBoards(options);
  const quick = options.quick ?? false;
  const sweep = options.sweep === undefined ? (quick ? [] : undefined) : options.sweep === '' ? [] : parseList('--sweep', options.sweep, (t) => positive('a batch size', t));
  return {
    games,
    sizes,
    kernels: parseList('--kernels', options.kernels, (t) => asUsage(() => parseGpuKernel(t))),
    fills: parseList('--fills', options.fills, (t) => asUsage(() => parseFillKind(t))),
    ...(options.batch !== undefined ? { batch: positive('--batch', options.batch) } : quick ? { batch: 4096 } : {}),
    ...(sweep !== undefined ? { sweep } : {}),
    warmupRuns: quick ? 1 : 2,
    runs: quick ? 2 : positive('--runs', options.runs),
    ...(options.workgroupSize !== undefined ? { workgroupSize: positive('--workgroup-size', options.workgroupSize) } : {}),
    ...(options.boardsPerInvocation !== undefined ? { boardsPerInvocation: positive('--boards-per-invocation', options.boardsPerInvocation) } : {}),
    // A progress line on a terminal only, rewritten in place; a log or a pipe gets none.
    onProgress: (message) => progress.show(message),
    onNotice: (message) => io.stderr.write(`${message}\n`),
  };
}

function rate(perSecond: number | null): string {
  return perSecond === null ? '—' : formatRate(perSecond);
}

function rows(measurements: readonly GpuMeasurement[]): string[][] {
  return measurements.map((m) => [
    m.game,
    String(m.size),
    m.kernel,
    m.fill,
    String(m.batch),
    m.kernelMs === null ? '—' : m.kernelMs.toFixed(2),
    m.wallMs.toFixed(2),
    rate(m.playoutsPerSecondKernel),
    rate(m.playoutsPerSecondWall),
  ]);
}

export function formatGpuBench(report: GpuBenchReport): string {
  const header = ['game', 'size', 'kernel', 'fill', 'batch', 'kernel ms', 'wall ms', 'playouts/s (kernel)', 'playouts/s (wall)'];
  let text = `adapter: ${report.adapter.text}\n`;
  if (report.warning) text += `WARNING: ${report.warning}\n`;
  if (report.results.some((m) => m.kernel !== m.variant)) text += `bitsliced runs as ${report.settings.subgroups ? 'bitsliced-ballot (subgroups)' : 'bitsliced-lanes (no subgroups)'}\n`;
  text += `medians of ${report.settings.runs} runs after ${report.settings.warmupRuns} warm-up runs; workgroup size ${report.settings.workgroupSize}\n\n`;
  text += formatTable(header, rows(report.results));
  if (report.sweep.length > 0) text += `\nbatch-size sweep\n${formatTable(header, rows(report.sweep))}`;
  return text;
}

export function registerBenchGpuCommand(program: Command, io: CliIo): void {
  const command = program.command('bench-gpu').description('playouts per second of every WebGPU kernel, with a batch-size sweep (JSON too)');
  addBenchBoardOptions(command, BENCH_SIZES)
    .option('--kernels <list>', 'kernels, comma-separated', GPU_KERNELS.join(','))
    .option('--fills <list>', 'fills, comma-separated', 'exact')
    .option('--batch <n>', 'playouts per measured call (default: 65536 on SwiftShader, 16777216 on a GPU)')
    .option('--sweep <list>', 'batch sizes of the Hex 11 sweep, comma-separated ("" for none)')
    .option('--runs <n>', 'timed runs per measurement', '5')
    .option('--workgroup-size <n>', 'invocations per workgroup (default 64)')
    .option('--boards-per-invocation <n>', 'boards each bpr or floodfill invocation decides (default 1)')
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_GPU_JSON)
    .option('--quick', 'small batches, few runs, no sweep: a smoke test, not a measurement')
    .action(async (options: BenchGpuOptions) => {
      let report: GpuBenchReport;
      const progress = progressLine(io.stderr, 'silent');
      try {
        report = await runGpuBench(benchGpuPlan(options, io, progress));
      } catch (error) {
        progress.end();
        if (error instanceof CliError) throw error;
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      }
      progress.end();
      io.stdout.write(formatGpuBench(report));
      const json = benchJsonPath(command, options);
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
