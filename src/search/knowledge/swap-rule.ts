/**
 * The swap rule's two decisions in Hex: whether to swap, and what to open
 * with when the opponent may.
 *
 * Swapping the opponent's first stone leaves them to move against our
 * stone: by the board's symmetry across its long diagonal with the colours
 * exchanged, the very position we face now. So if our best stone reply is
 * worth v to us, the swap is worth 1 − v, and we swap when v < ½. The tree
 * searches the stone replies alone and the swap is decided from their value
 * (a swap node of its own got almost none of the search, and at small
 * budgets was never chosen).
 *
 * So an opening after which the opponent's best reply is worth v to them
 * is worth min(1 − v, v) to us. The best first move is the one nearest an even
 * game, not the strongest; a search for the strongest opens in the centre,
 * which any opponent that swaps takes, and keeps.
 *
 * v is what a search of the position after the opening finds for the
 * opponent's best stone reply (no swap in it: the swap is what min() stands
 * for), so the choice weighs each opening as the engine itself would when
 * deciding to swap it. A playout's random fill alone gives the side with the
 * extra stone the game, whatever its worth, and has no notion of whose move
 * it is; a search of the replies does. A half turn of the board maps every
 * Hex position to one of the same value (each side keeps its edges), so
 * only one cell of each such pair is searched.
 *
 * The budget is spent in stages of equal size (successive halving, by
 * quarters): every opening is searched in the first, and each later stage
 * searches the quarter of the openings nearest an even game, each with
 * more playouts.
 * Openings are compared only within a stage, where all had the same budget:
 * a longer search finds the side to move a little more (Hex 9 after e5,
 * white's best reply: 0.45 at 10⁵ playouts, 0.48 at 2·10⁶).
 */
import { GameKind, type CellIndex, type Geometry } from '../../game/geometry.js';
import { Position } from '../../game/position.js';

/** Whether to swap, at the second move, when our best stone reply is worth `bestReply` to us: below ½ plus `margin`. */
export function swapFromReplies(bestReply: number, margin = 0): boolean {
  return bestReply < 0.5 + margin;
}

/**
 * Whether to swap the opening stone on `cell` for being at least `rows` rows
 * from every edge of the Hex board (never with `rows` 0, or on Y): such a
 * stone leaves its owner a clear lead in strong play, while the playouts'
 * fills value every stone alike; the search decides the rest.
 */
export function swapsInner(g: Geometry, cell: CellIndex, rows: number): boolean {
  return g.game === GameKind.Hex && rows > 0 && rowsFromEdge(g, cell) >= rows;
}

/** Whether `cell` is on the outer ring of the Hex board of `g` (never on Y): the cells beside an edge. */
export function onOuterRing(g: Geometry, cell: CellIndex): boolean {
  return g.game === GameKind.Hex && rowsFromEdge(g, cell) === 0;
}

/** The rows between `cell` and the nearest edge of the (square) Hex board of `g`: 0 on the outer ring. */
function rowsFromEdge(g: Geometry, cell: CellIndex): number {
  const row = g.row[cell] as number;
  const col = g.col[cell] as number;
  return Math.min(row, col, g.size - 1 - row, g.size - 1 - col);
}

/** Whether `position` is the first move of a Hex game under the swap rule, which chooseSwapOpening decides. */
export function opensUnderSwap(position: Position): boolean {
  return position.geometry.game === GameKind.Hex && position.swapAllowed && position.moveCount === 0;
}

/** The cell a half turn of the Hex board puts on `cell`. */
export function halfTurn(g: Geometry, cell: CellIndex): CellIndex {
  return g.cellCount - 1 - cell;
}

/** A search's limits for one opening: its share of the move's playouts and milliseconds, those the move has. */
export interface ReplyLimit {
  readonly playouts?: number;
  readonly timeMs?: number;
}

/**
 * Searches `after` (the opening played, no swap to come; the opponent to
 * move) and gives the opponent's best reply's win rate and the playouts spent.
 * `index` tells the searches apart (their seeds).
 */
export type ReplySearch = (
  after: Position,
  limit: ReplyLimit,
  index: number,
) => Promise<{ readonly winRate: number; readonly playouts: number }>;

export interface OpeningStat {
  readonly move: CellIndex;
  /** The playouts of the last search of this opening. */
  readonly playouts: number;
  /** The stage of that search (1 is the first, with every opening). */
  readonly stage: number;
  /** What the opening is worth to us with the swap to come: min(1 − v, v). */
  readonly value: number;
}

export interface OpeningChoice {
  readonly move: CellIndex;
  readonly value: number;
  /** Playouts of every search. */
  readonly playouts: number;
  readonly stages: number;
  /** Searches made, one an opening a stage. */
  readonly searches: number;
  /** Each opening's last figures, the latest stage first, each stage's best first. */
  readonly openings: readonly OpeningStat[];
}

