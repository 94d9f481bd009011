/**
 * Loop detection as a by-product of Y reduction (paper §3, Fig. 7).
 *
 * What is decided: whether `player`'s stones enclose at least one cell that
 * is not theirs, that is, whether some connected group of cells holding no
 * stone of `player` (empty cells and opponent stones alike) touches no edge
 * of the board (Y: none of the three sides; Hex: none of the four edges).
 * Such a group is walled in by a ring of the player's stones, since the hex
 * grid's outer boundary of a bounded region is a closed chain. Cells
 * enclosed that hold the player's own stones are invisible to this test: a
 * ring around a stone of the same colour is a solid group of seven.
 *
 * Why reduction finds it: a reduced cell is the player's exactly when at
 * least two of its three source cells are (2-bit majority of the player's
 * stones against anything else), so the reduction acts on the binary picture
 * "player's or not". Under it a walled-in region shrinks level by level while
 * its wall closes in, and just before it vanishes it is a single cell that
 * is not the player's with all six neighbours the player's, away from the
 * edges of that level's triangle. So: the player has a ring if and only if
 * some level of the reduction pyramid holds such a lone enclosed cell. (Found
 * true against a flood-fill search on every binary triangle up to side 6 and
 * on random larger ones; the tests repeat this on the boards themselves.)
 *
 * Hex boards go through the layout's triangle with the template cells
 * counted as not the player's: a region reaching a Hex edge then joins the
 * template or the outside of the Hex square, which reaches a side of the
 * triangle, so it is not enclosed.
 *
 * Work: one word a column at 1 bit a cell (the column never exceeds 32
 * cells: N for Y, N + 1 for Hex, whose row N stays clear), one pass after
 * another, each followed by a bitwise test of all the level's cells.
 */
import type { Player } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { bprLayout } from '../game/reduction-triangle.js';
import { encodePlayerBits, majority } from './bpr-layout.js';

/** Bits 0 … n − 1 of a u32 (all of them from n = 32 on). */
function lowBits(n: number): number {
  return n >= 32 ? -1 : (1 << n) - 1;
}

/**
 * The reduction level (0 = the board itself) at which `player`'s first ring
 * shows as a lone enclosed cell, or −1 when `player` encloses no cell that is
 * not theirs. Any board, full or partial, of either game.
 */
export function ringLevel(g: Geometry, cells: Cells, player: Player): number {
  const layout = bprLayout(g);
  // One spare zero column, so the last column's right-hand neighbour can be read.
  const w = new Int32Array(layout.columns + 1);
  encodePlayerBits(layout, cells, player, w);
  for (let level = 0; level < layout.side; level++) {
    const side = layout.side - level;
    // Interior cells of this level: x ≥ 1, j ≥ 1, x + j ≤ side − 2.
    const lastX = Math.min(side - 3, layout.columns - 1);
    for (let x = 1; x <= lastX; x++) {
      const left = w[x - 1] as number;
      const mid = w[x] as number;
      const right = w[x + 1] as number;
      // Not the player's, with (x, j±1), (x±1, j), (x+1, j−1) and (x−1, j+1) the player's.
      const lone = ~mid & (mid >>> 1) & (mid << 1) & right & (right << 1) & left & (left >>> 1);
      if (lone & lowBits(side - 1 - x) & ~1) return level;
    }
    if (level < layout.passes) {
      const k = layout.activeColumns[level] as number;
      for (let x = 0; x < k; x++) {
        const a = w[x] as number;
        w[x] = majority(a, a >>> 1, w[x + 1] as number);
      }
    }
  }
  return -1;
}

/** Whether `player`'s stones enclose at least one cell that is not theirs (see ringLevel). */
export function hasRing(g: Geometry, cells: Cells, player: Player): boolean {
  return ringLevel(g, cells, player) >= 0;
}
