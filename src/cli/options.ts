/** Parsing of the option values that several commands share. */
import { type GameKind, type Geometry, geometryOf, parseGameKind } from '../game/geometry.js';
import type { WinTestMethod } from '../wintest/method.js';
import { methodByName } from '../wintest/registry.js';
import { availableParallelism } from 'node:os';
import type { BackendChoice, EvaluatorOptions } from '../eval/create-evaluator.js';
import type { Bound } from './bounds.js';
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

/** The evaluator a command runs on: --backend cpu, webgpu or auto. */
export function parseBackendChoice(text: string): BackendChoice {
  if (text === 'cpu' || text === 'webgpu' || text === 'auto') return text;
  throw usageError(`--backend must be cpu, webgpu or auto, not "${text}"`);
}

/** The search's round shape, for the commands that set it (htp, bench-search). */
/**
 * The CPU backend for a search on `threads` threads (default one a core):
 * this thread plays too, beside threads − 1 workers, so the tree's work
 * between rounds does not make a third thread fight two for the cores.
 * Counted here, since Node 20 cannot tell the evaluator its cores.
 */
export function searchCpuOptions(
  threads = availableParallelism(),
): Pick<EvaluatorOptions, 'cpuWorkers' | 'cpuCallerPlays'> {
  return { cpuWorkers: Math.max(0, threads - 1), cpuCallerPlays: true };
}

export const LEAVES: Bound = { option: '--leaves', min: 1, max: 65_536 };
export const PLAYOUTS_PER_LEAF: Bound = { option: '--playouts-per-leaf', min: 1, max: 1_000_000 };

/** A decimal option's range: above `above` (not equal) or from `atLeast` (equal too), at most `max`. */
export type NumberBound = { readonly option: string; readonly max: number } & (
  { readonly above: number } | { readonly atLeast: number }
);

function lowestText(bound: NumberBound): string {
  return 'above' in bound ? `above ${bound.above}` : `at least ${bound.atLeast}`;
}

export function boundedNumberHelp(bound: NumberBound, what: string): string {
  return `${what} (${lowestText(bound)}, at most ${bound.max})`;
}

/** The decimal number `text` names (digits, a point, digits), inside the bound, or a usage error naming the option. */
export function parseBoundedNumber(bound: NumberBound, text: string): number {
  const trimmed = text.trim();
  const n = /^\d{1,9}(\.\d{1,9})?$|^\.\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const low = 'above' in bound ? n > bound.above : n >= bound.atLeast;
  if (!(low && n <= bound.max))
    throw usageError(`${bound.option} must be a number ${lowestText(bound)} and at most ${bound.max}, not "${text}"`);
  return n;
}
