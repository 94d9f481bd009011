/**
 * What travels through the queue, and the checks on it. Anyone who can write
 * to Redis can put a job there, so a worker trusts nothing in one: a job
 * names each engine either by settings of ours (checked by key here, and by
 * value against htp's own bounds by the worker) or by a key of the worker's
 * own engine file, never by a command line. Results come back the same way
 * and are checked by the coordinator (a game is replayed move by move).
 */
import { Color, type Player } from '../game/color.js';
import { GameKind, geometryOf } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { SWAP_MOVE_NAME, moveName } from '../game/sgf.js';
import { SETTING_OPTIONS } from '../match/engine-spec.js';
import type { Side } from '../match/match.js';
import type { Forfeit, PlayedGame } from '../match/referee.js';
import type { MachineInfo } from '../bench/machine-info.js';
import type { TrialKind } from '../bench/paper-trials.js';
import { methodNames } from '../wintest/registry.js';

/** An engine as a job names it: settings of ours (key → value, as `match --a` takes them), or a key of the worker's engine file. */
export type EngineRef = { readonly settings: Readonly<Record<string, string>> } | { readonly key: string };

/** One game of a match or of self-play. */
export interface GameJob {
  readonly run: string;
  readonly index: number;
  readonly game: GameKind;
  readonly size: number;
  readonly swap: boolean;
  /** Black's forced first move as a cell name, or null. */
  readonly opening: string | null;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly engines: Readonly<Record<Side, EngineRef>>;
}

/** One set of one cell of the paper's tables (PaperCellRequest with one set, `set`). */
export interface PaperSetJob {
  readonly run: string;
  readonly index: number;
  readonly game: GameKind;
  readonly size: number;
  readonly method: string;
  readonly incremental: boolean;
  readonly trialKind: TrialKind;
  readonly trials: number;
  readonly seed: number;
  readonly set: number;
}

export type QueueJob =
  { readonly name: 'game'; readonly data: GameJob } | { readonly name: 'paper-set'; readonly data: PaperSetJob };

/** A game as a worker sends it back: the moves by name in play order (Position's view), and how it ended. */
export interface GameResult {
  readonly moves: readonly string[];
  readonly winner: 'black' | 'white';
  readonly forfeit: {
    readonly player: 'black' | 'white';
    readonly kind: Forfeit['kind'];
    readonly detail: string;
  } | null;
  readonly resigned: boolean;
  /** The game's own time on the worker, engines' start left out. */
  readonly ms: number;
  readonly worker: string;
}

export interface PaperSetResult {
  /** The test's ms per 10,000 trials in this set. */
  readonly ms: number;
  readonly machine: MachineInfo;
  readonly isolated: boolean;
  readonly worker: string;
}

/** Why a job or result was refused, in one line. */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

function refuse(message: string): never {
  throw new RefusedError(message);
}

const RUN_ID = /^[a-z0-9]{1,32}$/;
const ENGINE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** A setting's value: what `match --a` takes (no space, no comma), not too long. */
const SETTING_VALUE = /^[A-Za-z0-9.+_-]{1,64}$/;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function onlyKeys(x: Record<string, unknown>, keys: readonly string[], what: string): void {
  const extra = Object.keys(x).filter((k) => !keys.includes(k));
  if (extra.length > 0) refuse(`${what} has fields a job may not have: ${extra.slice(0, 4).join(', ')}`);
}

function wholeNumber(x: unknown, what: string, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    refuse(`${what} must be a whole number from ${min} to ${max}`);
  return x;
}

export function checkRunId(x: unknown): string {
  if (typeof x !== 'string' || !RUN_ID.test(x)) refuse('the run id must be 1 to 32 lower-case letters and digits');
  return x;
}

function gameKind(x: unknown): GameKind {
  if (x !== GameKind.Hex && x !== GameKind.Y) refuse('the game must be hex or y');
  return x;
}

