/**
 * Twin: shaders/bitsliced.wgsl (the GPU kernel doing the same bit-sliced reduction).
 * Twin: shaders/bitsliced-unrolled.wgsl (the same reduction, generated straight-line by src/gpu/generate-bitsliced.ts).
 *
 * Bit-sliced BPR: bit k of a slice word belongs to board k, so one majority
 * step `a&(b|c) | b&c` on slice words reduces the same cell of 32 boards, with
 * no shifts at all. Each board's 2-bit cell code is split into two planes
 * (bit 0: black, bit 1: white). The majority is bitwise, so reducing each
 * plane on its own is exactly the 2-bit reduction of DESIGN.md; the planes
 * never interact, and a block of boards that are all full needs the black
 * plane only (a full board's white plane is its complement, and majority
 * commutes with complement).
 *
 * A plane holds triangle column x at words [32x, 32x + 32), row j at offset
 * j. Only cells that can still reach the apex are reduced: after pass p
 * (0-based) that is x + j ≤ D − 2 − p.
 *
 * Hex uses the clipped template of DESIGN.md (D = 2N − 1). Its template row
 * j = N and column x = N are never written: a template-row cell reads only
 * template cells, so its value is the same for every board, and it stays
 * black wherever the apex can still see it (it turns empty from the right,
 * one column a pass, no faster than the relevant triangle shrinks; a test
 * checks this for every N). So the template is written once, as constant
 * slice words, and never reduced.
 */
import { type Winner } from '../game/color.js';
import { type Cells, GameKind, type Geometry } from '../game/geometry.js';
import { bprLayout } from '../game/reduction-triangle.js';
import { type BoardWinTest, type PreparedBatch, type WinTestMethod, BOTH_GAMES } from './method.js';
import { perGeometry } from '../game/per-geometry.js';

/** Boards decided by one reduction: the bits of a slice word. */
export const SLICE_BOARDS = 32;

/** A slice word with every board's bit set. */
const ALL_BOARDS = -1;

/** Words between one triangle column and the next, in a plane and in the scratch. */
const WORK_STRIDE = 32;

/** Reduces one plane (a copy of it, in scratch) to its apex word. */
type PlaneReducer = (plane: Int32Array, side: number, last: number) => number;

/**
 * The reduction runs in one scratch plane made once, in this closure, so
 * that V8 specialises the loops to it: its address and length become
 * constants. An array passed as an argument is re-checked and reloaded on
 * every iteration, which costs more than the majority itself; a module-level
 * `const` would also do, but bundlers turn top-level `const` into `var`,
 * which V8 cannot treat as constant. Neighbour offsets are literals (1, 32,
 * 33, 64, …: WORK_STRIDE = 32) for the same reason. The largest triangle,
 * 32 columns of 32 cells, fills the scratch exactly.
 */
function makePlaneReducer(): PlaneReducer {
  const stride = WORK_STRIDE;
  const work = new Int32Array(stride * stride);

  /** One pass over column `c` (a scratch offset), rows up to `end` (an offset). */
  function reduceColumn(c: number, end: number): void {
    const w = work;
    let a = w[c] as number;
    for (let i = c; i <= end; i = (i + 1) | 0) {
      const up = w[(i + 1) | 0] as number;
      const right = w[(i + 32) | 0] as number;
      w[i] = (a & (up | right)) | (up & right);
      a = up;
    }
  }

  /**
   * Two passes in one sweep: column c+32 moves one pass forward, then column c
   * (whose right neighbour is c+32) moves one further, reading the fresh value
   * from a register. Unrolled by two rows. Every read is of a cell the sweep
   * has not overwritten yet, so the update is in place.
   */
  function reduceColumnPair(c: number, end: number): void {
    const w = work;
    let left = w[c] as number;
    let right = w[(c + 32) | 0] as number;
    let i = c;
    for (; i < end; i = (i + 2) | 0) {
      const rightUp = w[(i + 33) | 0] as number;
      const far = w[(i + 64) | 0] as number;
      const r0 = (right & (rightUp | far)) | (rightUp & far);
      w[(i + 32) | 0] = r0;
      const leftUp = w[(i + 1) | 0] as number;
      w[i] = (left & (leftUp | r0)) | (leftUp & r0);
      const rightUp2 = w[(i + 34) | 0] as number;
      const far1 = w[(i + 65) | 0] as number;
      const r1 = (rightUp & (rightUp2 | far1)) | (rightUp2 & far1);
      w[(i + 33) | 0] = r1;
      const leftUp2 = w[(i + 2) | 0] as number;
      w[(i + 1) | 0] = (leftUp & (leftUp2 | r1)) | (leftUp2 & r1);
      left = leftUp2;
      right = rightUp2;
    }
    if (i === end) {
      const rightUp = w[(i + 33) | 0] as number;
      const far = w[(i + 64) | 0] as number;
      const r0 = (right & (rightUp | far)) | (rightUp & far);
      w[(i + 32) | 0] = r0;
      const leftUp = w[(i + 1) | 0] as number;
      w[i] = (left & (leftUp | r0)) | (leftUp & r0);
    }
  }

  /**
   * Reduces the plane in scratch to its apex word. Passes go in pairs: in
   * sweep step t, column t takes the pass with reach R and column t − 1 the
   * pass with reach R − 1. Both have the same row limit min(last, R − t),
   * which is what lets one loop carry them.
   */
  function reduceWork(side: number, last: number): number {
    let reach = side - 2;
    for (; reach >= 1; reach -= 2) {
      const steps = reach < last + 1 ? reach : last + 1;
      for (let t = 0; t <= steps; t++) {
        const rows = reach - t < last ? reach - t : last;
        const c = (t - 1) * stride;
        if (t === 0) reduceColumn(0, rows);
        else if (t <= last) reduceColumnPair(c, c + rows);
        else reduceColumn(c, c + rows); // column t is the Hex template: only t − 1 moves
      }
    }
    if (reach === 0) reduceColumn(0, 0);
    return work[0] as number;
  }

  return (plane, side, last) => {
    work.set(plane);
    return reduceWork(side, last);
  };
}

