/**
 * Fitting a move prior table from recorded games: every chosen move is a
 * competition among the empty cells (features.ts gives their features);
 * pattern and local keys seen fewer than `minCount` times share one "other"
 * feature; minorization–maximization (mm.ts) fits the gammas.
 */
import { PlayoutStream } from '../../fill/counter-rng.js';
import type { SgfPosition } from '../../game/sgf-read.js';
import {
  GROUPS,
  GROUP_COUNT,
  type GroupName,
  LOCAL_FAR,
  ROW,
  candidateRows,
  CARRIER_VALUES,
  RELATION_VALUES,
  SAVE_VALUES,
  TEMPLATE_VALUES,
} from './features.js';
import { DISTANCE_BUCKETS } from './frame.js';
import { type Competitions, fitGammas } from './mm.js';
import { type GamePosition, forEachPosition, madeByPlayer } from './game-positions.js';
import { type KeyedGammas, PRIOR_FORMAT, PRIOR_VERSION, type PriorTableData } from './table.js';

/** How train-prior learns: which moves, how many positions, how long MM runs, when a pattern is a feature of its own. */
export interface TrainOptions {
  /** The first move of each game to learn from (1: all). */
  readonly fromMove: number;
  /** Learn from this many positions drawn at random (by `seed`) from all of them; all when absent. */
  readonly positions?: number;
  readonly seed: number;
  readonly iterations: number;
  /** A pattern or local key is a feature of its own when seen this often among the candidates. */
  readonly minCount: number;
  /** Virtual wins and losses of each feature (mm.ts). */
  readonly priorGames: number;
  /** Stop early when a sweep gains less mean log-likelihood than this. */
  readonly tolerance?: number;
  /** The groups fitted (default all); every other group's gammas are 1, as if it were not there. */
  readonly groups?: ReadonlySet<GroupName>;
  /** Learn only the moves of the player whose name (the file's PB or PW) holds this text; every move when absent. */
  readonly player?: string;
}

/** A step of a long fit: a game's features read, or one sweep of MM done. */
export type TrainProgress =
  | { readonly stage: 'features'; readonly done: number; readonly total: number }
  | {
      readonly stage: 'fit';
      readonly iteration: number;
      readonly iterations: number;
      readonly meanLogLikelihood: number;
    };

/** The candidates of the positions learnt from, as features.ts's rows. */
export interface Samples {
  readonly rows: Int32Array;
  /** Position j's candidates are rows start[j] … start[j + 1] − 1. */
  readonly start: Int32Array;
  /** Each position's chosen candidate, as a row index. */
  readonly played: Int32Array;
}

