/**
 * A match: N refereed games between engines A and B, several at once. Game
 * i gives A black when i is even, and black's forced first move is opening
 * ⌊i/2⌋ of the list (cycled), so each opening is played twice with the
 * colours exchanged. Every game slot keeps its own pair of engine processes
 * across games (a new one replaces any that died).
 */
import { Color, type Player } from '../game/color.js';
import { type GameKind, geometryOf } from '../game/geometry.js';
import type { Move } from '../game/position.js';
import { toSgf } from '../game/sgf.js';
import type { EngineSpec } from './engine-spec.js';
import { HtpProcess } from './htp-process.js';
import { type ForfeitKind, type PlayedGame, type RefereedEngine, playGame } from './referee.js';

export type Side = 'A' | 'B';

export interface MatchPlan {
  readonly engines: Readonly<Record<Side, EngineSpec>>;
  readonly game: GameKind;
  readonly size: number;
  readonly swap: boolean;
  readonly games: number;
  /** Black's forced first moves, cycled; [null]: black's engine chooses. */
  readonly openings: readonly (Move | null)[];
  readonly seed: number;
  readonly timeoutMs: number;
  /** Games at once. */
  readonly parallel: number;
}

export interface MatchGame {
  readonly index: number;
  readonly black: Side;
  readonly opening: Move | null;
  readonly played: PlayedGame;
  readonly winner: Side;
}

export interface SideTally {
  readonly wins: number;
  readonly forfeits: Readonly<Record<ForfeitKind, number>>;
}

export class EngineStartError extends Error {
  constructor(
    readonly side: Side,
    message: string,
  ) {
    super(message);
    this.name = 'EngineStartError';
  }
}

/** Who is black in game `index`, and its forced opening. */
export function scheduled(index: number, openings: readonly (Move | null)[]): { black: Side; opening: Move | null } {
  return { black: blackIn(index), opening: openings[Math.floor(index / 2) % openings.length] ?? null };
}

/** Who is black in game `index`: A in even games, B in odd ones. */
export function blackIn(index: number): Side {
  return index % 2 === 0 ? 'A' : 'B';
}

