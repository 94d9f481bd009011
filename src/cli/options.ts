/** Parsing of the option values that several commands share. */
import { type GameKind, type Geometry, geometryOf, parseGameKind } from '../game/geometry.js';
import type { WinTestMethod } from '../wintest/method.js';
import { methodByName } from '../wintest/registry.js';
import { asUsage, usageError } from './cli-error.js';

export function parseGame(text: string): GameKind {
  return asUsage(() => parseGameKind(text));
}

export function parseWholeNumber(what: string, text: string): number {
  if (!/^\s*\d+\s*$/.test(text)) throw usageError(`${what} must be a whole number, not "${text}"`);
  return Number(text);
}

export function parseGeometry(game: GameKind, sizeText: string): Geometry {
  const n = parseWholeNumber('the size', sizeText);
  return asUsage(() => geometryOf(game, n));
}

/** A registered method that plays `game`. */
export function parseMethod(name: string, game?: GameKind): WinTestMethod {
  const method = asUsage(() => methodByName(name.trim()));
  if (game !== undefined && !method.supports.games.includes(game)) {
    throw usageError(`method ${method.name} does not decide ${game} boards`);
  }
  return method;
}

/** A comma-separated list, each item parsed; duplicates are dropped. */
export function parseList<T>(what: string, text: string, parseItem: (item: string) => T): T[] {
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw usageError(`${what} must be a comma-separated list, not "${text}"`);
  return [...new Set(items.map(parseItem))];
}
