/** The Hex games of SGF files and folders named on the command line, read in one order, each bad file named. */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { GameKind } from '../game/geometry.js';
import { type SgfPosition, parseSgf } from '../game/sgf-read.js';
import { forEachPosition } from '../search/prior/game-positions.js';
import { usageError, messageOf } from './cli-error.js';

/** The .sgf files under `path` (itself, when a file), sorted by name so that every run reads them in one order. */
async function sgfFiles(option: string, path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw usageError(`${option} ${path}: no such file or folder`);
  }
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.sgf'))
    .map((e) => join(e.parentPath, e.name));
  if (files.length === 0) throw usageError(`${option} ${path}: no .sgf files in it`);
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The games of the files and folders named, of the sizes asked for (all when none are). */
export async function readGames(
  option: string,
  paths: readonly string[],
  sizes: ReadonlySet<number> | null,
): Promise<SgfPosition[]> {
  const files = [...new Set((await Promise.all(paths.map((p) => sgfFiles(option, p)))).flat())];
  const games: SgfPosition[] = [];
  for (const file of files) {
    let game: SgfPosition;
    try {
      game = parseSgf(await readFile(file, 'utf8'));
      if (game.geometry.game !== GameKind.Hex) throw new Error('not a Hex game');
      // Walked once here, so that a bad move is reported with its file.
      forEachPosition(game, 1, () => {});
    } catch (error) {
      throw usageError(`${relative('.', resolve(file))}: ${messageOf(error)}`);
    }
    if (sizes === null || sizes.has(game.geometry.size)) games.push(game);
  }
  if (games.length === 0) throw usageError(`${option}: no games of size ${[...(sizes ?? [])].join(' or ')}`);
  return games;
}

/** "1 game", "4 games". */
export function gamesText(n: number): string {
  return `${n} ${n === 1 ? 'game' : 'games'}`;
}
