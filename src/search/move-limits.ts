/** A move's limits: playouts, time or both, and what a move gets when given neither. */

/** Seconds per move when no limit is given: quick enough for HexGui, long enough to play well. */
export const DEFAULT_SECONDS = 1;

/** Whether the time a move is the mean over a game rather than the most a move takes (the `time-bank` setting). */
export const TIME_BANK = true;

/** The highest playouts per move one command may ask for. */
export const MAX_PLAYOUTS = 1_000_000_000;

/** Why a search with neither limit is refused: it would never end. */
export const NO_LIMIT = 'a move needs a limit: playouts, time or both';

/** The per-move limits given, each a number, null for none, or undefined for not given. */
export interface GivenLimits {
  readonly playouts?: number | null | undefined;
  readonly seconds?: number | null | undefined;
}

/** A move's limits, each null for none: at least one is set. */
export interface MoveLimits {
  readonly playouts: number | null;
  readonly seconds: number | null;
}

/**
 * The limits a move searches under. With none given, DEFAULT_SECONDS; a limit
 * given alone is the only one, so that playouts alone stay deterministic for
 * a seed and a time alone means "think this long".
 */
export function moveLimits(given: GivenLimits): MoveLimits {
  if (given.playouts === undefined && given.seconds === undefined) return { playouts: null, seconds: DEFAULT_SECONDS };
  const limits = { playouts: given.playouts ?? null, seconds: given.seconds ?? null };
  if (limits.playouts === null && limits.seconds === null) throw new Error(NO_LIMIT);
  return limits;
}