const reducePlane = makePlaneReducer();

/** Where each board cell lives in a slice plane, and the plane's constants. */
export interface SliceLayout {
  readonly game: GameKind;
  readonly size: number;
  /** Triangle side D; the reduction runs D − 1 passes. */
  readonly side: number;
  /** Highest column and row that hold board cells (the clip). */
  readonly lastCell: number;
  /** Words of one plane: the triangle's columns, WORK_STRIDE words each. */
  readonly planeWords: number;
  /** Slot (within a plane) of each board cell, in board order. */
  readonly slotOfCell: Int32Array;
  /** Planes holding only the template, copied into every fresh plane. */
  readonly blackTemplate: Int32Array;
  readonly whiteTemplate: Int32Array;
}

/** The (cached) slice layout of a geometry: the CPU backend asks for it for every request. */
export const sliceLayoutOf: (g: Geometry) => SliceLayout = perGeometry(buildSliceLayout);

function buildSliceLayout(g: Geometry): SliceLayout {
  const n = g.size as number;
  const isHex = g.game === GameKind.Hex;
  // The board-to-triangle mapping is BPR's own (bpr-layout.ts); only the
  // storage differs: a slice word per cell instead of bits in a column word.
  const triangle = bprLayout(g);
  const planeWords = triangle.columns * WORK_STRIDE;
  const slotOfCell = new Int32Array(g.cellCount);
  for (let i = 0; i < g.cellCount; i++) {
    slotOfCell[i] = (triangle.cellColumn[i] as number) * WORK_STRIDE + (triangle.cellRow[i] as number);
  }
  const blackTemplate = new Int32Array(planeWords);
  const whiteTemplate = new Int32Array(planeWords);
  if (isHex) {
    for (let k = 0; k < n; k++) {
      blackTemplate[k * WORK_STRIDE + n] = ALL_BOARDS; // template row
      whiteTemplate[n * WORK_STRIDE + k] = ALL_BOARDS; // template column
    }
  }
  return {
    game: g.game,
    size: n,
    side: triangle.side,
    lastCell: n - 1,
    planeWords,
    slotOfCell,
    blackTemplate,
    whiteTemplate,
  };
}

/**
 * Transposes boards[first … first+count) (count ≤ 32) into a pair of planes
 * (each layout.planeWords long): board k sets bit k of its cells' slice
 * words. Returns whether every one of these boards is full, in which case
 * the black plane alone decides them.
 */
