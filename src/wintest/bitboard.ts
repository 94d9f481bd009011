/**
 * Row bitboards shared by the flood-fill and component-labelling tests: one
 * u32 word per board row, bit c for column c, so that a neighbour in the same
 * row is a one-bit shift and a neighbour in the next row is the next word.
 * Both games use Hex adjacency: cell (r, c) touches (r, c±1), (r−1, c),
 * (r−1, c+1), (r+1, c) and (r+1, c−1).
 *
 * Y is the triangular part of a Hex board: Y cell (r, c) goes to bit
 * c + N − 1 − r, which turns Y's neighbours (r−1, c−1), (r−1, c), (r+1, c)
 * and (r+1, c+1) into exactly those Hex steps. Row r then holds bits
 * N−1−r … N−1: Y's left side is the lowest bit of each row, its right side is
 * bit N−1 of every row, and its bottom is the last row.
 *
 * Rows are stored with one empty row before and after the board (see
 * ROW_PAD), so that the rows above and below always exist.
 */
import { Color, type Player, type Winner } from '../game/color.js';
import { type Cells, GameKind, type Geometry } from '../game/geometry.js';
import type { BoardWinTest, PreparedBatch } from './method.js';

/** Empty rows stored before the first board row (and after the last). */
export const ROW_PAD = 1;

export interface RowLayout {
  readonly game: GameKind;
  readonly size: number;
  /** Board rows; stored rows are ROW_PAD … rows. */
  readonly rows: number;
  /** Words one board takes: the rows and the two empty pad rows. */
  readonly words: number;
  /** Bits of the cells of each stored row (0 on pad rows). */
  readonly rowMask: Int32Array;
  /** Stored row and bit of each cell, in board order. */
  readonly cellRow: Int32Array;
  readonly cellBit: Int32Array;
  /** Per stored row, the bit of its first cell (Hex: column a; Y: the left side) and of its last. */
  readonly leftEdge: Int32Array;
  readonly rightEdge: Int32Array;
  /**
   * The sides each player must join, as per-row masks of the cells on that
   * side (indexed by stored row). Hex: two sides per player; Y: the same
   * three sides for both.
   */
  readonly sides: Readonly<Record<Color.Black | Color.White, readonly Int32Array[]>>;
}

/** A mask per stored row, from a mask per board row (pad rows stay 0). */
function rowsMask(rows: number, maskOf: (r: number) => number): Int32Array {
  const m = new Int32Array(rows + 2 * ROW_PAD);
  for (let r = 0; r < rows; r++) m[r + ROW_PAD] = maskOf(r);
  return m;
}

/** Bits lo … hi set (0 ≤ lo ≤ hi ≤ 31). */
function bitRange(lo: number, hi: number): number {
  return ((hi === 31 ? -1 : (1 << (hi + 1)) - 1) & ~((1 << lo) - 1)) | 0;
}

export function rowLayoutOf(g: Geometry): RowLayout {
  const n = g.size as number;
  const isHex = g.game === GameKind.Hex;
  const firstBit = (r: number): number => (isHex ? 0 : n - 1 - r);
  const rowMask = rowsMask(n, (r) => bitRange(firstBit(r), n - 1));
  const cellRow = new Int32Array(g.cellCount);
  const cellBit = new Int32Array(g.cellCount);
  for (let i = 0; i < g.cellCount; i++) {
    const r = g.row[i] as number;
    cellRow[i] = r + ROW_PAD;
    cellBit[i] = (g.col[i] as number) + firstBit(r);
  }
  const firstRow = rowsMask(n, (r) => (r === 0 ? (rowMask[r + ROW_PAD] as number) : 0));
  const lastRow = rowsMask(n, (r) => (r === n - 1 ? (rowMask[r + ROW_PAD] as number) : 0));
  const leftEdge = rowsMask(n, (r) => 1 << firstBit(r));
  const rightEdge = rowsMask(n, () => 1 << (n - 1));
  const sides = isHex
    ? { [Color.Black]: [firstRow, lastRow], [Color.White]: [leftEdge, rightEdge] }
    : { [Color.Black]: [leftEdge, rightEdge, lastRow], [Color.White]: [leftEdge, rightEdge, lastRow] };
  return {
    game: g.game,
    size: n,
    rows: n,
    words: n + 2 * ROW_PAD,
    rowMask,
    cellRow,
    cellBit,
    leftEdge,
    rightEdge,
    sides,
  };
}

/**
 * Writes a board's black and white rows at black[base…] and white[base…]
 * (layout.words each, pad rows included). Returns whether the board is full.
 */
export function splitRows(
  layout: RowLayout,
  cells: Cells,
  black: Int32Array,
  white: Int32Array,
  base: number,
): boolean {
  if (cells.length !== layout.cellRow.length) {
    throw new Error(`a board needs ${layout.cellRow.length} cells, not ${cells.length}`);
  }
  black.fill(0, base, base + layout.words);
  white.fill(0, base, base + layout.words);
  let full = true;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    const r = base + (layout.cellRow[i] as number);
    const bit = 1 << (layout.cellBit[i] as number);
    if (v === Color.Black) black[r] = (black[r] as number) | bit;
    else if (v === Color.White) white[r] = (white[r] as number) | bit;
    else full = false;
  }
  return full;
}

/**
 * A win test on row bitboards: subclasses say whether one player's stones
 * win; this class splits boards into rows, decides black then white, and
 * prepares batches (rows split once, so a batch times the test alone).
 */
export abstract class RowBoardTest implements BoardWinTest {
  protected readonly layout: RowLayout;
  private readonly black: Int32Array;
  private readonly white: Int32Array;

  constructor(g: Geometry) {
    this.layout = rowLayoutOf(g);
    this.black = new Int32Array(this.layout.words);
    this.white = new Int32Array(this.layout.words);
  }

  /** Whether `player`'s stones, the rows at stones[base…], join that player's sides. */
  protected abstract wins(stones: Int32Array, base: number, player: Player): boolean;

  private decide(black: Int32Array, white: Int32Array, base: number, full: boolean): Winner {
    if (this.wins(black, base, Color.Black)) return Color.Black;
    // A full board always has exactly one winner.
    if (full || this.wins(white, base, Color.White)) return Color.White;
    return Color.Empty;
  }

  winner(cells: Cells): Winner {
    const full = splitRows(this.layout, cells, this.black, this.white, 0);
    return this.decide(this.black, this.white, 0, full);
  }

  prepare(boards: readonly Cells[]): PreparedBatch {
    const { words } = this.layout;
    const count = boards.length;
    const black = new Int32Array(count * words);
    const white = new Int32Array(count * words);
    const full = new Uint8Array(count);
    for (let k = 0; k < count; k++)
      full[k] = splitRows(this.layout, boards[k] as Cells, black, white, k * words) ? 1 : 0;
    return {
      count,
      decideAll: (out) => {
        for (let k = 0; k < count; k++) out[k] = this.decide(black, white, k * words, full[k] === 1);
      },
    };
  }
}
