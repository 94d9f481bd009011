/** What the benchmark commands (bench-cpu, bench-gpu) share: their boards and their JSON file. */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import { type GameKind, checkSize } from '../game/geometry.js';
import { BOTH_GAMES } from '../wintest/method.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf } from './cli-error.js';
import { parseGame, parseList, parseWholeNumber } from './options.js';
import { checkWritableFile } from './output-file.js';

export interface BenchBoardOptions {
  readonly sizes: string;
  readonly games: string;
}

/** Adds --sizes (default `defaultSizes`) and --games to a benchmark command. */
export function addBenchBoardOptions(command: Command, defaultSizes: readonly number[]): Command {
  return command
    .option('--sizes <list>', 'board sizes, comma-separated', defaultSizes.join(','))
    .option('--games <list>', 'games, comma-separated', BOTH_GAMES.join(','));
}

/** The games and sizes asked for; every size must suit every game. */
export function parseBenchBoards(options: BenchBoardOptions): { games: GameKind[]; sizes: number[] } {
  const games = parseList('--games', options.games, parseGame);
  const sizes = parseList('--sizes', options.sizes, (text) => {
    const n = parseWholeNumber('a size', text);
    for (const game of games) asUsage(() => checkSize(game, n));
    return n;
  });
  return { games, sizes };
}

/** Writes a report as JSON, making its folder; a failure is a CliError with EXIT_FAILURE. */
export async function writeBenchJson(file: string, report: unknown): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    throw new CliError(`error: cannot write ${file}: ${messageOf(error)}`, EXIT_FAILURE);
  }
}

/** Where a --quick run writes when no --json was given: the committed figures in bench/results/ stay as they are. */
export const QUICK_RESULTS_DIR = 'results';

/**
 * The JSON file of a run: --json as given, else the default, else (for a
 * --quick run) beside the smoke results; checked writable before the run.
 */
export async function benchJsonPath(
  command: Command,
  options: { readonly json: string; readonly quick?: boolean },
): Promise<string> {
  const path =
    !options.quick || command.getOptionValueSource('json') !== 'default'
      ? options.json
      : join(QUICK_RESULTS_DIR, basename(options.json).replace(/\.json$/, '-quick.json'));
  await checkWritableFile('--json', path);
  return path;
}