export function transposeBoards(
  layout: SliceLayout,
  boards: readonly Cells[],
  first: number,
  count: number,
  black: Int32Array,
  white: Int32Array,
): boolean {
  if (count > SLICE_BOARDS) throw new Error(`a slice block holds at most ${SLICE_BOARDS} boards, not ${count}`);
  black.set(layout.blackTemplate);
  white.set(layout.whiteTemplate);
  const slots = layout.slotOfCell;
  let full = true;
  for (let k = 0; k < count; k++) {
    const cells = boards[first + k] as Cells;
    if (cells.length !== slots.length) throw new Error(`a board needs ${slots.length} cells, not ${cells.length}`);
    const bit = 1 << k;
    for (let i = 0; i < slots.length; i++) {
      const v = cells[i] as number;
      const slot = slots[i] as number;
      // Bit 0 of a cell code is its black plane, bit 1 its white plane.
      black[slot] = (black[slot] as number) | (-(v & 1) & bit);
      white[slot] = (white[slot] as number) | (-((v >> 1) & 1) & bit);
      if (v === 0) full = false;
    }
  }
  return full;
}

/**
 * Decides the 32 boards of a pair of planes. Stores the slice word of black
 * winners in result[0] and of white winners in result[1]. Pass `white` as
 * null when every board is full: only the black plane is then reduced, and
 * every board black does not win is white's.
 */
export function decideSlices(
  layout: SliceLayout,
  black: Int32Array,
  white: Int32Array | null,
  result: Int32Array,
): void {
  const blackWins = reducePlane(black, layout.side, layout.lastCell);
  result[0] = blackWins;
  result[1] = white === null ? ~blackWins : reducePlane(white, layout.side, layout.lastCell);
}

/**
 * Unpacks slice winner words into count winners at out[outBase…]. Black's bit
 * and white's bit shifted once are the Color codes themselves (a board is
 * never won by both), which keeps this free of unpredictable branches.
 */
export function winners32(black: number, white: number, count: number, out: Uint8Array, outBase: number): void {
  for (let k = 0; k < count; k++) out[outBase + k] = ((black >>> k) & 1) | (((white >>> k) & 1) << 1);
}

/** Boards transposed into planes, 32 to a block. */
class BitslicedBatch implements PreparedBatch {
  private readonly result = new Int32Array(2);

  constructor(
    /** Per block: its black plane, and its white plane or null when the block is all full boards. */
    private readonly blacks: readonly Int32Array[],
    private readonly whites: readonly (Int32Array | null)[],
    private readonly layout: SliceLayout,
    readonly count: number,
  ) {}

  decideAll(out: Uint8Array): void {
    const { blacks, whites, layout, result } = this;
    for (let b = 0; b < blacks.length; b++) {
      decideSlices(layout, blacks[b] as Int32Array, whites[b] as Int32Array | null, result);
      const first = b * SLICE_BOARDS;
      const count = Math.min(SLICE_BOARDS, this.count - first);
      winners32(result[0] as number, result[1] as number, count, out, first);
    }
  }
}

class BitslicedTest implements BoardWinTest {
  private readonly layout: SliceLayout;
  private readonly black: Int32Array;
  private readonly white: Int32Array;
  private readonly result = new Int32Array(2);
  private readonly one: Cells[] = [new Uint8Array(0)];

  constructor(g: Geometry) {
    this.layout = sliceLayoutOf(g);
    this.black = new Int32Array(this.layout.planeWords);
    this.white = new Int32Array(this.layout.planeWords);
  }

  /** A batch of one: bit 0 of each slice word. */
  winner(cells: Cells): Winner {
    this.one[0] = cells;
    const full = transposeBoards(this.layout, this.one, 0, 1, this.black, this.white);
    decideSlices(this.layout, this.black, full ? null : this.white, this.result);
    return ((this.result[0] as number) & 1) | (((this.result[1] as number) & 1) << 1);
  }

  prepare(boards: readonly Cells[]): PreparedBatch {
    const { planeWords } = this.layout;
    const blockCount = Math.ceil(boards.length / SLICE_BOARDS);
    const words = new Int32Array(2 * planeWords * blockCount);
    const blacks: Int32Array[] = [];
    const whites: (Int32Array | null)[] = [];
    for (let b = 0; b < blockCount; b++) {
      const black = words.subarray(2 * b * planeWords, (2 * b + 1) * planeWords);
      const white = words.subarray((2 * b + 1) * planeWords, (2 * b + 2) * planeWords);
      const first = b * SLICE_BOARDS;
      const count = Math.min(SLICE_BOARDS, boards.length - first);
      const full = transposeBoards(this.layout, boards, first, count, black, white);
      blacks.push(black);
      whites.push(full ? null : white);
    }
    return new BitslicedBatch(blacks, whites, this.layout, boards.length);
  }
}

export const bitsliced: WinTestMethod = {
  name: 'bitsliced',
  summary: 'bit-sliced BPR: one u32 holds a cell of 32 boards, two bit-planes, 32 boards per majority step',
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: false, batches: true },
  create: (g) => new BitslicedTest(g),
};
