/**
 * The reduction triangle of a board (BPR, Browne & Tavener 2012): where each
 * cell sits in it, how it is packed into column words, and the Hex template.
 * A fact of the geometry that both the CPU's BPR methods (src/wintest/) and
 * the GPU kernels (src/gpu/shader-source.ts, shaders/) build on, so it lives
 * below both; the encoders that write boards in these forms are in
 * src/wintest/bpr-layout.ts.
 *
 * Triangle. Cells (x, j) with x, j ≥ 0 and x + j ≤ D − 1; x is the triangle
 * column, j the triangle row. One reduction pass replaces (x, j) by the
 * majority of (x, j), (x, j+1) and (x+1, j), and the triangle loses its
 * diagonal edge; after D − 1 passes (0, 0) holds the winner.
 *
 * - Y of size N: D = N. Y cell (r, c), 1-based, goes to column D − r, row
 *   c − 1. Column x holds N − x cells. Y's column a becomes triangle row 0,
 *   Y's row N triangle column 0, and the rows' last cells the diagonal.
 * - Hex N×N, through the clipped template (DESIGN.md): column x is the Hex
 *   column, row j the Hex row. Row j = N is a template row, all black, and
 *   column x = N a template column, all white. D = 2N − 1, the smallest
 *   triangle holding the Hex cells: a black chain from row 0 reaches the
 *   template row from row N − 1, and a white chain reaches the template
 *   column from column N − 1, so Hex's winner is the Y winner of this
 *   triangle. Only these N + 1 columns of N + 1 cells are stored. A template
 *   row cell inside the triangle stays black whatever the shift brings in
 *   from above (zeros): it and its right neighbour are already two blacks.
 *   The template column stays white wherever it lies inside the triangle, so
 *   it is never rewritten. The corner (N, N) lies outside the triangle.
 *
 * Pass p (0-based) rewrites columns 0 … activeColumns[p] − 1, where
 * activeColumns[p] = min(stored columns, D − p) − 1; it reads one column
 * beyond. Rewriting in place in increasing column order is safe: column x
 * reads column x + 1 before that column is rewritten. The Hex template
 * column is never rewritten.
 *
 * Column words, 2 bits a cell (bpr, bpr-incremental). Cell (x, j) is bits
 * 2j (set for black) and 2j + 1 (set for white) of column x's 64-bit value:
 * 00 empty, 01 black, 10 white, the values of Color. Reading (x, j+1) at the
 * position of (x, j) is a right shift by 2. A column of up to 16 cells is one
 * u32 (wordsPerColumn = 1): column x is word x. Longer columns (Hex N ≥ 16,
 * Y N ≥ 17) are a pair emulating 64 bits: word 2x is lo (rows 0 … 15,
 * row j at bits 2j), word 2x + 1 is hi (rows 16 … 31, row j at bits
 * 2(j − 16)); the shift becomes lo = lo >>> 2 | hi << 30, hi = hi >>> 2.
 */
import { Color } from './color.js';
import { GameKind, type Geometry } from './geometry.js';
import { perGeometry } from './per-geometry.js';

export interface BprLayout {
  readonly geometry: Geometry;
  readonly isHex: boolean;
  /** Triangle side D: N for Y, 2N − 1 for Hex. */
  readonly side: number;
  /** Reduction passes, D − 1. */
  readonly passes: number;
  /** Stored columns: N for Y, N + 1 for Hex (the last is the template column). */
  readonly columns: number;
  /** Cells in the tallest stored column (column 0): N for Y, N + 1 for Hex (with the template row). */
  readonly columnCells: number;
  /** u32 words a column takes at 2 bits a cell: 1, or 2 for a (lo, hi) pair. */
  readonly wordsPerColumn: 1 | 2;
  /** Words of one board at 2 bits a cell: columns × wordsPerColumn. */
  readonly twoBitWords: number;
  /** Triangle column and row of each board cell. */
  readonly cellColumn: Uint8Array;
  readonly cellRow: Uint8Array;
  /** Word (within a board's 2-bit words) and bit shift of each cell. */
  readonly twoBitWord: Uint16Array;
  readonly twoBitShift: Uint8Array;
  /** Columns rewritten by each pass: min(columns, D − p) − 1. */
  readonly activeColumns: Uint8Array;
  /**
   * The first pass from which the (lo, hi) pair can be dropped: from pass
   * D − 16 on the live triangle has at most 16 rows, so the cells the result
   * depends on lie in the lo words. Equal to `passes` for 1-word columns.
   */
  readonly loOnlyFromPass: number;
  /** 2-bit words of a board with no stones: empty cells plus the Hex template. */
  readonly emptyTwoBit: Int32Array;
  /** 1-bit words (1 = black) of the Hex template with no stones; zero for Y. */
  readonly emptyOneBit: Int32Array;
}

