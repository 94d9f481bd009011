/**
 * Playout fills: every empty cell gets a stone.
 *
 * - exact (default): the side to move receives ⌈E/2⌉ of the E empty cells,
 *   a uniformly drawn subset. Drawn by selection sampling (Knuth's Algorithm
 *   S) over the empty cells in row-major order: the k-th empty cell goes to
 *   the side to move when uniformBelow(w[k], cells left) < stones still owed.
 *   One word per empty cell and no shuffle array, so a GPU invocation can
 *   stream it straight into its column words.
 * - coin: the k-th empty cell goes to the side to move when bit k mod 32 of
 *   w[⌊k/32⌋] is 1 (independent fair coins, as in the Hexbot post).
 *
 * shaders/fill.wgsl is the twin of this file; tests keep them identical.
 */
import { Color, type Player, opponent } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import { type PlayoutKey, PlayoutStream, uniformBelow } from './counter-rng.js';

export enum FillKind {
  Exact = 'exact',
  Coin = 'coin',
}

export function parseFillKind(text: string): FillKind {
  if (text === 'exact') return FillKind.Exact;
  if (text === 'coin') return FillKind.Coin;
  throw new Error(`unknown fill "${text}" (expected exact or coin)`);
}

export function countEmpty(cells: Cells): number {
  let e = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] === Color.Empty) e++;
  return e;
}

/** Fills the empty cells of `base` into `out` (which may be `base` itself). */
export function fillPlayout(base: Cells, toMove: Player, key: PlayoutKey, kind: FillKind, out: Cells): void {
  const other = opponent(toMove);
  const stream = new PlayoutStream(key);
  if (kind === FillKind.Exact) {
    let left = countEmpty(base);
    let owed = (left + 1) >>> 1;
    for (let i = 0; i < base.length; i++) {
      const v = base[i] as Color;
      if (v !== Color.Empty) {
        out[i] = v;
        continue;
      }
      const mine = uniformBelow(stream.word(), left) < owed;
      out[i] = mine ? toMove : other;
      if (mine) owed--;
      left--;
    }
  } else {
    let word = 0;
    let k = 0;
    for (let i = 0; i < base.length; i++) {
      const v = base[i] as Color;
      if (v !== Color.Empty) {
        out[i] = v;
        continue;
      }
      if ((k & 31) === 0) word = stream.word();
      out[i] = (word >>> (k & 31)) & 1 ? toMove : other;
      k++;
    }
  }
}
