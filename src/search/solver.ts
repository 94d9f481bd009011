/**
 * An exact solver for small boards (Hex up to 4×4, Y up to about 6): negamax
 * over win/loss (neither game has draws) with a transposition table keyed by
 * the cells and the side to move. It is the oracle the search's tests use.
 */
import { Color, type Player, opponent } from '../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../game/geometry.js';
import type { Position } from '../game/position.js';
import { stoneWins } from './connect.js';

/** More cells than this make base-3 keys inexact (3³³ · 2 > 2⁵³) and the solve hopeless anyway. */
export const MAX_SOLVER_CELLS = 32;

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

class Negamax {
  private readonly table = new Map<number, boolean>();
  private readonly seen: Uint8Array;
  /** Cells nearest the centre first: strong moves there cut the search sooner. */
  private readonly order: CellIndex[];

  constructor(
    private readonly g: Geometry,
    private readonly cells: Cells,
  ) {
    this.seen = new Uint8Array(g.cellCount);
    const mid = (g.size - 1) / 2;
    const distance = (c: number) => Math.abs((g.row[c] as number) - mid) + Math.abs((g.col[c] as number) - (g.game === GameKind.Hex ? mid : (g.row[c] as number) / 2));
    this.order = Array.from({ length: g.cellCount }, (_, i) => i).sort((a, b) => distance(a) - distance(b));
  }

  get nodes(): number {
    return this.table.size;
  }

  private key(toMove: Player): number {
    let k = 0;
    for (const v of this.cells) k = k * 3 + v;
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
    let result = false;
    for (const move of this.order) {
      if (this.cells[move] === Color.Empty && this.movesToWin(move, toMove)) {
        result = true;
        break;
      }
    }
    this.table.set(key, result);
    return result;
  }

  emptyCells(): CellIndex[] {
    return this.order.filter((c) => this.cells[c] === Color.Empty).sort((a, b) => a - b);
  }
}

/** Solves a position that is not yet won; throws when it is, or is too big. */
export function solve(position: Position): Solution {
  const g = position.geometry;
  if (g.cellCount > MAX_SOLVER_CELLS) throw new Error(`the solver takes at most ${MAX_SOLVER_CELLS} cells, not ${g.cellCount}`);
  if (position.isOver()) throw new Error('the game is already over');
  const toMove = position.toMove;
  const search = new Negamax(g, position.cells());
  const winningMoves = search.emptyCells().filter((m) => search.movesToWin(m, toMove));
  return { toMove, wins: winningMoves.length > 0, winningMoves, nodes: search.nodes };
}