/** The (cached) layout of a geometry. */
export const bprLayout: (g: Geometry) => BprLayout = perGeometry(buildLayout);

function buildLayout(g: Geometry): BprLayout {
  const n = g.size as number;
  const isHex = g.game === GameKind.Hex;
  const side = isHex ? 2 * n - 1 : n;
  const passes = side - 1;
  const columns = isHex ? n + 1 : n;
  const columnCells = isHex ? n + 1 : n;
  const wordsPerColumn = 2 * columnCells > 32 ? 2 : 1;
  const twoBitWords = columns * wordsPerColumn;

  const cellColumn = new Uint8Array(g.cellCount);
  const cellRow = new Uint8Array(g.cellCount);
  const twoBitWord = new Uint16Array(g.cellCount);
  const twoBitShift = new Uint8Array(g.cellCount);
  for (let i = 0; i < g.cellCount; i++) {
    const r = g.row[i] as number;
    const c = g.col[i] as number;
    // Y: 1-based (r+1, c+1) goes to column D − (r+1), row c.
    const x = isHex ? c : side - 1 - r;
    const j = isHex ? r : c;
    cellColumn[i] = x;
    cellRow[i] = j;
    twoBitWord[i] = wordsPerColumn === 1 ? x : pairWordOf(x, j);
    twoBitShift[i] = twoBitShiftOf(j);
  }

  const activeColumns = new Uint8Array(passes);
  for (let p = 0; p < passes; p++) activeColumns[p] = Math.min(columns, side - p) - 1;

  const emptyTwoBit = new Int32Array(twoBitWords);
  const emptyOneBit = new Int32Array(columns);
  if (isHex) {
    for (let x = 0; x < n; x++) {
      setTwoBit(emptyTwoBit, wordsPerColumn, x, n, Color.Black);
      emptyOneBit[x] = 1 << n;
    }
    // White in the corner (N, N) too: it lies outside the triangle, so anything would do.
    for (let j = 0; j <= n; j++) setTwoBit(emptyTwoBit, wordsPerColumn, n, j, Color.White);
  }

  return {
    geometry: g,
    isHex,
    side,
    passes,
    columns,
    columnCells,
    wordsPerColumn,
    twoBitWords,
    cellColumn,
    cellRow,
    twoBitWord,
    twoBitShift,
    activeColumns,
    loOnlyFromPass: wordsPerColumn === 2 ? Math.max(0, side - 16) : passes,
    emptyTwoBit,
    emptyOneBit,
  };
}

/** Index of the word holding cell (x, j) when every column is a (lo, hi) pair. */
export function pairWordOf(x: number, j: number): number {
  return 2 * x + (j >>> 4);
}

/** Shift of cell row j's two bits within its word (lo or hi). */
export function twoBitShiftOf(j: number): number {
  return (2 * j) & 31;
}

function setTwoBit(words: Int32Array, wordsPerColumn: number, x: number, j: number, color: Color): void {
  const w = wordsPerColumn === 1 ? x : pairWordOf(x, j);
  words[w] = (words[w] as number) | (color << twoBitShiftOf(j));
}
