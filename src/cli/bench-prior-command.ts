/** `hexbatch bench-prior`: the move prior's time per call over the positions of SGF games. */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { runPriorBench } from '../bench/prior-bench.js';
import { shippedPriorTable } from '../search/prior/move-prior.js';
import { parsePriorTable } from '../search/prior/table.js';
import { machineInfo } from '../bench/machine-info.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { messageOf, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { parseList } from './options.js';
import { gamesText, readGames } from './sgf-games.js';

const RUNS: Bound = { option: '--runs', min: 1, max: 1000 };
const SIZE: Bound = { option: '--size', min: 1, max: 31 };

interface BenchPriorOptions {
  readonly games: string[];
  readonly table?: string;
  readonly size?: string;
  readonly runs: string;
}

export function registerBenchPriorCommand(program: Command, io: CliIo): void {
  program
    .command('bench-prior')
    .description(
      "time the move prior's call (every empty cell of a position scored) over the positions of Hex games in SGF files",
    )
    .requiredOption('--games <paths...>', 'SGF files, or folders searched for .sgf files')
    .option('--table <file>', 'a table written by train-prior (default the one that ships)')
    .option('--size <n,n,…>', 'only games of these board sizes (default all)')
    .option('--runs <n>', boundedHelp(RUNS, 'timed runs over all the positions, after five warm-up runs'), '15')
    .action(async (options: BenchPriorOptions) => {
      const sizes =
        options.size === undefined ? null : new Set(parseList('--size', options.size, (s) => parseBounded(SIZE, s)));
      const runs = parseBounded(RUNS, options.runs);
      let table = shippedPriorTable();
      if (options.table !== undefined) {
        try {
          table = parsePriorTable(await readFile(options.table, 'utf8'));
        } catch (error) {
          throw usageError(`--table ${options.table}: ${messageOf(error)}`);
        }
      }
      const games = await readGames('--games', options.games, sizes);
      const report = runPriorBench({ table, games, fromMove: 1, runs, warmupRuns: 5 });
      const us = (ns: number) => (ns / 1000).toFixed(2);
      const machine = machineInfo();
      await writeText(
        io.stdout,
        `${report.positions} positions of ${gamesText(games.length)}, ${report.meanCandidates.toFixed(1)} empty cells on average\n` +
          `prior per call, median over ${runs} runs: ${us(report.medianNs)} µs by the wall clock (fastest run ${us(Math.min(...report.runNs))}), ${us(report.medianCpuNs)} µs of CPU time (fastest ${us(Math.min(...report.runCpuNs))})\n` +
          `machine: ${machine.cpu}, node ${process.version}\n`,
      );
    });
}