/** A draw of `k` of the indices below `n`, in increasing order, the same for the same seed. */
export function sampleIndices(n: number, k: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const stream = new PlayoutStream({ seed, position: 0x7072, playout: 0 });
  for (let i = 0; i < Math.min(k, n - 1); i++) {
    // Two words make a fraction fine enough for any n here.
    const j = i + Math.floor(((stream.word() * 2 ** 32 + stream.word()) / 2 ** 64) * (n - i));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order.slice(0, Math.min(k, n)).sort((a, b) => a - b);
}

/** Every position's candidates and choice, in game order (a random subset when `options.positions` is set). */
export function collectSamples(
  games: readonly SgfPosition[],
  options: Pick<TrainOptions, 'fromMove' | 'positions' | 'seed' | 'player'>,
  onProgress?: (done: number, total: number) => void,
): Samples {
  const learnt = (p: GamePosition) => madeByPlayer(p, options.player);
  let total = 0;
  for (const game of games) forEachPosition(game, options.fromMove, (p) => (total += learnt(p) ? 1 : 0));
  const keep = new Uint8Array(total).fill(options.positions === undefined ? 1 : 0);
  if (options.positions !== undefined)
    for (const i of sampleIndices(total, options.positions, options.seed)) keep[i] = 1;
  let rows = new Int32Array(1 << 16);
  const start: number[] = [0];
  const played: number[] = [];
  let count = 0;
  let index = 0;
  games.forEach((game, k) => {
    forEachPosition(game, options.fromMove, (p) => {
      if (!learnt(p) || keep[index++] === 0) return;
      const need = (count + p.cells.length) * ROW;
      if (need > rows.length) {
        const grown = new Int32Array(Math.max(need, rows.length * 2));
        grown.set(rows);
        rows = grown;
      }
      const added = candidateRows(game.geometry, p.cells, p.mover, p.last, rows, count * ROW);
      let chosen = -1;
      for (let r = 0; r < added; r++) if (rows[(count + r) * ROW] === p.played) chosen = count + r;
      if (chosen < 0) throw new Error(`move ${p.moveNumber} is not on an empty cell`);
      played.push(chosen);
      count += added;
      start.push(count);
    });
    onProgress?.(k + 1, games.length);
  });
  return { rows: rows.slice(0, count * ROW), start: Int32Array.from(start), played: Int32Array.from(played) };
}

/** The feature numbering: each group's values, the keyed groups' kept keys after their "other" (and local's "far"). */
interface Dictionary {
  readonly pattern12: readonly number[];
  readonly pattern6: readonly number[];
  readonly local: readonly number[];
  readonly groupStart: Int32Array;
}

/** Keys seen at least minCount times in column `group` of the rows, in increasing order. */
function frequentKeys(samples: Samples, group: number, minCount: number): number[] {
  const counts = new Map<number, number>();
  for (let at = 1 + group; at < samples.rows.length; at += ROW) {
    const key = samples.rows[at] as number;
    if (key !== LOCAL_FAR) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= minCount)
    .map(([key]) => key)
    .sort((a, b) => a - b);
}

function dictionaryOf(samples: Samples, minCount: number, fitted: (h: number) => boolean): Dictionary {
  const keysOf = (h: number) => (fitted(h) ? frequentKeys(samples, h, minCount) : []);
  const pattern12 = keysOf(0);
  const pattern6 = keysOf(1);
  const local = keysOf(2);
  const sizes = [
    1 + pattern12.length,
    1 + pattern6.length,
    2 + local.length,
    RELATION_VALUES,
    SAVE_VALUES,
    CARRIER_VALUES,
    TEMPLATE_VALUES,
    DISTANCE_BUCKETS,
  ];
  const groupStart = new Int32Array(GROUP_COUNT + 1);
  sizes.forEach((size, h) => (groupStart[h + 1] = (groupStart[h] as number) + size));
  return { pattern12, pattern6, local, groupStart };
}

/** The competitions of the samples, numbered by the dictionary. */
function competitionsOf(samples: Samples, dictionary: Dictionary, fitted: (h: number) => boolean): Competitions {
  const candidates = samples.rows.length / ROW;
  const features = new Int32Array(candidates * GROUP_COUNT);
  const index = [dictionary.pattern12, dictionary.pattern6, dictionary.local].map(
    (keys) => new Map(keys.map((key, i) => [key, i])),
  );
  const { groupStart } = dictionary;
  for (let i = 0; i < candidates; i++) {
    const row = i * ROW + 1;
    for (let h = 0; h < GROUP_COUNT; h++) {
      const value = samples.rows[row + h] as number;
      let id: number;
      // A group left out gives every candidate the same value, which cancels out of every competition.
      if (!fitted(h)) id = 0;
      else if (h === 0 || h === 1) id = 1 + (index[h]?.get(value) ?? -1);
      else if (h === 2) id = value === LOCAL_FAR ? 0 : 2 + (index[2]?.get(value) ?? -1);
      else id = value;
      features[i * GROUP_COUNT + h] = (groupStart[h] as number) + id;
    }
  }
  return {
    featureCount: groupStart[GROUP_COUNT] as number,
    groupStart,
    features,
    start: samples.start,
    winner: samples.played,
  };
}

/** A gamma as the file keeps it: five significant digits. */
function rounded(gamma: number): number {
  return Number(gamma.toPrecision(5));
}

function keyed(keys: readonly number[], gammas: Float64Array, otherAt: number, firstKeyAt: number): KeyedGammas {
  return {
    other: rounded(gammas[otherAt] as number),
    keys: [...keys],
    gammas: keys.map((_, i) => rounded(gammas[firstKeyAt + i] as number)),
  };
}

/** A fitted table, with what it was fitted on and how well it fits. */
export interface TrainedPrior {
  readonly data: PriorTableData;
  readonly positions: number;
  readonly features: number;
  readonly meanLogLikelihood: number;
}

/** Fits a table to the games (already read); deterministic: the same games and options give the same table. */
export function trainPrior(
  games: readonly SgfPosition[],
  options: TrainOptions,
  onProgress?: (p: TrainProgress) => void,
): TrainedPrior {
  const samples = collectSamples(games, options, (done, total) => onProgress?.({ stage: 'features', done, total }));
  if (samples.played.length === 0)
    throw new Error(
      options.player === undefined
        ? 'the games hold no position to learn from'
        : `the games hold no move to learn from by a player whose name holds "${options.player}"`,
    );
  const fitted = (h: number) => options.groups === undefined || options.groups.has(GROUPS[h] as GroupName);
  const dictionary = dictionaryOf(samples, options.minCount, fitted);
  const competitions = competitionsOf(samples, dictionary, fitted);
  let meanLogLikelihood = Number.NaN;
  const gammas = fitGammas(competitions, {
    iterations: options.iterations,
    priorGames: options.priorGames,
    ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }),
    onIteration: (iteration, mean) => {
      meanLogLikelihood = mean;
      onProgress?.({ stage: 'fit', iteration, iterations: options.iterations, meanLogLikelihood: mean });
    },
  });
  const at = (h: number) => dictionary.groupStart[h] as number;
  // A group left out keeps gamma 1 everywhere.
  for (let h = 0; h < GROUP_COUNT; h++) if (!fitted(h)) gammas.fill(1, at(h), at(h + 1));
  const list = (h: number, length: number) => Array.from(gammas.subarray(at(h), at(h) + length), rounded);
  const data: PriorTableData = {
    format: PRIOR_FORMAT,
    version: PRIOR_VERSION,
    game: 'hex',
    training: {
      games: games.length,
      positions: samples.played.length,
      sizes: [...new Set(games.map((g) => g.geometry.size as number))].sort((a, b) => a - b),
      seed: options.seed,
      iterations: options.iterations,
      minCount: options.minCount,
      fromMove: options.fromMove,
      priorGames: options.priorGames,
      groups: GROUPS.filter((_, h) => fitted(h)),
      ...(options.player === undefined ? {} : { player: options.player }),
    },
    pattern12: keyed(dictionary.pattern12, gammas, at(0), at(0) + 1),
    pattern6: keyed(dictionary.pattern6, gammas, at(1), at(1) + 1),
    local: { ...keyed(dictionary.local, gammas, at(2) + 1, at(2) + 2), far: rounded(gammas[at(2)] as number) },
    relation: list(3, RELATION_VALUES),
    save: list(4, SAVE_VALUES),
    carrier: list(5, CARRIER_VALUES),
    template: list(6, TEMPLATE_VALUES),
    distance: list(7, DISTANCE_BUCKETS),
  };
  return { data, positions: samples.played.length, features: competitions.featureCount, meanLogLikelihood };
}
