/**
 * The paper's trials (Browne & Tavener 2012, §5): a random playout fills the
 * board one move at a time, the colours alternating from black. A trial is
 * that playout with win testing, timed, minus the same playout without it,
 * halted at the same move, so what is left is the time spent testing.
 * Per game, the full board is tested once; per move, the test runs after
 * every move and the playout stops at the first win.
 */
import { Color, type Winner } from '../game/color.js';
import { type GameKind, type Geometry, geometryOf } from '../game/geometry.js';
import { PlayoutStream, uniformBelow } from '../fill/counter-rng.js';
import type { WinTestMethod } from '../wintest/method.js';
import { methodByName } from '../wintest/registry.js';

/** Writes a uniformly random order of the cells into `order` (Fisher–Yates). */
function shuffle(order: Uint16Array, stream: PlayoutStream): void {
  for (let i = 0; i < order.length; i++) order[i] = i;
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformBelow(stream.word(), i + 1);
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
}

const colorOfMove = (k: number): Color.Black | Color.White => (k & 1 ? Color.White : Color.Black);

/**
 * One set: the milliseconds of `trials` playouts with testing and without,
 * and a check value the JIT cannot drop, which depends only on the playouts'
 * winners (per game) or halting moves (per move), so it is the same for
 * every correct method.
 */
export interface SetTiming {
  readonly withTestMs: number;
  readonly withoutTestMs: number;
  readonly sink: number;
}

export type TrialKind = 'per-game' | 'per-move';

/** The test run after a move (per move) or on the full board (per game). */
interface Tester {
  reset(board: Uint8Array): void;
  /** The board already holds the new stone. */
  afterMove(board: Uint8Array, cell: number, color: Color.Black | Color.White): Winner;
  full(board: Uint8Array): Winner;
}

function testerFor(method: WinTestMethod, g: Geometry, kind: TrialKind, incremental: boolean): Tester {
  const board = method.create(g);
  if (kind === 'per-move' && incremental) {
    if (!method.createIncremental) throw new Error(`${method.name} has no incremental form`);
    const inc = method.createIncremental(g);
    return {
      reset: () => inc.reset(),
      afterMove: (_b, cell, color) => {
        inc.play(cell, color);
        return inc.winner();
      },
      full: (b) => board.winner(b),
    };
  }
  return { reset: () => {}, afterMove: (b) => board.winner(b), full: (b) => board.winner(b) };
}

/**
 * Times one set of `trials` trials of `method`. `incremental` picks the
 * method's per-move form (UF, WQHUF, BPR+); otherwise each move's test
 * decides the whole board afresh (Path). Playout t of set s is named
 * (seed, s, t), so every method sees the same playouts. The loops with and
 * without testing have the same shape, so that their difference is the test.
 */
export function timeSet(
  method: WinTestMethod,
  g: Geometry,
  kind: TrialKind,
  incremental: boolean,
  trials: number,
  seed: number,
  set: number,
): SetTiming {
  const tester = testerFor(method, g, kind, incremental);
  const n = g.cellCount;
  const order = new Uint16Array(n);
  const board = new Uint8Array(n);
  const stopAt = new Uint16Array(trials).fill(n);
  let sink = 0;

  const t0 = performance.now();
  if (kind === 'per-game') {
    for (let t = 0; t < trials; t++) {
      shuffle(order, new PlayoutStream({ seed, position: set, playout: t }));
      for (let k = 0; k < n; k++) board[order[k] as number] = colorOfMove(k);
      sink += tester.full(board);
    }
  } else {
    for (let t = 0; t < trials; t++) {
      shuffle(order, new PlayoutStream({ seed, position: set, playout: t }));
      board.fill(Color.Empty);
      tester.reset(board);
      for (let k = 0; k < n; k++) {
        const cell = order[k] as number;
        const color = colorOfMove(k);
        board[cell] = color;
        if (tester.afterMove(board, cell, color) !== Color.Empty) {
          stopAt[t] = k + 1;
          break;
        }
      }
    }
  }
  const t1 = performance.now();
  for (let t = 0; t < trials; t++) {
    shuffle(order, new PlayoutStream({ seed, position: set, playout: t }));
    if (kind === 'per-move') board.fill(Color.Empty);
    const moves = stopAt[t] as number;
    for (let k = 0; k < moves; k++) board[order[k] as number] = colorOfMove(k);
    // The halting moves enter the check value too: every method must stop each playout at the same move.
    sink += (board[order[0] as number] as number) + moves;
  }
  const t2 = performance.now();
  return { withTestMs: t1 - t0, withoutTestMs: t2 - t1, sink };
}

/** One cell of the paper's tables, as a message a fresh worker can run. */
export interface PaperCellRequest {
  readonly kind: 'paper';
  readonly game: GameKind;
  readonly size: number;
  readonly method: string;
  readonly incremental: boolean;
  readonly trialKind: TrialKind;
  readonly sets: number;
  /** Trials per set at the least: more where a set would take less than `minSetMs`. */
  readonly trials: number;
  /** The least time of a set's playouts with testing. */
  readonly minSetMs: number;
  readonly seed: number;
  /** The first set's number (default 0): a queue hands out one set a job. */
  readonly firstSet?: number;
}

export interface PaperCellTiming {
  /** Per set, the test's milliseconds per 10,000 trials: with testing minus without, so noisy. */
  readonly perTenThousand: readonly number[];
  readonly trialsPerSet: number;
}

/**
 * Per set, the test's milliseconds per 10,000 trials. Untimed sets come
 * first, which warm the JIT and size the sets: a set of fewer than
 * `minSetMs` is grown until it lasts that long, since the difference of two
 * short timings is mostly noise (a quick run once printed BPR at -24.73 ms).
 */
export function measurePaperCell(request: PaperCellRequest): PaperCellTiming {
  const g = geometryOf(request.game, request.size);
  const method = methodByName(request.method);
  const run = (trials: number, set: number) =>
    timeSet(method, g, request.trialKind, request.incremental, trials, request.seed, set);
  const first = request.firstSet ?? 0;
  let trialsPerSet = request.trials;
  // The untimed sets play set number first + sets, which no timed set plays.
  for (
    let t = run(trialsPerSet, first + request.sets);
    t.withTestMs < request.minSetMs;
    t = run(trialsPerSet, first + request.sets)
  ) {
    trialsPerSet = Math.ceil(
      trialsPerSet * Math.min(10, (1.2 * request.minSetMs) / Math.max(t.withTestMs, request.minSetMs / 100)),
    );
  }
  const perTenThousand = Array.from({ length: request.sets }, (_, s) => {
    const t = run(trialsPerSet, first + s);
    return ((t.withTestMs - t.withoutTestMs) * 10_000) / trialsPerSet;
  });
  return { perTenThousand, trialsPerSet };
}