/** A seed per game and side, spread so that neighbouring games share no streams (a 32-bit mix). */
export function gameSeed(seed: number, index: number, side: Side): number {
  let x = (seed ^ Math.imul(index * 2 + (side === 'A' ? 0 : 1) + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const other = (side: Side): Side => (side === 'A' ? 'B' : 'A');

class Slot {
  private readonly processes: Partial<Record<Side, HtpProcess>> = {};

  constructor(private readonly engines: Readonly<Record<Side, EngineSpec>>) {}

  engine(side: Side): HtpProcess {
    const current = this.processes[side];
    if (current?.alive) return current;
    const spec = this.engines[side];
    const fresh = new HtpProcess(spec.command, spec.args);
    this.processes[side] = fresh;
    return fresh;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.processes).map((p) => p.quit()));
  }
}

/**
 * Asks a freshly started engine its name, so that one that cannot run fails
 * here (with the last line it wrote on standard error), and then whether it
 * takes a seed per game: ours does, and so does an engine given as a command
 * line that knows `hexbatch-seed` (ours again, as another build). Without its
 * own seed per game such an engine would start every game from the same
 * seed, and games that differ only by the other side's seed would not be
 * independent.
 */
export async function probeEngine(engine: HtpProcess, ours: boolean, timeoutMs: number): Promise<boolean> {
  try {
    await engine.send('name', timeoutMs);
  } catch (error) {
    throw new Error(engine.lastErrorLine || (error as Error).message);
  }
  if (ours) return true;
  return (await engine.send('known_command hexbatch-seed', timeoutMs).catch(() => 'false')).trim() === 'true';
}

/** Starts both engines of `slot` (probeEngine), so that an engine that cannot run stops the match before it starts. */
async function checkEngines(
  slot: Slot,
  engines: Readonly<Record<Side, EngineSpec>>,
  timeoutMs: number,
): Promise<Record<Side, boolean>> {
  const seeded: Record<Side, boolean> = { A: false, B: false };
  for (const side of ['A', 'B'] as const) {
    try {
      seeded[side] = await probeEngine(slot.engine(side), engines[side].ours, timeoutMs);
    } catch (error) {
      throw new EngineStartError(side, `engine ${side} did not start: ${(error as Error).message}`);
    }
  }
  return seeded;
}

/** One game of a match, as a worker elsewhere can be told it: everything that decides its moves. */
export interface MatchGameSetup {
  readonly index: number;
  readonly game: GameKind;
  readonly size: number;
  readonly swap: boolean;
  /** Black's forced first move, or null. */
  readonly opening: Move | null;
  /** The match's seed (each side's seed for the game is gameSeed of it). */
  readonly seed: number;
  readonly timeoutMs: number;
}

/** The setup of game `index` of `plan`. */
export function gameSetup(plan: MatchPlan, index: number): MatchGameSetup {
  const { opening } = scheduled(index, plan.openings);
  return {
    index,
    game: plan.game,
    size: plan.size,
    swap: plan.swap,
    opening,
    seed: plan.seed,
    timeoutMs: plan.timeoutMs,
  };
}

/** Plays game `setup.index` between the engines of A and B, each with whether it takes a seed per game. */
export async function playMatchGame(
  setup: MatchGameSetup,
  engines: Readonly<Record<Side, RefereedEngine>>,
): Promise<MatchGame> {
  const black = blackIn(setup.index);
  const white = other(black);
  const seeds: Record<Player, number> = {
    [Color.Black]: gameSeed(setup.seed, setup.index, black),
    [Color.White]: gameSeed(setup.seed, setup.index, white),
  };
  const played = await playGame(engines[black], engines[white], {
    game: setup.game,
    size: setup.size,
    swap: setup.swap,
    opening: setup.opening,
    seeds,
    timeoutMs: setup.timeoutMs,
  });
  return {
    index: setup.index,
    black,
    opening: setup.opening,
    played,
    winner: played.winner === Color.Black ? black : white,
  };
}

/**
 * Plays the match; `onGame` hears of each game as it ends (in the order they
 * end). Once `stop` says so, no new game starts; those under way finish.
 */
export async function playMatch(
  plan: MatchPlan,
  onGame: (game: MatchGame, done: number) => void | Promise<void> = () => {},
  stop: () => boolean = () => false,
): Promise<MatchGame[]> {
  const slots = Array.from({ length: Math.max(1, Math.min(plan.parallel, plan.games)) }, () => new Slot(plan.engines));
  const results: MatchGame[] = [];
  let next = 0;
  try {
    const seeded = await checkEngines(slots[0] as Slot, plan.engines, plan.timeoutMs);
    await Promise.all(
      slots.map(async (slot) => {
        while (next < plan.games && !stop()) {
          const index = next++;
          const link = (side: Side): RefereedEngine => ({ link: slot.engine(side), ours: seeded[side] });
          const game = await playMatchGame(gameSetup(plan, index), { A: link('A'), B: link('B') });
          results.push(game);
          await onGame(game, results.length);
        }
      }),
    );
  } finally {
    await Promise.all(slots.map((s) => s.close()));
  }
  return results.sort((x, y) => x.index - y.index);
}

const NO_FORFEITS: Record<ForfeitKind, number> = { illegal: 0, refused: 0, crash: 0, timeout: 0 };

/** The side that lost `game` by forfeit, or null where it ended on the board. */
export function forfeitedBy(game: MatchGame): Side | null {
  const f = game.played.forfeit;
  if (f === null) return null;
  return f.player === Color.Black ? game.black : other(game.black);
}

/** Wins and forfeits (by kind) of one side. */
export function tally(games: readonly MatchGame[], side: Side): SideTally {
  const forfeits = { ...NO_FORFEITS };
  let wins = 0;
  for (const g of games) {
    if (g.winner === side) wins++;
    const f = g.played.forfeit;
    if (f !== null && forfeitedBy(g) === side) forfeits[f.kind]++;
  }
  return { wins, forfeits };
}

/** The game as SGF, with the engines' labels, the result and how it ended. */
export function matchGameSgf(
  game: MatchGame,
  plan: { readonly engines: Readonly<Record<Side, { readonly label: string }>> } & Pick<MatchPlan, 'game' | 'size'>,
  date: string,
  properties: readonly (readonly [string, string])[] = [],
): string {
  const f = game.played.forfeit;
  const note = f !== null ? `Forfeit` : game.played.resigned ? 'Resign' : undefined;
  const comment = [
    `game ${game.index + 1}`,
    game.opening === null ? 'no forced opening' : 'first move forced',
    f === null ? '' : `forfeit (${f.kind}): ${f.detail}`,
  ]
    .filter((s) => s !== '')
    .join('; ');
  return toSgf({
    geometry: geometryOf(plan.game, plan.size),
    moves: game.played.moves,
    blackName: plan.engines[game.black].label,
    whiteName: plan.engines[other(game.black)].label,
    winner: game.played.winner,
    ...(note === undefined ? {} : { resultNote: note }),
    date,
    comment,
    properties,
  });
}