export interface OpeningLimits {
  /** The playouts of every search together (each meets its share within a leaf's K, as a search meets its limit); */
  readonly playouts?: number;
  /** the time of all of them, not passed by more than one search (a stage may be cut short). One of the two at least must be given. */
  readonly timeMs?: number;
  readonly signal?: AbortSignal;
  /** After each opening's search. */
  readonly onProgress?: (progress: {
    readonly playouts: number;
    readonly searches: number;
    readonly elapsedMs: number;
    readonly openings: readonly OpeningStat[];
  }) => void;
}

/** Stages at most: the openings in contention are a quarter of the stage before's. */
const STAGES = 3;
const KEPT_PER_STAGE = 1 / 4;

function ordered(stats: Iterable<OpeningStat>): OpeningStat[] {
  return [...stats].sort((a, b) => b.stage - a.stage || b.value - a.value || a.move - b.move);
}

/**
 * The cells in bit-reversed order of their index (van der Corput's
 * sequence): any first part of the order is spread evenly over the board,
 * so a first stage cut short by the time has looked all over it, not at its
 * first rows.
 */
export function spread(cells: readonly CellIndex[]): CellIndex[] {
  const bits = Math.ceil(Math.log2(Math.max(cells.length, 1)));
  const order: CellIndex[] = [];
  for (let k = 0; k < 2 ** bits; k++) {
    let reversed = 0;
    for (let b = 0; b < bits; b++) reversed |= ((k >> b) & 1) << (bits - 1 - b);
    if (reversed < cells.length) order.push(cells[reversed] as CellIndex);
  }
  return order;
}

/**
 * The first move of `position` (the empty board of a Hex game with the swap
 * rule) for its side to move. Deterministic for the searches' seeds under a
 * playout limit. Either cell of the chosen pair is played, by `parity`, so
 * that games differ. Only the pairs whose cells `open` allows are weighed
 * (a cell the engine itself would swap at once is one to expect swapped),
 * unless it allows none; it must treat a cell and its half turn alike.
 */
export async function chooseSwapOpening(
  position: Position,
  searchReplies: ReplySearch,
  limits: OpeningLimits,
  parity = 0,
  open: (cell: CellIndex) => boolean = () => true,
): Promise<OpeningChoice> {
  if (!opensUnderSwap(position))
    throw new Error('chooseSwapOpening needs the empty board of a Hex game with the swap rule');
  if (limits.playouts === undefined && limits.timeMs === undefined)
    throw new Error('chooseSwapOpening needs a playout or a time limit');
  const g = position.geometry;
  if (g.cellCount === 1) return { move: 0, value: 1, playouts: 0, stages: 0, searches: 0, openings: [] }; // the stone wins: no swap can follow
  const start = performance.now();
  // Out of time (a large board, whose searches cannot be as short as their share): the openings
  // searched so far are compared, those of the last stage reached first.
  const timeUp = () => limits.timeMs !== undefined && performance.now() - start >= limits.timeMs;
  const pairs: CellIndex[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) if (halfTurn(g, cell) >= cell) pairs.push(cell);
  const allowed = pairs.filter(open);
  let contenders = spread(allowed.length > 0 ? allowed : pairs);
  const stats = new Map<CellIndex, OpeningStat>();
  let spent = 0;
  let searches = 0;
  let stage = 0;
  while (stage < STAGES && (stage === 0 || contenders.length > 1)) {
    stage++;
    const limit: ReplyLimit = {
      ...(limits.playouts === undefined
        ? {}
        : { playouts: Math.max(1, Math.floor(limits.playouts / STAGES / contenders.length)) }),
      ...(limits.timeMs === undefined ? {} : { timeMs: limits.timeMs / STAGES / contenders.length }),
    };
    for (const move of contenders) {
      limits.signal?.throwIfAborted();
      const after = new Position(g, { swap: false });
      after.play(move);
      const reply = await searchReplies(after, limit, searches++);
      spent += reply.playouts;
      stats.set(move, { move, playouts: reply.playouts, stage, value: Math.min(reply.winRate, 1 - reply.winRate) });
      limits.onProgress?.({
        playouts: spent,
        searches,
        elapsedMs: performance.now() - start,
        openings: ordered(stats.values()),
      });
      if (timeUp()) break;
    }
    if (timeUp()) break;
    const kept = Math.max(1, Math.ceil(contenders.length * KEPT_PER_STAGE));
    contenders = ordered(contenders.map((m) => stats.get(m) as OpeningStat))
      .slice(0, kept)
      .map((s) => s.move);
  }
  const openings = ordered(stats.values());
  const best = openings[0] as OpeningStat;
  return {
    move: parity % 2 === 0 ? best.move : halfTurn(g, best.move),
    value: best.value,
    playouts: spent,
    stages: stage,
    searches,
    openings,
  };
}
