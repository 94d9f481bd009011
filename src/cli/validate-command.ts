/**
 * `hexbatch validate`: plays playouts on the GPU, rebuilds every one on the
 * CPU and decides it there with union-find (src/jobs/validate-gpu.ts). Exit
 * status 1 on any mismatch, 2 on bad input.
 */
import type { Command } from 'commander';
import { colorName, parsePlayer } from '../game/color.js';
import { Position } from '../game/position.js';
import { describeGeometry } from '../game/geometry.js';
import { parseFillKind } from '../fill/fill.js';
import { type EvalPosition, GPU_KERNELS, type GpuKernel, parseGpuKernel } from '../eval/types.js';
import { validateGpuAgainstCpu, type ValidationReport } from '../jobs/validate-gpu.js';
import { createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { parseGame, parseGeometry } from './options.js';

/** Each playout is replayed on the CPU, at some microseconds each: beyond this a run takes hours. */
export const MAX_VALIDATE_PLAYOUTS = 1 << 24;
const PLAYOUTS: Bound = { option: '--playouts', min: 1, max: MAX_VALIDATE_PLAYOUTS };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };

/** Progress lines on standard error, at most one a second, once a run has lasted two seconds. */
function progressReporter(io: CliIo): (checked: number, total: number) => void {
  const start = Date.now();
  let last = start;
  return (checked, total) => {
    const now = Date.now();
    if (now - start < 2000 || now - last < 1000) return;
    last = now;
    io.stderr.write(`validate: ${checked} of ${total} playouts checked on the CPU\n`);
  };
}

interface ValidateOptions {
  readonly game: string;
  readonly size: string;
  readonly playouts: string;
  readonly kernel: string;
  readonly fill: string;
  readonly seed: string;
  readonly board?: string;
  readonly toMove?: string;
}

interface ValidateJob {
  readonly position: EvalPosition;
  readonly title: string;
  readonly playouts: number;
  readonly kernel: GpuKernel;
  readonly fill: ReturnType<typeof parseFillKind>;
  readonly seed: number;
}

export function validateJob(options: ValidateOptions): ValidateJob {
  const game = parseGame(options.game);
  const g = parseGeometry(game, options.size);
  const playouts = parseBounded(PLAYOUTS, options.playouts);
  const seed = parseBounded(SEED, options.seed);
  const toMove =
    options.toMove === undefined ? undefined : asUsage(() => parsePlayer(options.toMove as string), '--to-move');
  const start = asUsage(
    () =>
      options.board === undefined
        ? Position.empty(game, g.size, { swap: false })
        : Position.fromText(game, g.size, options.board, toMove),
    options.board === undefined ? undefined : '--board',
  );
  const mover = toMove ?? start.toMove;
  return {
    position: { geometry: g, cells: start.cells(), toMove: mover },
    title: `${describeGeometry(g)}, ${options.board === undefined ? 'empty board' : 'given board'}, ${colorName(mover)} to move`,
    playouts,
    kernel: asUsage(() => parseGpuKernel(options.kernel), '--kernel'),
    fill: asUsage(() => parseFillKind(options.fill.trim()), '--fill'),
    seed,
  };
}

export function formatValidation(job: ValidateJob, report: ValidationReport): string {
  const lines = [
    `${report.compared} playouts compared: ${job.title}; ${report.fill} fill, kernel ${report.kernel}${report.variant === report.kernel ? '' : ` (runs as ${report.variant})`}, seed ${job.seed}`,
    `${report.mismatches} mismatches`,
    `win rate of the side to move: GPU ${report.gpuWinRate.toFixed(4)}, CPU ${report.cpuWinRate.toFixed(4)}`,
    `adapter: ${report.adapter}`,
  ];
  if (report.countMismatches > 0)
    lines.push(`${report.countMismatches} positions whose GPU counts disagree with the GPU's own winners`);
  for (const m of report.firstMismatches) {
    lines.push('', `playout ${m.playout}: GPU says ${m.gpu}, CPU says ${m.cpu}`, m.board);
  }
  return `${lines.join('\n')}\n`;
}

export async function runValidate(job: ValidateJob, io: CliIo): Promise<ValidationReport> {
  let evaluator;
  try {
    evaluator = await createWebGpuEvaluator({ notice: (message) => io.stderr.write(`${message}\n`) });
  } catch (error) {
    throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
  }
  try {
    const report = await validateGpuAgainstCpu(evaluator, {
      positions: [job.position],
      playouts: job.playouts,
      seed: job.seed,
      fill: job.fill,
      kernel: job.kernel,
      onProgress: progressReporter(io),
    });
    await writeText(io.stdout, formatValidation(job, report));
    if (report.mismatches > 0 || report.countMismatches > 0) {
      throw new CliError(
        `validate: the GPU disagrees with the CPU on ${report.mismatches} of ${report.compared} playouts`,
        EXIT_FAILURE,
      );
    }
    return report;
  } finally {
    evaluator.destroy();
  }
}

export function registerValidateCommand(program: Command, io: CliIo): void {
  program
    .command('validate')
    .description('play out on the GPU and check every playout against the CPU, bit for bit')
    .requiredOption('--game <game>', 'hex or y')
    .requiredOption('--size <n>', 'board size: Hex 1 to 31, Y 1 to 32')
    .requiredOption('--playouts <n>', boundedHelp(PLAYOUTS, 'playouts to compare, each replayed on the CPU'))
    .option('--kernel <name>', `GPU kernel: ${GPU_KERNELS.join(', ')}`, 'bpr')
    .option('--fill <kind>', 'exact or coin', 'exact')
    .option('--seed <n>', boundedHelp(SEED, 'names the random streams'), '1')
    .option('--board <text>', 'start from this board text instead of the empty board')
    .option('--to-move <colour>', 'black or white (default: from the stone counts)')
    .action(async (options: ValidateOptions) => {
      await runValidate(validateJob(options), io);
    });
}
