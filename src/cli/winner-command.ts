/**
 * `hexbatch winner`: one board text per input line, one winner per output
 * line, in order. Output line K always answers input line K, so a blank line
 * is a bad line rather than one to skip (only the newline ending the last
 * line is not a line of its own). The first bad line stops the run, after the
 * answers to every line before it.
 */
import type { Command } from 'commander';
import { type Winner, colorName } from '../game/color.js';
import { parseBoardText } from '../game/board-text.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { countEmpty } from '../fill/fill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { DEFAULT_METHOD } from '../wintest/registry.js';
import { type BoardDecider, cpuDecider } from './board-decider.js';
import { type CliError, lineError, messageOf, usageError } from './cli-error.js';
import { kernelRecord } from '../gpu/kernel-table.js';
import { GPU_WINNER_METHODS, createGpuDecider, parseGpuMethod } from './gpu-winner.js';
import { type CliIo, checkStdinReadable, writeText } from './io.js';
import { lineBatches } from './line-batches.js';
import { parseGame, parseGeometry, parseMethod } from './options.js';

interface WinnerOptions {
  readonly game: string;
  readonly size: string;
  readonly method: string;
  readonly backend: string;
}

export interface WinnerJob {
  readonly g: Geometry;
  readonly method: WinTestMethod;
  readonly decider: BoardDecider;
}

export async function winnerJob(options: WinnerOptions, io: CliIo): Promise<WinnerJob> {
  const game = parseGame(options.game);
  const g = parseGeometry(game, options.size);
  const backend = options.backend.trim();
  if (backend !== 'cpu' && backend !== 'webgpu')
    throw usageError(`unknown backend "${options.backend}" (expected cpu or webgpu)`);
  if (backend === 'cpu') {
    const method = parseMethod(options.method, game);
    return { g, method, decider: cpuDecider(method, g) };
  }
  const kernel = parseGpuMethod(options.method);
  const decider = await createGpuDecider(g, kernel, (notice) => io.stderr.write(`${notice}\n`));
  // The kernel's CPU twin says what it decides (every kernel takes partial boards); bitsliced-unrolled has no CPU method of its own name.
  return { g, method: kernelRecord(kernel).cpuTwin, decider };
}

/** The board on one line; throws the line's error when it is bad. */
function parseBoardLine(job: WinnerJob, line: string, lineNumber: number): Cells {
  if (line.trim() === '') throw lineError(lineNumber, 'blank line (each line must hold one board)');
  let cells: Cells;
  try {
    cells = parseBoardText(job.g, line);
  } catch (error) {
    throw lineError(lineNumber, messageOf(error));
  }
  if (!job.method.supports.partialBoards) {
    const empty = countEmpty(cells);
    if (empty > 0) {
      const cellsWord = empty === 1 ? 'cell' : 'cells';
      const what = `method ${job.method.name} decides full boards only, and this board has ${empty} empty ${cellsWord}`;
      throw lineError(lineNumber, what);
    }
  }
  return cells;
}

/** The boards of a batch's lines up to the first bad one, and its error. */
function parseBatch(job: WinnerJob, lines: readonly string[], firstLine: number): { boards: Cells[]; bad?: CliError } {
  const boards: Cells[] = [];
  for (let i = 0; i < lines.length; i++) {
    try {
      boards.push(parseBoardLine(job, lines[i] as string, firstLine + i));
    } catch (error) {
      return { boards, bad: error as CliError };
    }
  }
  return { boards };
}

function formatWinners(winners: ArrayLike<Winner>): string {
  let text = '';
  for (let i = 0; i < winners.length; i++) text += `${colorName(winners[i] as Winner)}\n`;
  return text;
}

/** Reads every line of io.stdin and prints its winner; throws at a bad line. */
export async function decideLines(job: WinnerJob, io: CliIo): Promise<void> {
  let nextLine = 1;
  try {
    for await (const lines of readLines(io.stdin)) {
      const { boards, bad } = parseBatch(job, lines, nextLine);
      nextLine += lines.length;
      if (boards.length > 0) await writeText(io.stdout, formatWinners(await job.decider.decide(boards)));
      if (bad) throw bad;
    }
  } finally {
    await job.decider.close?.();
  }
}

/** The input's lines, a read failure turned into one clear line. */
async function* readLines(stdin: CliIo['stdin']): AsyncGenerator<string[]> {
  try {
    yield* lineBatches(stdin);
  } catch (error) {
    throw usageError(`cannot read standard input: ${messageOf(error)}`);
  }
}

export function registerWinnerCommand(program: Command, io: CliIo): void {
  program
    .command('winner')
    .description('decide boards read from standard input, one board text per line')
    .requiredOption('--game <game>', 'hex or y')
    .requiredOption('--size <n>', 'board size: Hex 1 to 31, Y 1 to 32')
    .option(
      '--method <name>',
      `win-test method (see \`hexbatch methods\`); with --backend webgpu: ${GPU_WINNER_METHODS.join(', ')}`,
      DEFAULT_METHOD,
    )
    .option('--backend <name>', 'cpu, or webgpu to decide the boards on the GPU', 'cpu')
    .addHelpText(
      'after',
      `
Each line holds one board: its cells in row-major order (row 1 first, column a
first), each b, w or . (empty); white space is ignored. Each answer is black,
white or none, one line per board, in order. A blank line is a bad line. The
first bad line stops the run with "line K: ..." on standard error and exit
status 2.`,
    )
    .action(async (options: WinnerOptions) => {
      checkStdinReadable(io.stdin);
      await decideLines(await winnerJob(options, io), io);
    });
}
