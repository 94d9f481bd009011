/**
 * The BPR paper's measurement (Browne & Tavener 2012, Tables 2 and 3), done
 * the paper's way: a trial is a random playout with win testing minus the
 * same random playout without it, halted at the same move, so the figure is
 * the time spent testing. A set is `trials` trials; the result is the mean
 * over sets of milliseconds per 10,000 trials, with a 95% interval.
 *
 * - Per game (Table 2): the playout fills the whole board (a byte a cell),
 *   then one test decides it, reading it into its own form (BPR's column
 *   words, say) as part of the test. A method that decides batches
 *   natively (bit-sliced) is given 32 boards at a time, as it is used.
 * - Per move (Table 3): a test after every move, stopping at the first win.
 *   Incremental methods (union-find, BPR+) are told each stone; the others
 *   decide the whole board again after each move.
 *
 * A random playout is a uniformly shuffled order of the cells (Fisher–Yates
 * from a xorshift32 stream), black first, then alternating colours, as a
 * playout from the empty board in the paper.
 */
import { Color, type Player } from '../game/color.js';
import { type GameKind, type Geometry, geometryOf } from '../game/geometry.js';
import type { WinTestMethod } from '../wintest/method.js';
import { methodByName } from '../wintest/registry.js';

export enum PaperTable {
  PerGame = 'per-game',
  PerMove = 'per-move',
}

export interface PaperTrialRequest {
  readonly table: PaperTable;
  readonly game: GameKind;
  readonly size: number;
  readonly method: string;
  readonly sets: number;
  readonly trialsPerSet: number;
  /** Untimed sets first, so that the JIT has settled. */
  readonly warmupSets: number;
  readonly seed: number;
}

export interface PaperTrialResult {
  /** Mean over sets of the test's milliseconds per 10,000 trials. */
  readonly msPer10k: number;
  /** Half-width of the 95% interval of that mean (normal approximation). */
  readonly ci95: number;
  readonly sets: number;
  readonly trialsPerSet: number;
  /** Per move: the mean number of moves a playout ran before someone won. */
  readonly meanMoves: number;
}

const BATCH = 32;

/** A xorshift32 stream: cheap, so that it weighs little in either half of a trial. */
class Shuffler {
  private state: number;
  constructor(seed: number) {
    this.state = seed | 1;
  }
  /** Puts the cells 0 … order.length − 1 in a uniformly random order. */
  shuffle(order: Int32Array): void {
    for (let i = 0; i < order.length; i++) order[i] = i;
    let s = this.state;
    for (let i = order.length - 1; i > 0; i--) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      // Multiply-shift keeps the pick below i + 1 without a division.
      const j = Math.floor(((s >>> 0) / 4294967296) * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    this.state = s;
  }
}

/**
 * Milliseconds for one per-game set: `trials` full playouts, each decided
 * once (or not, without a method). A method that decides batches natively
 * gets 32 boards at a time; the others each board as it is filled.
 */
function perGameSet(g: Geometry, method: WinTestMethod | null, trials: number, seed: number): number {
  const test = method?.create(g) ?? null;
  const batched = method?.supports.batches === true;
  const shuffler = new Shuffler(seed);
  const order = new Int32Array(g.cellCount);
  const boards = Array.from({ length: BATCH }, () => new Uint8Array(g.cellCount));
  const out = new Uint8Array(BATCH);
  const start = performance.now();
  for (let t = 0; t < trials; t += BATCH) {
    const n = Math.min(BATCH, trials - t);
    for (let b = 0; b < n; b++) {
      const board = boards[b] as Uint8Array;
      shuffler.shuffle(order);
      for (let k = 0; k < order.length; k++) board[order[k] as number] = (k & 1) === 0 ? Color.Black : Color.White;
      if (test && !batched) out[b] = test.winner(board);
    }
    if (test && batched) test.prepare(n === BATCH ? boards : boards.slice(0, n)).decideAll(out);
  }
  return performance.now() - start;
}

/**
 * Milliseconds for one per-move set. With a method it records in `stops`
 * the move at which each playout was won; without one it replays the same
 * playouts (same seed) up to those moves.
 */
function perMoveSet(g: Geometry, method: WinTestMethod | null, trials: number, seed: number, stops: Int32Array): number {
  const incremental = method?.createIncremental?.(g) ?? null;
  const whole = method && !incremental ? method.create(g) : null;
  const shuffler = new Shuffler(seed);
  const order = new Int32Array(g.cellCount);
  const board = new Uint8Array(g.cellCount);
  const start = performance.now();
  for (let t = 0; t < trials; t++) {
    shuffler.shuffle(order);
    board.fill(Color.Empty);
    incremental?.reset();
    const last = method ? order.length - 1 : (stops[t] as number);
    for (let k = 0; k <= last; k++) {
      const cell = order[k] as number;
      const colour: Player = (k & 1) === 0 ? Color.Black : Color.White;
      board[cell] = colour;
      if (incremental) {
        incremental.play(cell, colour);
        if (incremental.winner() !== Color.Empty) {
          stops[t] = k;
          break;
        }
      } else if (whole && whole.winner(board) !== Color.Empty) {
        stops[t] = k;
        break;
      }
    }
  }
  return performance.now() - start;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Runs the sets and returns the figure for one cell of a table. */
export function measurePaperCell(request: PaperTrialRequest): PaperTrialResult {
  const g = geometryOf(request.game, request.size);
  const method = methodByName(request.method);
  const trials = request.trialsPerSet;
  const stops = new Int32Array(trials);
  const perSet: number[] = [];
  let moves = 0;
  for (let set = 0; set < request.warmupSets + request.sets; set++) {
    const seed = request.seed + set;
    let testing: number;
    if (request.table === PaperTable.PerGame) {
      const without = perGameSet(g, null, trials, seed);
      testing = perGameSet(g, method, trials, seed) - without;
    } else {
      const withTest = perMoveSet(g, method, trials, seed, stops);
      testing = withTest - perMoveSet(g, null, trials, seed, stops);
      if (set >= request.warmupSets) for (let t = 0; t < trials; t++) moves += (stops[t] as number) + 1;
    }
    if (set >= request.warmupSets) perSet.push((testing * 10_000) / trials);
  }
  const m = mean(perSet);
  const variance = perSet.length > 1 ? perSet.reduce((a, x) => a + (x - m) ** 2, 0) / (perSet.length - 1) : 0;
  return {
    msPer10k: m,
    ci95: 1.96 * Math.sqrt(variance / perSet.length),
    sets: perSet.length,
    trialsPerSet: trials,
    meanMoves: request.table === PaperTable.PerMove ? moves / (perSet.length * trials) : g.cellCount,
  };
}