/** An engine reference: exactly one of settings (known keys, plain values) or key. */
export function checkEngineRef(x: unknown, side: Side): EngineRef {
  if (!isRecord(x)) refuse(`engine ${side} must be an object`);
  if ('settings' in x && !('key' in x)) {
    onlyKeys(x, ['settings'], `engine ${side}`);
    const settings = x['settings'];
    if (!isRecord(settings)) refuse(`engine ${side}'s settings must be an object of key → value`);
    for (const [key, value] of Object.entries(settings)) {
      if (SETTING_OPTIONS[key] === undefined) refuse(`engine ${side}: unknown setting "${key.slice(0, 40)}"`);
      if (typeof value !== 'string' || !SETTING_VALUE.test(value))
        refuse(`engine ${side}: the value of ${key} must be 1 to 64 letters, digits and . + _ -`);
    }
    return { settings: settings as Record<string, string> };
  }
  if ('key' in x && !('settings' in x)) {
    onlyKeys(x, ['key'], `engine ${side}`);
    if (typeof x['key'] !== 'string' || !ENGINE_KEY.test(x['key']))
      refuse(`engine ${side}: an engine key is 1 to 64 letters, digits and . _ -`);
    return { key: x['key'] };
  }
  return refuse(
    `engine ${side} must name settings of ours or a key of the worker's engine file (a job never carries a command line)`,
  );
}

function checkGameJob(x: Record<string, unknown>): GameJob {
  onlyKeys(x, ['run', 'index', 'game', 'size', 'swap', 'opening', 'seed', 'timeoutMs', 'engines'], 'the job');
  const game = gameKind(x['game']);
  const size = wholeNumber(x['size'], 'the size', 1, 32);
  let geometry;
  try {
    geometry = geometryOf(game, size);
  } catch (error) {
    return refuse((error as Error).message);
  }
  if (typeof x['swap'] !== 'boolean') refuse('swap must be true or false');
  const opening = x['opening'];
  if (opening !== null) {
    if (typeof opening !== 'string' || opening.length > 4) refuse('the opening must be a cell name or null');
    try {
      parseCell(geometry, opening);
    } catch (error) {
      refuse(`the opening: ${(error as Error).message}`);
    }
  }
  const engines = x['engines'];
  if (!isRecord(engines)) refuse('the job must name engines A and B');
  onlyKeys(engines, ['A', 'B'], 'engines');
  return {
    run: checkRunId(x['run']),
    index: wholeNumber(x['index'], 'the game index', 0, 999_999),
    game,
    size,
    swap: x['swap'],
    opening: opening as string | null,
    seed: wholeNumber(x['seed'], 'the seed', 0, 0xffffffff),
    timeoutMs: wholeNumber(x['timeoutMs'], 'the time-out', 1000, 86_400_000),
    engines: { A: checkEngineRef(engines['A'], 'A'), B: checkEngineRef(engines['B'], 'B') },
  };
}

function checkPaperSetJob(x: Record<string, unknown>): PaperSetJob {
  onlyKeys(
    x,
    ['run', 'index', 'game', 'size', 'method', 'incremental', 'trialKind', 'trials', 'seed', 'set'],
    'the job',
  );
  const game = gameKind(x['game']);
  const size = wholeNumber(x['size'], 'the size', 1, 32);
  try {
    geometryOf(game, size);
  } catch (error) {
    refuse((error as Error).message);
  }
  const method = x['method'];
  if (typeof method !== 'string' || !methodNames().includes(method))
    refuse('the method must be one of the registered win tests');
  if (typeof x['incremental'] !== 'boolean') refuse('incremental must be true or false');
  const trialKind = x['trialKind'];
  if (trialKind !== 'per-game' && trialKind !== 'per-move') refuse('the trial kind must be per-game or per-move');
  return {
    run: checkRunId(x['run']),
    index: wholeNumber(x['index'], 'the set index', 0, 999_999),
    game,
    size,
    method,
    incremental: x['incremental'],
    trialKind,
    trials: wholeNumber(x['trials'], 'the trials', 1, 100_000),
    seed: wholeNumber(x['seed'], 'the seed', 0, 0xffffffff),
    set: wholeNumber(x['set'], 'the set', 0, 999_999),
  };
}

