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
import { type PlayoutKey, pcgBlock, uniformBelow } from './counter-rng.js';

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

/**
 * One step of the exact fill: 1 when the next empty cell goes to the side to
 * move, given the word drawn for it, the empty cells left (this one
 * included) and the stones still owed. A random outcome, so computed without
 * a branch the processor would mispredict half the time. Shared with the
 * bit-sliced filler (fill-slices.ts), so both draw the very same boards.
 */
export function exactDraw(word: number, left: number, owed: number): number {
  return (uniformBelow(word, left) - owed) >>> 31;
}

/**
 * Fills the empty cells of `base` into `out` (which may be `base` itself).
 * The stream's words are drawn block by block into a scratch array owned by
 * a closure: a module-level array would become a bundler's `var`, which V8
 * optimises less well, and a PlayoutStream object per playout costs more than
 * the cells it fills on small boards.
 */
export const fillPlayout = makeFiller();

function makeFiller(): (base: Cells, toMove: Player, key: PlayoutKey, kind: FillKind, out: Cells) => void {
  const block = new Uint32Array(4);
  // Black ^ White: p ^ SWAP_PLAYER turns one player into the other.
  const SWAP_PLAYER = Color.Black ^ Color.White;
  return (base, toMove, key, kind, out) => {
    const other = opponent(toMove);
    const seed = key.seed;
    const position = key.position;
    const playout = key.playout;
    let counter = 0;
    let next = 4;
    if (kind === FillKind.Exact) {
      let left = countEmpty(base);
      let owed = (left + 1) >>> 1;
      for (let i = 0; i < base.length; i++) {
        const v = base[i] as Color;
        if (v !== Color.Empty) {
          out[i] = v;
          continue;
        }
        if (next === 4) {
          pcgBlock(seed, position, playout, counter++, block);
          next = 0;
        }
        const mine = exactDraw(block[next++] as number, left, owed);
        out[i] = other ^ (mine * SWAP_PLAYER);
        owed -= mine;
        left--;
      }
      return;
    }
    let word = 0;
    let k = 0;
    for (let i = 0; i < base.length; i++) {
      const v = base[i] as Color;
      if (v !== Color.Empty) {
        out[i] = v;
        continue;
      }
      if ((k & 31) === 0) {
        if (next === 4) {
          pcgBlock(seed, position, playout, counter++, block);
          next = 0;
        }
        word = block[next++] as number;
      }
      out[i] = other ^ (((word >>> (k & 31)) & 1) * SWAP_PLAYER);
      k++;
    }
  };
}
