/**
 * A match (or self-play, a match of our engine against itself) on the
 * queue: one job a game, carrying its settings, seed, opening and colours;
 * each result replayed and turned into the MatchGame a local match would
 * have played, with the live score, and the SPRT when one is asked for.
 * The record saved in Redis holds all that --resume needs.
 */
import { GameKind, geometryOf } from '../game/geometry.js';
import { cellName, parseCell } from '../game/notation.js';
import type { Move } from '../game/position.js';
import { LiveScore } from '../match/live-score.js';
import { type MatchGame, type Side, blackIn } from '../match/match.js';
import { Color } from '../game/color.js';
import type { SprtBounds } from '../match/sprt.js';
import { type RunOutcome, type QueueSession, gatherRun } from './coordinator.js';
import { type EngineRef, type GameJob, RefusedError, checkEngineRef, playedGameOf } from './job-data.js';
import { QueueError } from './redis-url.js';

/** What a match on the queue is, as saved in Redis under its run id. */
export interface MatchRecord {
  readonly kind: 'match' | 'selfplay';
  readonly created: string;
  readonly games: number;
  readonly game: GameKind;
  readonly size: number;
  readonly swap: boolean;
  readonly seed: number;
  readonly timeoutMs: number;
  /** Black's forced first moves by cell name, cycled; [null]: black's engine chooses. */
  readonly openings: readonly (string | null)[];
  readonly engines: Readonly<Record<Side, EngineRef>>;
  readonly labels: Readonly<Record<Side, string>>;
  readonly sprt: SprtBounds | null;
  /** At most this many games waiting or under way at once. */
  readonly window: number;
  /** Where the coordinator writes the SGF files, or null. */
  readonly out: string | null;
}

/** The record's openings as moves. */
export function openingMoves(record: Pick<MatchRecord, 'game' | 'size' | 'openings'>): (Move | null)[] {
  const g = geometryOf(record.game, record.size);
  return record.openings.map((o) => (o === null ? null : parseCell(g, o)));
}

/** The openings as the record keeps them (cell names). */
export function openingNames(game: GameKind, size: number, openings: readonly (Move | null)[]): (string | null)[] {
  const g = geometryOf(game, size);
  return openings.map((o) => (o === null ? null : cellName(g, o)));
}

/** A record read back from Redis for --resume, checked; throws QueueError (usage) when it is not one of a match. */
export function checkMatchRecord(x: unknown, run: string, kind: MatchRecord['kind']): MatchRecord {
  const r = x as Partial<MatchRecord> | null;
  if (r === null)
    throw new QueueError(
      `the queue has no run ${run} (finished runs are kept for 30 days; a Redis without persistence forgets them when it restarts)`,
      true,
    );
  if (r.kind !== kind)
    throw new QueueError(
      `run ${run} is ${typeof r.kind === 'string' ? `a ${r.kind} run` : 'not a run of hexbatch'}, not a ${kind} run`,
      true,
    );
  try {
    if (
      !Number.isInteger(r.games) ||
      (r.game !== GameKind.Hex && r.game !== GameKind.Y) ||
      !Number.isInteger(r.size) ||
      typeof r.swap !== 'boolean' ||
      !Number.isInteger(r.seed) ||
      !Number.isInteger(r.timeoutMs) ||
      !Array.isArray(r.openings) ||
      !Number.isInteger(r.window) ||
      typeof r.labels?.A !== 'string' ||
      typeof r.labels.B !== 'string'
    )
      throw new RefusedError('fields are missing');
    checkEngineRef(r.engines?.A, 'A');
    checkEngineRef(r.engines?.B, 'B');
    openingMoves(r as MatchRecord);
  } catch (error) {
    throw new QueueError(`run ${run}'s record is damaged: ${(error as Error).message}`, true);
  }
  return r as MatchRecord;
}

/** Game `index` as a job. */
export function gameJob(record: MatchRecord, run: string, index: number): GameJob {
  const opening = record.openings[Math.floor(index / 2) % record.openings.length] ?? null;
  return {
    run,
    index,
    game: record.game,
    size: record.size,
    swap: record.swap,
    opening,
    seed: record.seed,
    timeoutMs: record.timeoutMs,
    engines: record.engines,
  };
}

export interface QueuedGame {
  readonly game: MatchGame;
  /** The game's own time on its worker. */
  readonly ms: number;
  readonly worker: string;
  /** From putting the job on the queue to taking its result; null for a game queued before this coordinator. */
  readonly queuedToResultMs: number | null;
}

export interface QueuedMatch {
  readonly outcome: RunOutcome;
  readonly games: MatchGame[];
  readonly live: LiveScore;
}

/**
 * Plays `record` (saved as run `run`) on the queue; `onGame` hears of each
 * game once, as its result comes in (the games stored before a --resume
 * first). Stops early when the SPRT decides.
 */
export async function playQueuedMatch(
  session: QueueSession,
  run: string,
  record: MatchRecord,
  onGame: (game: QueuedGame, live: LiveScore) => Promise<void>,
  patienceMs: number,
  signal?: AbortSignal,
): Promise<QueuedMatch> {
  const live = new LiveScore(record.games, record.sprt);
  const openings = openingMoves(record);
  const games: MatchGame[] = [];
  const outcome = await gatherRun(
    session,
    {
      run,
      total: record.games,
      window: record.window,
      job: (index) => ({ name: 'game', data: gameJob(record, run, index) }),
      saveRecord: () => session.store.saveRecord(run, record),
      accept: async (index, text, queuedToResultMs) => {
        let result;
        try {
          result = playedGameOf(text, record);
        } catch (error) {
          throw new QueueError(
            `game ${index + 1}: the result in the queue is not a game: ${(error as Error).message} (worker's result refused)`,
            false,
          );
        }
        const black = blackIn(index);
        const white: Side = black === 'A' ? 'B' : 'A';
        const game: MatchGame = {
          index,
          black,
          opening: openings[Math.floor(index / 2) % openings.length] ?? null,
          played: result.played,
          winner: result.played.winner === Color.Black ? black : white,
        };
        live.add(game);
        games.push(game);
        await onGame({ game, ms: result.ms, worker: result.worker, queuedToResultMs }, live);
      },
      decided: () => live.decided,
    },
    patienceMs,
    signal,
  );
  return { outcome, games: games.sort((x, y) => x.index - y.index), live };
}
