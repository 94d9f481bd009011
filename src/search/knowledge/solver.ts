/**
 * An exact solver for positions with few empty cells (Hex up to 4×4 from
 * empty, Y up to about 6, or a late position on any board): negamax over
 * win/loss (neither game has draws) with a transposition table keyed by the
 * cells that were empty at the start and the side to move. It is the oracle
 * the search's tests use.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../../game/geometry.js';
import type { Position } from '../../game/position.js';
import { stoneWins } from './connect.js';
import { connectingMoves, mustPlay } from './tactics.js';
import { virtualWinner } from './virtual-connection.js';

/** More empty cells than this make base-3 keys inexact (3³³ · 2 > 2⁵³) and the solve hopeless anyway. */
export const SOLVER_EMPTY_CAPACITY = 32;

export interface Solution {
  /** The side to move. */
  readonly toMove: Player;
  /** Whether the side to move wins with best play. */
  readonly wins: boolean;
  /** Every move that keeps a win for the side to move (empty when it loses). */
  readonly winningMoves: readonly CellIndex[];
  /** Positions solved (distinct table entries). */
  readonly nodes: number;
}

/**
 * The most positions one table holds: a JavaScript Map stops at 2²⁴ entries
 * (V8 throws a bare RangeError past it), so a search gives up here instead.
 */
export const SOLVER_TABLE_LIMIT = 2 ** 24 - 1;

/** Thrown inside a search that has used up its positions. */
class OutOfBudget extends Error {}

class Negamax {
  private readonly table = new Map<number, boolean>();
  private readonly seen: Uint8Array;
  /** Cells nearest the centre first: strong moves there cut the search sooner. */
  private readonly order: CellIndex[];
  /** The most positions to solve before giving up: the caller's budget, within SOLVER_TABLE_LIMIT. */
  private readonly budget: number;
  /** The cells empty at the start, in index order: only they can change, so only they make the key. */
  private readonly open: CellIndex[];

  constructor(
    private readonly g: Geometry,
    private readonly cells: Cells,
    /** The most positions to solve before giving up. */
    budget = Number.POSITIVE_INFINITY,
    /**
     * Whether a position that either side has joined by virtual connections
     * is decided at once (virtual-connection.ts, itself tested against this
     * solver without them): exact either way, and far fewer positions late
     * in a game.
     */
    private readonly connections = false,
    /**
     * Whether a quiet position with a move that joins the side to move by
     * virtual connections is won at once, and otherwise its moves are only
     * those of its must-play region (tactics.ts, likewise tested): exact either way.
     */
    private readonly mustPlay = false,
  ) {
    // Past the budget the table grows by one entry before the search stops.
    this.budget = Math.min(budget, SOLVER_TABLE_LIMIT - 1);
    this.seen = new Uint8Array(g.cellCount);
    const mid = (g.size - 1) / 2;
    const distance = (c: number) =>
      Math.abs((g.row[c] as number) - mid) +
      Math.abs((g.col[c] as number) - (g.game === GameKind.Hex ? mid : (g.row[c] as number) / 2));
    this.open = Array.from({ length: g.cellCount }, (_, i) => i).filter((c) => cells[c] === Color.Empty);
    this.order = [...this.open].sort((a, b) => distance(a) - distance(b));
  }

  get nodes(): number {
    return this.table.size;
  }

  private key(toMove: Player): number {
    let k = 0;
    for (const c of this.open) k = k * 3 + (this.cells[c] as number);
    return k * 2 + (toMove === Color.Black ? 0 : 1);
  }

  /** Whether `move` by `player` wins at once or leaves the opponent lost. */
  movesToWin(move: CellIndex, player: Player): boolean {
    this.cells[move] = player;
    const won = stoneWins(this.g, this.cells, move, player, this.seen) || !this.wins(opponent(player));
    this.cells[move] = Color.Empty;
    return won;
  }

  /** Whether the side to move wins; the position has no winner yet. */
  wins(toMove: Player): boolean {
    const key = this.key(toMove);
    const known = this.table.get(key);
    if (known !== undefined) return known;
    const result = this.decide(toMove);
    this.table.set(key, result);
    if (this.table.size > this.budget) throw new OutOfBudget();
    return result;
  }

