/**
 * Twin: shaders/floodfill.wgsl (the GPU kernel doing the same flood fill).
 *
 * Bitboard flood fill (Lew's bitwise BFS, the Hexbot post's bb_fill): grow a
 * set within one player's stones, starting from one side, until it stops
 * growing or reaches the goal. The board is one u32 per row (bitboard.ts), so
 * growing into the rows above and below is a shift and an OR, and growing
 * along a row fills whole runs of stones at once.
 *
 * Rather than dilating every row in lockstep (one step of graph distance
 * per round), rows are grown in place, each from its neighbours' newest
 * fill. Black's Hex fill sweeps down from the first row, which follows most
 * winning paths to the bottom in one pass; rows it leaves able to gain from
 * below, and every other fill, go through a loop over "dirty" rows (one bit
 * each, topmost first): a row is revisited only when a neighbour grew next
 * to stones it has not filled. The work tracks the group, not the board.
 * A full board needs black's fill only: whoever black does not connect for
 * has won.
 *
 * Y needs one group on all three sides, and a fill from a whole side is the
 * union of every group on it. So Y fills from the left side first (L: all
 * groups touching left), then from L's cells on the bottom row (exactly the
 * groups touching left and bottom), and wins if that reaches the right side.
 */
import { Color, type Player } from '../game/color.js';
import { GameKind, type Geometry } from '../game/geometry.js';
import { ROW_PAD, RowBoardTest } from './bitboard.js';
import { type WinTestMethod, BOTH_GAMES } from './method.js';

/**
 * The runs of `m` that hold a bit of `x` (x ⊆ m). Upwards, adding x to m
 * carries from each seed to the top of its run; downwards, a Kogge–Stone
 * fill by 1, 2, 4 and 8 bits covers runs of up to 16 cells, and one more
 * step by 16 covers a whole word (`wide`). The two halves are independent,
 * which keeps the dependency chain from one row to the next short: the
 * sweeps below are bound by that latency, not by the number of operations.
 */
function runsOf(m: number, x: number, wide: boolean): number {
  let d = x | ((x >>> 1) & m);
  const p2 = m & (m >>> 1);
  d |= (d >>> 2) & p2;
  const p4 = p2 & (p2 >>> 2);
  d |= (d >>> 4) & p4;
  const p8 = p4 & (p4 >>> 4);
  d |= (d >>> 8) & p8;
  if (wide) d |= (d >>> 16) & p8 & (p8 >>> 8);
  return d | (((m + x) ^ m) & m);
}

/** The runs of `m` that hold a bit of `x` (x ⊆ m), for rows of any width. */
export const fillRuns = (m: number, x: number): number => runsOf(m, x, true);

/** -1 when t has any bit set, else 0. */
function nonZeroMask(t: number): number {
  return (t | (0 - t)) >> 31;
}

/** What the fills need to know of a board's shape (see RowLayout). */
interface FillShape {
  /** Stored rows of a board, pads included. */
  readonly words: number;
  /** Stored index of the last board row. */
  readonly lastRow: number;
  /** Rows wider than 16 cells need the last Kogge–Stone step. */
  readonly wide: boolean;
  readonly leftBits: Int32Array;
  readonly rightBits: Int32Array;
  /** Bit of the last column (Hex) or of the right side (Y). */
  readonly rightBit: number;
}

/** Whether one player's stones, the rows at stones[base…], make a winning connection. */
type Fill = (stones: Int32Array, base: number, shape: FillShape) => boolean;

interface Fills {
  /** Hex black: from the first row to the last. */
  readonly topToBottom: Fill;
  /** Hex white: from the first column to the last. */
  readonly leftToRight: Fill;
  /** Y: one group on the left, right and bottom sides. */
  readonly allThreeSides: Fill;
}

/**
 * The fills work in scratch rows (a board's stored rows: at most 32 and two
 * pads) made once, in this closure, so that V8 specialises the loops to
 * them (their address and length become constants). A module-level `const`
 * would also do, but bundlers turn top-level `const` into `var`, which V8
 * cannot treat as constant. The fills are called directly (fills.x(…)), not
 * through a stored function value, which V8 would not inline.
 */