/** The job `name` with `data` as taken from the queue, checked; throws RefusedError. */
export function checkJob(name: string, data: unknown): QueueJob {
  if (!isRecord(data)) refuse('the job holds no object');
  if (name === 'game') return { name, data: checkGameJob(data) };
  if (name === 'paper-set') return { name, data: checkPaperSetJob(data) };
  return refuse(`unknown kind of job "${String(name).slice(0, 40)}"`);
}

const colourWord = (p: Player): 'black' | 'white' => (p === Color.Black ? 'black' : 'white');
const colourOf = (w: 'black' | 'white'): Player => (w === 'black' ? Color.Black : Color.White);

/** A played game as it goes back through the queue. */
export function gameResultOf(played: PlayedGame, game: GameKind, size: number, ms: number, worker: string): GameResult {
  const g = geometryOf(game, size);
  const f = played.forfeit;
  return {
    moves: played.moves.map((m) => moveName(g, m.move)),
    winner: colourWord(played.winner),
    forfeit: f === null ? null : { player: colourWord(f.player), kind: f.kind, detail: f.detail },
    resigned: played.resigned,
    ms,
    worker,
  };
}

const FORFEIT_KINDS: readonly string[] = ['illegal', 'refused', 'crash', 'timeout'];

/**
 * The game a result stands for, replayed on a board: every move must be
 * legal, and a game that did not end by a forfeit or a resignation must have
 * been won by the winner named. Throws RefusedError.
 */
export function playedGameOf(
  text: string,
  job: Pick<GameJob, 'game' | 'size' | 'swap'>,
): { played: PlayedGame; ms: number; worker: string } {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    refuse('the result is not JSON');
  }
  if (!isRecord(x)) refuse('the result holds no object');
  const { moves, winner, forfeit, resigned, ms, worker } = x;
  if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string')) refuse('the result has no list of moves');
  if (winner !== 'black' && winner !== 'white') refuse('the result names no winner');
  if (typeof resigned !== 'boolean' || typeof ms !== 'number' || !(ms >= 0) || typeof worker !== 'string')
    refuse('the result lacks resigned, ms or worker');
  const position = Position.empty(job.game, job.size, { swap: job.swap });
  const played: { player: Player; move: Move }[] = [];
  for (const name of moves as string[]) {
    if (position.isOver()) refuse('the result has moves after the game was over');
    let move: Move;
    try {
      move = name === SWAP_MOVE_NAME ? SWAP : parseCell(position.geometry, name);
    } catch (error) {
      refuse(`the result's move ${name.slice(0, 8)}: ${(error as Error).message}`);
    }
    if (move !== SWAP && position.at(move) !== Color.Empty) refuse(`the result's move ${name} is on a taken cell`);
    const player = position.toMove;
    try {
      position.play(move);
    } catch (error) {
      refuse(`the result's move ${name}: ${(error as Error).message}`);
    }
    played.push({ player, move });
  }
  let ended: Forfeit | null = null;
  if (forfeit !== null) {
    if (
      !isRecord(forfeit) ||
      (forfeit['player'] !== 'black' && forfeit['player'] !== 'white') ||
      !FORFEIT_KINDS.includes(String(forfeit['kind'])) ||
      typeof forfeit['detail'] !== 'string'
    )
      refuse('the result has a malformed forfeit');
    ended = {
      player: colourOf(forfeit['player']),
      kind: forfeit['kind'] as Forfeit['kind'],
      detail: forfeit['detail'].slice(0, 500),
    };
    if (ended.player === colourOf(winner)) refuse('the result names the player who forfeited as the winner');
  } else if (!resigned && position.winner() !== colourOf(winner)) {
    refuse(`the result says ${winner} won, but the board says otherwise`);
  }
  if (resigned && position.isOver()) refuse('the result says a player resigned a game that was over');
  return { played: { moves: played, winner: colourOf(winner), forfeit: ended, resigned }, ms, worker };
}
