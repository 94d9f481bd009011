/**
 * Boards written in the column-word forms of the reduction triangle
 * (src/game/reduction-triangle.ts, which describes the 2-bit words), for
 * the BPR methods (bpr, bpr-packed, bpr-incremental, bpr-loops), and the
 * reduction's majority step.
 *
 * Column words, 1 bit a cell (bpr-packed, bpr-loops): cell (x, j) is bit j of
 * word x; a column has at most 32 cells, so one u32 always does. bpr-packed
 * sets black (and the template row) to 1, white (and the template column)
 * to 0; bpr-loops sets the one player's stones to 1 and everything else,
 * the template included, to 0.
 */
import { Color, type Player } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import type { BprLayout } from '../game/reduction-triangle.js';

/** The BPR majority of three cells, bit by bit: `a&(b|c) | b&c`. Three different 2-bit values give 00. */
export function majority(a: number, b: number, c: number): number {
  return (a & (b | c)) | (b & c);
}

/**
 * A zeroed Int32Array over its own ArrayBuffer, for the reductions' scratch
 * columns. V8 keeps typed arrays of up to 64 bytes made by `new
 * Int32Array(n)` inside its heap, where each access recomputes the data
 * address, which made the reductions over them markedly slower.
 */
export function scratchWords(length: number): Int32Array {
  return new Int32Array(new ArrayBuffer(4 * Math.max(1, length)));
}

function checkLength(layout: BprLayout, cells: Cells): void {
  if (cells.length !== layout.geometry.cellCount) {
    throw new Error(`board has ${cells.length} cells, expected ${layout.geometry.cellCount}`);
  }
}

/** Writes a board's 2-bit column words (template included) to out[offset …]. */
export function encodeTwoBit(layout: BprLayout, cells: Cells, out: Int32Array, offset: number): void {
  checkLength(layout, cells);
  out.set(layout.emptyTwoBit, offset);
  const word = layout.twoBitWord;
  const shift = layout.twoBitShift;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (v !== 0) {
      const w = offset + (word[i] as number);
      out[w] = (out[w] as number) | (v << (shift[i] as number));
    }
  }
}

/**
 * Writes a full board's 1-bit column words (1 black, 0 white; Hex template
 * included) to out[offset …]. Returns false, leaving out incomplete, when a
 * cell is empty.
 */
export function encodeOneBit(layout: BprLayout, cells: Cells, out: Int32Array, offset: number): boolean {
  checkLength(layout, cells);
  out.set(layout.emptyOneBit, offset);
  const column = layout.cellColumn;
  const row = layout.cellRow;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (v === Color.Empty) return false;
    if (v === Color.Black) {
      const w = offset + (column[i] as number);
      out[w] = (out[w] as number) | (1 << (row[i] as number));
    }
  }
  return true;
}

/**
 * Writes 1-bit column words marking the cells that hold `player`'s stones
 * (template cells count as not the player's) to out[0 … columns).
 */
export function encodePlayerBits(layout: BprLayout, cells: Cells, player: Player, out: Int32Array): void {
  checkLength(layout, cells);
  out.fill(0, 0, layout.columns);
  const column = layout.cellColumn;
  const row = layout.cellRow;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === player) {
      const x = column[i] as number;
      out[x] = (out[x] as number) | (1 << (row[i] as number));
    }
  }
}