function makeFills(): Fills {
  // A closure constant: an imported binding is re-checked at every use.
  const pad = ROW_PAD;
  const fill = new Int32Array(32 + 2 * pad);
  const stones = new Int32Array(32 + 2 * pad);
  /** Dirty-set bit of stored row r (rows pad … 32 map to bits 0 … 31). */
  const rowBit = (r: number): number => 1 << (r - pad);

  /**
   * Grows `fill` within `stones` from the rows in `dirty` until nothing
   * grows. Returns true as soon as a filled cell lies in goalBits on a row ≥
   * goalRow.
   */
  function grow(dirty: number, goalBits: number, goalRow: number, wide: boolean): boolean {
    const f = fill;
    const s = stones;
    while (dirty !== 0) {
      const low = dirty & -dirty;
      dirty ^= low;
      const r = 32 - Math.clz32(low) - 1 + pad;
      const above = f[r - 1] as number;
      const below = f[r + 1] as number;
      const old = f[r] as number;
      const m = s[r] as number;
      // Upper neighbours of (r, c) are columns c and c+1, lower ones c and c−1.
      let x = (old | above | (above >>> 1) | below | (below << 1)) & m;
      if (x === old) continue;
      x = runsOf(m, x, wide);
      f[r] = x;
      if ((x & goalBits) !== 0 && r >= goalRow) return true;
      const grown = x & ~old;
      if (((grown | (grown << 1)) & (s[r - 1] as number) & ~above) !== 0) dirty |= low >>> 1;
      if (((grown | (grown >>> 1)) & (s[r + 1] as number) & ~below) !== 0) dirty |= low << 1;
    }
    return false;
  }

  /** Copies a board's rows into `stones` and clears `fill`. */
  function load(src: Int32Array, base: number, count: number): void {
    for (let r = 0; r < count; r++) {
      stones[r] = src[base + r] as number;
      fill[r] = 0;
    }
  }

  /** Seeds `fill` with the runs through bitOfRow[r] in each row r; returns the rows to visit. */
  function seedSide(bitOfRow: Int32Array, count: number): number {
    let dirty = 0;
    for (let r = pad; r < count - pad; r++) {
      const m = stones[r] as number;
      const x = (bitOfRow[r] as number) & m;
      if (x !== 0) {
        fill[r] = runsOf(m, x, true);
        dirty |= (rowBit(r) << 1) | (rowBit(r) >>> 1);
      }
    }
    return dirty;
  }

  function anyRowHas(bitOfRow: Int32Array, count: number): boolean {
    for (let r = pad; r < count - pad; r++) if ((fill[r] as number) & (bitOfRow[r] as number)) return true;
    return false;
  }

  /**
   * Fills down from the whole first row, one row after another: most winning
   * paths are found by this one sweep. It reads the board's rows in place, as
   * copying them would cost as much as the sweep. Rows the sweep leaves able
   * to gain from the row below are collected (branch-free, off the
   * row-to-row chain) and finished by `grow`.
   */
  function topToBottom(src: Int32Array, base: number, shape: FillShape): boolean {
    const f = fill;
    const { lastRow, wide } = shape;
    let above = src[base + pad] as number;
    f[pad] = above;
    let r = pad;
    let pending = 0;
    while (above !== 0 && r < lastRow) {
      r++;
      const m = src[base + r] as number;
      const x = runsOf(m, (above | (above >>> 1)) & m, wide);
      f[r] = x;
      pending |= rowBit(r - 1) & nonZeroMask((x | (x << 1)) & (src[base + r - 1] as number) & ~above);
      above = x;
    }
    if (above !== 0) return true;
    if (pending === 0) return false;
    // Rarely needed: keep the sweep's rows, clear those below (another board's).
    for (let k = 0; k < shape.words; k++) stones[k] = src[base + k] as number;
    for (let k = r + 1; k < shape.words; k++) f[k] = 0;
    return grow(pending, -1, lastRow, wide);
  }

  function leftToRight(src: Int32Array, base: number, shape: FillShape): boolean {
    load(src, base, shape.words);
    const dirty = seedSide(shape.leftBits, shape.words);
    return anyRowHas(shape.rightBits, shape.words) || grow(dirty, shape.rightBit, pad, shape.wide);
  }

  /**
   * L = the groups on the left side; the groups on left and bottom are those
   * holding L's bottom-row cells; one of them must reach the right. L comes
   * from a sweep down (the left side has a cell in every row), the second
   * fill from a sweep up from the bottom row; `grow` finishes each.
   */
  function allThreeSides(src: Int32Array, base: number, shape: FillShape): boolean {
    const { lastRow, rightBit, wide, leftBits } = shape;
    load(src, base, shape.words);
    const f = fill;
    const s = stones;
    let above = 0;
    let pending = 0;
    for (let r = pad; r <= lastRow; r++) {
      const m = s[r] as number;
      const x = runsOf(m, (above | (above >>> 1) | (leftBits[r] as number)) & m, wide);
      f[r] = x;
      pending |= rowBit(r - 1) & nonZeroMask((x | (x << 1)) & (s[r - 1] as number) & ~above);
      above = x;
    }
    if (pending !== 0) grow(pending, 0, 0, wide);
    if (f[lastRow] === 0 || !anyRowHas(shape.rightBits, shape.words)) return false;
    let below = f[lastRow] as number;
    if ((below & rightBit) !== 0) return true;
    for (let r = 0; r < lastRow; r++) f[r] = 0;
    pending = 0;
    for (let r = lastRow - 1; r >= pad && below !== 0; r--) {
      const m = s[r] as number;
      const x = runsOf(m, (below | (below << 1)) & m, wide);
      f[r] = x;
      if ((x & rightBit) !== 0) return true;
      pending |= rowBit(r + 1) & nonZeroMask((x | (x >>> 1)) & (s[r + 1] as number) & ~below);
      below = x;
    }
    return pending !== 0 && grow(pending, rightBit, pad, wide);
  }

  return { topToBottom, leftToRight, allThreeSides };
}

const fills = makeFills();

class FloodFillTest extends RowBoardTest {
  private readonly shape: FillShape;
  private readonly isHex: boolean;

  constructor(g: Geometry) {
    super(g);
    const { layout } = this;
    this.shape = {
      words: layout.words,
      lastRow: layout.rows - 1 + ROW_PAD,
      wide: layout.size > 16,
      leftBits: layout.leftEdge,
      rightBits: layout.rightEdge,
      rightBit: 1 << (layout.size - 1),
    };
    this.isHex = g.game === GameKind.Hex;
  }

  protected wins(stones: Int32Array, base: number, player: Player): boolean {
    if (!this.isHex) return fills.allThreeSides(stones, base, this.shape);
    return player === Color.Black
      ? fills.topToBottom(stones, base, this.shape)
      : fills.leftToRight(stones, base, this.shape);
  }
}

export const floodFill: WinTestMethod = {
  name: 'floodfill',
  summary: 'bitboard flood fill, one u32 per row: grow within the stones from one side (Lew / Hexbot bb_fill)',
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: false, batches: false },
  create: (g) => new FloodFillTest(g),
};