  /**
   * Threats first: a move that wins at once wins; two cells that each win at
   * once for the opponent lose (one stone blocks one); one such cell must be
   * taken. Only a quiet position is searched move by move.
   */
  private decide(toMove: Player): boolean {
    const them = opponent(toMove);
    const connected = this.connections ? virtualWinner(this.g, this.cells, toMove) : null;
    if (connected !== null) return connected === toMove;
    let threat = -1;
    for (const move of this.order) {
      if (this.cells[move] !== Color.Empty) continue;
      if (stoneWins(this.g, this.cells, move, toMove, this.seen)) return true;
      if (stoneWins(this.g, this.cells, move, them, this.seen)) {
        if (threat >= 0) return false;
        threat = move;
      }
    }
    if (threat >= 0) return this.movesToWin(threat, toMove);
    // A move that joins the side to move by virtual connections wins; else,
    // outside the must-play region every move loses (tactics.ts), so only its moves need trying.
    if (this.mustPlay && connectingMoves(this.g, this.cells, toMove)?.length !== 0) return true;
    const must = this.mustPlay ? mustPlay(this.g, this.cells, toMove) : null;
    const allowed = must === null ? null : new Set(must);
    for (const move of this.order) {
      if (this.cells[move] === Color.Empty && (allowed === null || allowed.has(move)) && this.movesToWin(move, toMove))
        return true;
    }
    return false;
  }

  emptyCells(): CellIndex[] {
    return this.order.filter((c) => this.cells[c] === Color.Empty).sort((a, b) => a - b);
  }
}

/** Solves a position that is not yet won; throws when it is, has too many empty cells, or needs more than SOLVER_TABLE_LIMIT positions. */
export function solve(position: Position): Solution {
  const g = position.geometry;
  const empty = position.cells().reduce((n, v) => n + (v === Color.Empty ? 1 : 0), 0);
  if (empty > SOLVER_EMPTY_CAPACITY)
    throw new Error(`the solver takes at most ${SOLVER_EMPTY_CAPACITY} empty cells, not ${empty}`);
  if (position.isOver()) throw new Error('the game is already over');
  const toMove = position.toMove;
  const search = new Negamax(g, position.cells());
  try {
    const winningMoves = search.emptyCells().filter((m) => search.movesToWin(m, toMove));
    return { toMove, wins: winningMoves.length > 0, winningMoves, nodes: search.nodes };
  } catch (error) {
    if (error instanceof OutOfBudget)
      throw new Error(
        `the solver gave up: the position needs more than ${SOLVER_TABLE_LIMIT.toLocaleString('en-US')} positions in its table`,
      );
    throw error;
  }
}

export interface QuickSolution {
  /** Whether the side to move wins with best play. */
  readonly wins: boolean;
  /** A winning move, the first found (null when the side to move loses). */
  readonly move: CellIndex | null;
  /** Positions solved (distinct table entries). */
  readonly nodes: number;
}

/**
 * Solves a late position for play: stops at the first winning move (solve()
 * finds them all), and gives up (null) past `maxPositions` table entries, so
 * its cost is bounded (never past SOLVER_TABLE_LIMIT, whatever the budget);
 * null also when there are too many empty cells. With
 * `connections`, a position either side has joined by virtual connections
 * is decided without search below it; with `mustPlay`, only the moves of a
 * position's must-play region are searched.
 */
export function solveWithin(
  position: Position,
  maxPositions: number,
  options: { readonly connections?: boolean; readonly mustPlay?: boolean } = {},
): QuickSolution | null {
  const cells = position.cells();
  const empty = cells.reduce((n, v) => n + (v === Color.Empty ? 1 : 0), 0);
  if (empty > SOLVER_EMPTY_CAPACITY || position.isOver()) return null;
  const search = new Negamax(
    position.geometry,
    cells,
    maxPositions,
    options.connections === true,
    options.mustPlay === true,
  );
  try {
    for (const move of search.emptyCells())
      if (search.movesToWin(move, position.toMove)) return { wins: true, move, nodes: search.nodes };
    return { wins: false, move: null, nodes: search.nodes };
  } catch (error) {
    if (error instanceof OutOfBudget) return null;
    throw error;
  }
}
