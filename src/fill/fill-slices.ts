/**
 * The playout fills of fill.ts, written straight into a bit-sliced plane
 * (src/wintest/bitsliced.ts): bit k of word slotOf[i] is set when cell i of
 * playout first + k is black. No board array and no transpose: the CPU
 * backend fills 32 playouts and decides them with one reduction. The draws
 * are fill.ts's own (the same stream words, exactCoins, the coin bits, cells
 * in row-major order), so each playout is exactly the board fillPlayout makes.
 */
import { Color, type Player } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import { pcgBlock } from './counter-rng.js';
import { FillKind, exactCoins } from './fill.js';

/** One position's empty cells and where they lie in a plane, made once per position. */
export interface SliceFillBase {
  /** The plane slot of each empty cell, in row-major order. */
  readonly emptySlots: Int32Array;
  /** The template plane with the position's black stones set in all 32 boards. */
  readonly plane: Int32Array;
  readonly toMove: Player;
}

export function sliceFillBase(cells: Cells, toMove: Player, slotOfCell: Int32Array, template: Int32Array): SliceFillBase {
  const plane = template.slice();
  const empty: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === Color.Empty) empty.push(slotOfCell[i] as number);
    else if (cells[i] === Color.Black) plane[slotOfCell[i] as number] = -1;
  }
  return { emptySlots: Int32Array.from(empty), plane, toMove };
}

/**
 * Fills playouts first … first + count − 1 (count ≤ 32) of the position into
 * `plane` (which must hold base.plane beforehand). A scratch block owned by a
 * closure, as in fill.ts, keeps V8's loads of it constant.
 */
export const fillSlices = makeSliceFiller();

function makeSliceFiller(): (base: SliceFillBase, seed: number, position: number, first: number, count: number, kind: FillKind, plane: Int32Array) => void {
  const block = new Uint32Array(4);
  // The exact fill's choices for one playout: 32 words cover the largest board.
  const coins = new Uint32Array(32);
  return (base, seed, position, first, count, kind, plane) => {
    const slots = base.emptySlots;
    const e = slots.length;
    // A cell is black when it goes to the mover and the mover is black, or not and the mover is white.
    const flip = base.toMove === Color.White ? 1 : 0;
    for (let k = 0; k < count; k++) {
      const playout = (first + k) >>> 0;
      const bit = 1 << k;
      let counter = 0;
      let next = 4;
      if (kind === FillKind.Exact) {
        exactCoins(seed, position, playout, e, coins, block);
        for (let j = 0; j < e; j++) {
          const mine = ((coins[j >>> 5] as number) >>> (j & 31)) & 1;
          const slot = slots[j] as number;
          plane[slot] = (plane[slot] as number) | (-(mine ^ flip) & bit);
        }
        continue;
      }
      let word = 0;
      for (let j = 0; j < e; j++) {
        if ((j & 31) === 0) {
          if (next === 4) {
            pcgBlock(seed, position, playout, counter++, block);
            next = 0;
          }
          word = block[next++] as number;
        }
        const slot = slots[j] as number;
        plane[slot] = (plane[slot] as number) | (-(((word >>> (j & 31)) & 1) ^ flip) & bit);
      }
    }
  };
}
