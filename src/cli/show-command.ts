/** `hexbatch show`: a board drawn for the terminal, with the winner so far. */
import type { Command } from 'commander';
import { colorName } from '../game/color.js';
import { asciiPicture } from '../game/ascii.js';
import { parseBoardText } from '../game/board-text.js';
import { methodByName, DEFAULT_METHOD } from '../wintest/registry.js';
import { asUsage } from './cli-error.js';
import type { CliIo } from './io.js';
import { parseGame, parseGeometry } from './options.js';

interface ShowOptions {
  readonly game: string;
  readonly size: string;
  readonly board: string;
}

export function showBoard(options: ShowOptions): string {
  const g = parseGeometry(parseGame(options.game), options.size);
  const cells = asUsage(() => parseBoardText(g, options.board));
  const winner = methodByName(DEFAULT_METHOD).create(g).winner(cells);
  return `${asciiPicture(g, cells)}\nwinner: ${colorName(winner)}\n`;
}

export function registerShowCommand(program: Command, io: CliIo): void {
  program
    .command('show')
    .description('draw a board for the terminal (X black, O white) and name the winner so far')
    .requiredOption('--game <game>', 'hex or y')
    .requiredOption('--size <n>', 'board size: Hex 1 to 31, Y 1 to 32')
    .requiredOption('--board <text>', 'board text: b, w or . per cell, row 1 first')
    .action((options: ShowOptions) => {
      io.stdout.write(showBoard(options));
    });
}
