/**
 * `hexbatch swap-table`: counts, per Hex opening, how often its stone's
 * owner won the games of SGF files played from it without a swap, and
 * writes the table that the `swap-table` setting decides the swap by
 * (src/search/knowledge/swap-table.ts).
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { formatSwapTable, swapByTable, tallyOpenings } from '../search/knowledge/swap-table.js';
import { GameKind, geometryOf } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { CliError, EXIT_FAILURE, messageOf } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { checkWritableFile } from './output-file.js';
import { gamesText, readGames } from './sgf-games.js';

interface SwapTableOptions {
  readonly games: string[];
  readonly out: string;
  readonly source: string;
}

export function registerSwapTableCommand(program: Command, io: CliIo): void {
  program
    .command('swap-table')
    .description(
      "count, per Hex opening, how often its stone's owner won the SGF games played from it without a swap, as the swap-table setting reads them",
    )
    .requiredOption('--games <paths...>', 'SGF files, or folders searched for .sgf files')
    .requiredOption('--out <file>', 'write the table (JSON) here')
    .option('--source <text>', 'what the games are, recorded in the table', 'games of SGF files')
    .action(async (options: SwapTableOptions) => {
      await checkWritableFile('--out', options.out);
      const games = await readGames('--games', options.games, null);
      const table = tallyOpenings(games, options.source);
      try {
        await writeFile(options.out, formatSwapTable(table));
      } catch (error) {
        throw new CliError(`error: --out ${options.out} cannot be written: ${messageOf(error)}`, EXIT_FAILURE);
      }
      const lines = [`${options.out}: ${gamesText(games.length)} read`];
      for (const [size, tally] of Object.entries(table.hex)) {
        const g = geometryOf(GameKind.Hex, Number(size));
        const decisions = Object.keys(tally).map((cell) => swapByTable(table, g, parseCell(g, cell)));
        const counted = Object.values(tally).reduce((sum, [, n]) => sum + n, 0);
        lines.push(
          `Hex ${size}: ${gamesText(counted)} from ${Object.keys(tally).length} openings; swap ${decisions.filter((d) => d === true).length}, keep ${decisions.filter((d) => d === false).length}, undecided ${decisions.filter((d) => d === null).length}`,
        );
      }
      await writeText(io.stdout, `${lines.join('\n')}\n`);
    });
}
