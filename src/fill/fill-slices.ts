/**
 * The playout fills of fill.ts, written straight into a bit-sliced plane
 * (src/wintest/bitsliced.ts): bit k of word slotOf[i] is set when cell i of
 * playout first + k is black. No board array: the CPU backend fills 32
 * playouts and decides them with one reduction. The choices are fill.ts's
 * own (choiceWords, one bit per empty cell in row-major order), turned from
 * one word per playout into one word per cell by a 32 × 32 bit transpose, so
 * each playout is exactly the board fillPlayout makes.
 */
import { Color, type Player } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import { type FillKind, choiceWords } from './fill.js';

/** One position's empty cells and where they lie in a plane, made once per position. */
export interface SliceFillBase {
  /** The empty cells, in row-major order. */
  readonly emptyCells: Int32Array;
  /** The plane slot of each empty cell, in the same order. */
  readonly emptySlots: Int32Array;
  /** The template plane with the position's black stones set in all 32 boards. */
  readonly plane: Int32Array;
  readonly toMove: Player;
}

/** Arrays a fill base is written into: a player making one base after another reuses one set. */
export interface SliceFillScratch {
  readonly plane: Int32Array;
  /** Room for every cell. */
  readonly emptyCells: Int32Array;
  readonly emptySlots: Int32Array;
}

export function sliceFillScratch(planeWords: number, cellCount: number): SliceFillScratch {
  return {
    plane: new Int32Array(planeWords),
    emptyCells: new Int32Array(cellCount),
    emptySlots: new Int32Array(cellCount),
  };
}

/**
 * The fill base of a position, written into `scratch` (by default fresh
 * arrays): what it returns stays valid until the scratch is used again. A
 * search's round asks for 16 bases, and allocating their arrays cost more
 * than filling them.
 */
export function sliceFillBase(
  cells: Cells,
  toMove: Player,
  slotOfCell: Int32Array,
  template: Int32Array,
  scratch = sliceFillScratch(template.length, cells.length),
): SliceFillBase {
  const { plane, emptyCells, emptySlots } = scratch;
  plane.set(template);
  let e = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (cell === Color.Empty) {
      emptyCells[e] = i;
      emptySlots[e++] = slotOfCell[i] as number;
    } else if (cell === Color.Black) plane[slotOfCell[i] as number] = -1;
  }
  return { emptyCells: emptyCells.subarray(0, e), emptySlots: emptySlots.subarray(0, e), plane, toMove };
}

/**
 * Fills playouts first … first + count − 1 (count ≤ 32) of the position into
 * `plane` (which must hold base.plane beforehand). A scratch block owned by a
 * closure, as in fill.ts, keeps V8's loads of it constant.
 */
export const fillSlices = makeSliceFiller();

/**
 * Transposes a 32 × 32 bit matrix in place: afterwards bit k of m[b] is what
 * bit b of m[k] was (Hacker's Delight's transpose32, with bit 0 as column 0).
 */
export function transpose32(m: Uint32Array): void {
  let mask = 0x0000ffff;
  for (let j = 16; j !== 0; j >>>= 1, mask ^= mask << j) {
    for (let k = 0; k < 32; k = ((k | j) + 1) & ~j) {
      const t = (((m[k] as number) >>> j) ^ (m[k | j] as number)) & mask;
      m[k] = (m[k] as number) ^ (t << j);
      m[k | j] = (m[k | j] as number) ^ t;
    }
  }
}

function makeSliceFiller(): (
  base: SliceFillBase,
  seed: number,
  position: number,
  first: number,
  count: number,
  kind: FillKind,
  plane: Int32Array,
) => void {
  const block = new Uint32Array(4);
  // byWord[32 w + k]: word w of playout k's choices (fill.ts's choiceWords).
  const byWord = new Uint32Array(32 * 32);
  const choices = new Uint32Array(32);
  const cellsOfWord = new Uint32Array(32);
  return (base, seed, position, first, count, kind, plane) => {
    const slots = base.emptySlots;
    const e = slots.length;
    const words = (e + 31) >>> 5;
    for (let k = 0; k < count; k++) {
      choiceWords(seed, position, (first + k) >>> 0, e, kind, choices, block);
      for (let w = 0; w < words; w++) byWord[32 * w + k] = choices[w] as number;
    }
    // Only the playouts asked for; a cell is black when it goes to the mover and the mover is black, or not and the mover is white.
    const playouts = count >= 32 ? -1 : (1 << count) - 1;
    const flip = base.toMove === Color.White ? playouts : 0;
    for (let w = 0; w < words; w++) {
      // Rows are playouts, columns cells: transposed, row b holds cell 32 w + b of every playout.
      for (let k = 0; k < 32; k++) cellsOfWord[k] = k < count ? (byWord[32 * w + k] as number) : 0;
      transpose32(cellsOfWord);
      const cells = Math.min(32, e - 32 * w);
      for (let b = 0; b < cells; b++) {
        const slot = slots[32 * w + b] as number;
        plane[slot] = (plane[slot] as number) | (((cellsOfWord[b] as number) ^ flip) & playouts);
      }
    }
  };
}
