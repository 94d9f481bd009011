/**
 * A game in progress: stones, side to move, move history with undo, legal
 * moves, the swap (pie) rule for Hex, and the winner so far (kept by an
 * incremental union-find, so each move costs near-constant time).
 */
import { Color, type Player, type Winner, colorName, opponent } from './color.js';
import { parseBoardText, formatBoardText } from './board-text.js';
import { UnionFindConnections } from './connections.js';
import { type CellIndex, type Cells, GameKind, type Geometry, geometryOf, mirrorCell } from './geometry.js';
import { cellName } from './notation.js';

/**
 * The swap move (HexGui's swap-pieces), played here as the mirrored game:
 * black's first stone becomes white's on the cell across the long diagonal
 * and black moves, so that each player keeps its colour. HTP and SGF speak
 * HexGui's view instead; swap-view.ts converts.
 */
export const SWAP = -1;
/** A move: a cell, or the swap. */
export type Move = CellIndex | typeof SWAP;

/** How a game is played: with or without the swap rule. */
export interface PositionOptions {
  /** Allow the swap rule (Hex only). Default true for Hex. */
  readonly swap?: boolean;
}

interface HistoryEntry {
  readonly move: Move;
  readonly player: Player;
  /** For a swap: the cell black had played. */
  readonly swappedFrom?: CellIndex;
}

/** A game of Hex or Y being played: the board, the side to move (black first), the moves with undo, and the winner so far. */
export class Position {
  readonly geometry: Geometry;
  readonly swapAllowed: boolean;
  private readonly board: Cells;
  private mover: Player = Color.Black;
  private readonly history: HistoryEntry[] = [];
  private readonly connection: UnionFindConnections;

  constructor(geometry: Geometry, options: PositionOptions = {}) {
    this.geometry = geometry;
    this.swapAllowed = geometry.game === GameKind.Hex && (options.swap ?? true);
    this.board = new Uint8Array(geometry.cellCount);
    this.connection = new UnionFindConnections(geometry, true);
  }

  /** The empty board of `game` and `size`, black to move. */
  static empty(game: GameKind, size: number, options: PositionOptions = {}): Position {
    return new Position(geometryOf(game, size), options);
  }

  /**
   * A position from board text. Without `toMove`, the side to move follows
   * from the stone counts: black when they are equal (or white is one ahead,
   * as after a swap), white when black is one ahead.
   */
  static fromText(game: GameKind, size: number, text: string, toMove?: Player): Position {
    const g = geometryOf(game, size);
    const cells = parseBoardText(g, text);
    let black = 0;
    let white = 0;
    for (const v of cells) {
      if (v === Color.Black) black++;
      else if (v === Color.White) white++;
    }
    let mover = toMove;
    if (mover === undefined) {
      if (black === white || white === black + 1) mover = Color.Black;
      else if (black === white + 1) mover = Color.White;
      else throw new Error(`cannot tell the side to move from ${black} black and ${white} white stones; name it`);
    }
    const p = new Position(g, { swap: false });
    p.board.set(cells);
    p.mover = mover;
    p.rebuildConnection();
    return p;
  }

  get toMove(): Player {
    return this.mover;
  }

  /** A copy of the cells (row-major Colors). */
  cells(): Cells {
    return this.board.slice();
  }

  /**
   * The cells themselves, not a copy: for a hot loop that only reads them
   * (the search asks at every new node, where a copy was a tenth of its
   * time). They change with the next move.
   */
  peekCells(): Readonly<Cells> {
    return this.board;
  }

  /** What is on `cell`: a stone's colour, or Color.Empty. */
  at(cell: CellIndex): Color {
    return this.board[cell] as Color;
  }

  get moveCount(): number {
    return this.history.length;
  }

  /** The player who has joined its sides, or Color.Empty while nobody has. */
  winner(): Winner {
    return this.connection.winner();
  }

  /** Someone has won. */
  isOver(): boolean {
    return this.winner() !== Color.Empty;
  }

  /** The swap is legal now: the second move of a Hex game with the swap rule. */
  canSwap(): boolean {
    return this.swapAllowed && this.history.length === 1 && this.history[0]?.move !== SWAP && !this.isOver();
  }

  /** The empty cells, and the swap where it is legal; none once the game is over. */
  legalMoves(): Move[] {
    if (this.isOver()) return [];
    const board = this.board;
    const swap = this.canSwap();
    // Made at its length: grown a push at a time, it left twice its size as garbage (the search asks at every node it expands).
    let count = swap ? 1 : 0;
    for (let i = 0; i < board.length; i++) if (board[i] === Color.Empty) count++;
    const moves = new Array<Move>(count);
    let at = 0;
    for (let i = 0; i < board.length; i++) if (board[i] === Color.Empty) moves[at++] = i;
    if (swap) moves[at] = SWAP;
    return moves;
  }

  /** Plays `move` for the side to move; throws, changing nothing, when it is illegal. */
  play(move: Move): void {
    if (this.isOver()) throw new Error(`the game is over: ${colorName(this.winner())} has won`);
    const player = this.mover;
    if (move === SWAP) {
      if (!this.canSwap()) throw new Error('swap is only legal as the second move of a Hex game with the swap rule');
      const from = this.history[0]?.move as CellIndex;
      const g = this.geometry;
      const to = mirrorCell(g, from);
      this.board[from] = Color.Empty;
      this.board[to] = Color.White;
      this.history.push({ move, player, swappedFrom: from });
      this.rebuildConnection();
    } else {
      if (!Number.isInteger(move) || move < 0 || move >= this.board.length) {
        throw new Error(`move ${move} is off the board`);
      }
      if (this.board[move] !== Color.Empty) {
        throw new Error(`${cellName(this.geometry, move)} is already taken by ${colorName(this.board[move] as Color)}`);
      }
      this.board[move] = player;
      this.history.push({ move, player });
      this.connection.play(move, player);
    }
    this.mover = opponent(player);
  }

  /** Takes the last move back; throws when there is none. */
  undo(): void {
    const last = this.history.pop();
    if (!last) throw new Error('there is no move to undo');
    if (last.move === SWAP) {
      const g = this.geometry;
      const from = last.swappedFrom as CellIndex;
      this.board[mirrorCell(g, from)] = Color.Empty;
      this.board[from] = Color.Black;
    } else {
      this.board[last.move] = Color.Empty;
    }
    this.mover = last.player;
    this.rebuildConnection();
  }

  /** Becomes a copy of `other`, a position of the same board, without allocating (the search walks the tree on one Position). */
  resetTo(other: Position): void {
    if (other.geometry !== this.geometry || other.swapAllowed !== this.swapAllowed)
      throw new Error('resetTo needs a position of the same board and swap rule');
    this.board.set(other.board);
    this.mover = other.mover;
    this.history.length = 0;
    for (const entry of other.history) this.history.push(entry);
    this.connection.copyFrom(other.connection);
  }

  /** An independent copy, history included. */
  clone(): Position {
    const p = new Position(this.geometry, { swap: this.swapAllowed });
    p.board.set(this.board);
    p.mover = this.mover;
    p.history.push(...this.history);
    p.connection.copyFrom(this.connection);
    return p;
  }

  /** The board as board text, one line per row when `rows`. */
  toText(rows = false): string {
    return formatBoardText(this.geometry, this.board, rows);
  }

  /** Union-find cannot unlink stones, so an undo or swap replays the board. */
  private rebuildConnection(): void {
    this.connection.reset();
    for (let i = 0; i < this.board.length; i++) {
      const v = this.board[i] as Color;
      if (v !== Color.Empty) this.connection.play(i, v);
    }
  }
}
