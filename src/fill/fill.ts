/**
 * Playout fills: every empty cell gets a stone.
 *
 * - exact (default): the side to move receives ⌈E/2⌉ of the E empty cells,
 *   a uniformly drawn subset. Drawn as a coin fill, then corrected:
 *   1. the k-th empty cell gets bit k mod 32 of w[⌊k/32⌋] (1: the side to
 *      move), for k < E, so the first ⌈E/32⌉ words are the coins;
 *   2. while the side to move holds more (fewer) than ⌈E/2⌉ of them, the next
 *      word picks an empty cell j = uniformBelow(w, E); if j holds a stone of
 *      the side in excess (1 when too many, 0 when too few), it is flipped.
 *   Step 2 is rejection sampling, so each flip takes a uniformly chosen stone
 *   of the side in excess. The coins are uniform over boards with any given
 *   count, and taking away uniformly chosen members keeps that, so the result
 *   is uniform over boards with ⌈E/2⌉ stones for the side to move: the same
 *   distribution as selection sampling, from about ⌈E/32⌉ + 2|k − ⌈E/2⌉|
 *   words instead of E.
 * - coin: the k-th empty cell goes to the side to move when bit k mod 32 of
 *   w[⌊k/32⌋] is 1 (independent fair coins, as in the Hexbot post).
 *
 * shaders/fill.wgsl is the twin of this file; tests keep them identical.
 */
import { Color, type Player, opponent } from '../game/color.js';
import type { Cells } from '../game/geometry.js';
import { type PlayoutKey, pcgBlock, uniformBelow } from './counter-rng.js';

/** The number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** How a playout fills the empty cells: `exact` gives the side to move ⌈E/2⌉ of the E empty cells, uniformly; `coin` flips a fair coin for each. */
export enum FillKind {
  Exact = 'exact',
  Coin = 'coin',
}

/** `exact` or `coin`; throws otherwise. */
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
 * The exact fill's choices for playout (seed, position, playout) of a
 * position with `empty` empty cells: afterwards bit k of coins[k >>> 5] is 1
 * when the k-th empty cell (row-major) goes to the side to move, and exactly
 * ⌈empty/2⌉ bits are set (the coins, then the corrections described at the
 * top). `block` is the caller's scratch for the stream's words. Shared with
 * the bit-sliced filler (fill-slices.ts), so both draw the very same boards.
 */
export function exactCoins(
  seed: number,
  position: number,
  playout: number,
  empty: number,
  coins: Uint32Array,
  block: Uint32Array,
): void {
  const owed = (empty + 1) >>> 1;
  const words = (empty + 31) >>> 5;
  let counter = 0;
  let next = 4;
  let mine = 0;
  for (let k = 0; k < words; k++) {
    if (next === 4) {
      pcgBlock(seed, position, playout, counter++, block);
      next = 0;
    }
    // Only the bits of real cells count: the last word may be partial.
    const valid = empty - 32 * k;
    const word = valid >= 32 ? (block[next++] as number) : (block[next++] as number) & ((1 << valid) - 1);
    coins[k] = word;
    mine += popcount(word);
  }
  // 1 when the side to move holds too many, so its stones are taken away.
  const excess = mine > owed ? 1 : 0;
  const step = 1 - 2 * excess;
  while (mine !== owed) {
    if (next === 4) {
      pcgBlock(seed, position, playout, counter++, block);
      next = 0;
    }
    const j = uniformBelow(block[next++] as number, empty);
    const bit = 1 << (j & 31);
    const w = coins[j >>> 5] as number;
    // A flip half the time at random: no branch to mispredict.
    const flip = (((w >>> (j & 31)) & 1) ^ excess ^ 1) as 0 | 1;
    coins[j >>> 5] = w ^ (bit & -flip);
    mine += step * flip;
  }
}

/**
 * Either fill's choices for one playout: bit k of out[k >>> 5] is 1 when the
 * k-th empty cell goes to the side to move. The coin fill's are the stream's
 * words as they come; the exact fill's are corrected (exactCoins). Both
 * fillPlayout and the bit-sliced filler read them, so they fill alike.
 */
export function choiceWords(
  seed: number,
  position: number,
  playout: number,
  empty: number,
  kind: FillKind,
  out: Uint32Array,
  block: Uint32Array,
): void {
  if (kind === FillKind.Exact) {
    exactCoins(seed, position, playout, empty, out, block);
    return;
  }
  let next = 4;
  let counter = 0;
  for (let w = 0; w < (empty + 31) >>> 5; w++) {
    if (next === 4) {
      pcgBlock(seed, position, playout, counter++, block);
      next = 0;
    }
    out[w] = block[next++] as number;
  }
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
  // One choice bit per empty cell: 32 words cover the largest board (Hex 31).
  const choices = new Uint32Array(32);
  // Black ^ White: p ^ SWAP_PLAYER turns one player into the other.
  const SWAP_PLAYER = Color.Black ^ Color.White;
  return (base, toMove, key, kind, out) => {
    const other = opponent(toMove);
    choiceWords(key.seed, key.position, key.playout, countEmpty(base), kind, choices, block);
    let k = 0;
    for (let i = 0; i < base.length; i++) {
      const v = base[i] as Color;
      if (v !== Color.Empty) {
        out[i] = v;
        continue;
      }
      out[i] = other ^ ((((choices[k >>> 5] as number) >>> (k & 31)) & 1) * SWAP_PLAYER);
      k++;
    }
  };
}
