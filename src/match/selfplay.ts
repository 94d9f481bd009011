/**
 * Self-play: our engine against itself, as a match whose two sides have the
 * same settings (each side still searches with a seed of its own per game),
 * kept as one SGF file a game for training a move prior. Each file records
 * in its root, beside SZ, PB/PW and RE, what made the game, as private
 * properties that SGF readers skip:
 *   XS  the engine's settings (`playouts=800,fill=coin`; both sides)
 *   XR  the run's seed
 *   XG  the game's number in the run, from 1
 *   XB  the seed black's engine searched with (gameSeed of XR, the game and its side)
 *   XW  the seed white's engine searched with
 */
import { type MatchGame, gameSeed } from './match.js';

/** `key=value,…` in the order given: the text of XS, and the label's tail. */
export function settingsText(settings: ReadonlyMap<string, string> | Readonly<Record<string, string>>): string {
  const entries = settings instanceof Map ? [...settings] : Object.entries(settings);
  return entries.map(([k, v]) => `${k}=${v}`).join(',');
}

/** The root properties of a self-play game's SGF file. */
export function selfPlayProperties(
  settings: string,
  seed: number,
  game: Pick<MatchGame, 'index' | 'black'>,
): [string, string][] {
  const white = game.black === 'A' ? 'B' : 'A';
  return [
    ['XS', settings],
    ['XR', String(seed)],
    ['XG', String(game.index + 1)],
    ['XB', String(gameSeed(seed, game.index, game.black))],
    ['XW', String(gameSeed(seed, game.index, white))],
  ];
}
