/** What `match` and `selfplay` share: options, their parsing, and the lines and files a match leaves. */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { type GameKind, geometryOf } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import type { Move } from '../game/position.js';
import type { LiveScore } from '../match/live-score.js';
import { type SprtBounds, parseSprt, sprtSetting, sprtText } from '../match/sprt.js';
import type { Bound } from './bounds.js';
import { asUsage } from './cli-error.js';
import { parseList } from './options.js';

export const GAMES: Bound = { option: '--games', min: 1, max: 1_000_000 };
export const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
export const TIMEOUT: Bound = { option: '--timeout', min: 1, max: 86_400 };
/** Games a queued run keeps waiting or under way at once (--parallel with --queue). */
export const QUEUE_WINDOW: Bound = { option: '--parallel', min: 1, max: 1_000_000 };

export interface MatchOptions {
  readonly a: string;
  readonly b: string;
  readonly engineA?: string;
  readonly engineB?: string;
  readonly scaling?: string;
  readonly game: string;
  readonly size: string;
  readonly games: string;
  readonly openings: string;
  readonly swap: boolean;
  readonly seed: string;
  readonly parallel?: string;
  readonly timeout: string;
  readonly out?: string;
  readonly sprt?: string;
  readonly queue?: string;
  readonly resume?: string;
  readonly keyA?: string;
  readonly keyB?: string;
}

/** `all`: every cell in turn as black's first move; `none`: black's engine chooses; else a list of cells. */
export function parseOpenings(text: string, game: GameKind, size: number): (Move | null)[] {
  const g = geometryOf(game, size);
  if (text === 'none') return [null];
  if (text === 'all') return Array.from({ length: g.cellCount }, (_, i) => i);
  return parseList('--openings', text, (cell) => asUsage(() => parseCell(g, cell), '--openings'));
}

/** One game at a time per core: in a game only the side to move searches, so each engine gets the core its game slot leaves it. */
export function defaultParallel(): number {
  return Math.max(1, availableParallelism());
}

/** --sprt, checked; null without it. */
export function sprtOption(text: string | undefined): SprtBounds | null {
  return text === undefined ? null : asUsage(() => parseSprt(text), '--sprt');
}

/** The lines of a match's SPRT after it: its setting and where it ended. */
export function sprtReport(live: LiveScore): string[] {
  const state = live.test;
  if (live.sprt === null) return [];
  const verdict =
    state === null
      ? 'no complete pair'
      : state.verdict === null
        ? `${sprtText(state, live.sprt)}: no decision within the games played`
        : sprtText(state, live.sprt);
  return [`${sprtSetting(live.sprt)}: ${verdict}`];
}

/** The SGF file of game `index`. */
export function gameFile(out: string, prefix: string, index: number): string {
  return join(resolve(out), `${prefix}game-${String(index + 1).padStart(4, '0')}.sgf`);
}
