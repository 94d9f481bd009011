/**
 * Twin: shaders/bpr.wgsl (the GPU kernel doing the same reduction).
 *
 * `bpr`: bitwise-parallel reduction, the paper's Listing 1. Two bits a cell,
 * one column a word (or a lo/hi pair of u32 for columns over 16 cells), each
 * pass a majority of every cell with its two upper neighbours, computed for a
 * whole column with a handful of word operations. Layout: bpr-layout.ts.
 *
 * The first pass reads the caller's (or the prepared) words and writes a
 * scratch array, so the input is never altered and no copy is made. The hot
 * loops carry the next column in a local, so each column update is one load,
 * one store and five logic operations. The 1-word and 2-word loops are
 * separate functions so that each stays small and monomorphic.
 */
import type { Color, Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { type BprLayout, bprLayout } from '../game/reduction-triangle.js';
import { encodeTwoBit, scratchWords } from './bpr-layout.js';
import { type BoardWinTest, type PreparedBatch, type WinTestMethod, BOTH_GAMES } from './method.js';

/**
 * Reduces one board of 1-word columns, src[off …], and returns the apex's
 * 2-bit value. `work` must hold `columns` words with any template column
 * already in place (passes never rewrite it but read it).
 */
export function reduceOneWord(
  src: Int32Array,
  off: number,
  work: Int32Array,
  active: Uint8Array,
  passes: number,
): number {
  if (passes === 0) return (src[off] as number) & 3;
  let k = active[0] as number;
  let a = src[off] as number;
  for (let x = 0; x < k; x++) {
    const c = src[off + x + 1] as number;
    const b = a >>> 2;
    work[x] = (a & (b | c)) | (b & c);
    a = c;
  }
  for (let p = 1; p < passes; p++) {
    k = active[p] as number;
    a = work[0] as number;
    for (let x = 0; x < k; x++) {
      const c = work[x + 1] as number;
      const b = a >>> 2;
      work[x] = (a & (b | c)) | (b & c);
      a = c;
    }
  }
  return (work[0] as number) & 3;
}

/**
 * The same for (lo, hi) column pairs (column x at words 2x, 2x + 1). From
 * pass `loOnlyFrom` on only the lo words matter (see BprLayout). The first
 * pass is written out on its own rather than reading through a variable that
 * switches from `src` to `work`: that switch cost a third of the time.
 */
export function reduceTwoWord(
  src: Int32Array,
  off: number,
  work: Int32Array,
  active: Uint8Array,
  passes: number,
  loOnlyFrom: number,
): number {
  if (passes === 0) return (src[off] as number) & 3;
  let end = 2 * (active[0] as number);
  let lo = src[off] as number;
  let hi = src[off + 1] as number;
  for (let i = 0; i < end; i += 2) {
    const cLo = src[off + i + 2] as number;
    const cHi = src[off + i + 3] as number;
    const bLo = (lo >>> 2) | (hi << 30);
    const bHi = hi >>> 2;
    work[i] = (lo & (bLo | cLo)) | (bLo & cLo);
    work[i + 1] = (hi & (bHi | cHi)) | (bHi & cHi);
    lo = cLo;
    hi = cHi;
  }
  let p = 1;
  for (; p < loOnlyFrom; p++) {
    end = 2 * (active[p] as number);
    lo = work[0] as number;
    hi = work[1] as number;
    for (let i = 0; i < end; i += 2) {
      const cLo = work[i + 2] as number;
      const cHi = work[i + 3] as number;
      const bLo = (lo >>> 2) | (hi << 30);
      const bHi = hi >>> 2;
      work[i] = (lo & (bLo | cLo)) | (bLo & cLo);
      work[i + 1] = (hi & (bHi | cHi)) | (bHi & cHi);
      lo = cLo;
      hi = cHi;
    }
  }
  for (; p < passes; p++) {
    end = 2 * (active[p] as number);
    let a = work[0] as number;
    for (let i = 0; i < end; i += 2) {
      const c = work[i + 2] as number;
      const b = a >>> 2;
      work[i] = (a & (b | c)) | (b & c);
      a = c;
    }
  }
  return (work[0] as number) & 3;
}

class BprTest implements BoardWinTest {
  private readonly layout: BprLayout;
  private readonly work: Int32Array;
  private readonly input: Int32Array;

  constructor(g: Geometry) {
    this.layout = bprLayout(g);
    // Starting from the empty board's words puts the Hex template column in place.
    this.work = scratchWords(this.layout.twoBitWords);
    this.work.set(this.layout.emptyTwoBit);
    this.input = scratchWords(this.layout.twoBitWords);
  }

  winner(cells: Cells): Winner {
    encodeTwoBit(this.layout, cells, this.input, 0);
    const l = this.layout;
    const v =
      l.wordsPerColumn === 1
        ? reduceOneWord(this.input, 0, this.work, l.activeColumns, l.passes)
        : reduceTwoWord(this.input, 0, this.work, l.activeColumns, l.passes, l.loOnlyFromPass);
    return v as Color;
  }

  prepare(boards: readonly Cells[]): PreparedBatch {
    const l = this.layout;
    const stride = l.twoBitWords;
    const words = new Int32Array(boards.length * stride);
    boards.forEach((cells, i) => encodeTwoBit(l, cells, words, i * stride));
    const count = boards.length;
    const work = this.work;
    const active = l.activeColumns;
    const passes = l.passes;
    const loOnlyFrom = l.loOnlyFromPass;
    // One loop per column width, so the benchmark times the reduction and nothing else.
    const decideAll =
      l.wordsPerColumn === 1
        ? (out: Uint8Array) => {
            for (let i = 0, off = 0; i < count; i++, off += stride)
              out[i] = reduceOneWord(words, off, work, active, passes);
          }
        : (out: Uint8Array) => {
            for (let i = 0, off = 0; i < count; i++, off += stride) {
              out[i] = reduceTwoWord(words, off, work, active, passes, loOnlyFrom);
            }
          };
    return { count, decideAll };
  }
}

export const bpr: WinTestMethod = {
  name: 'bpr',
  summary:
    "bitwise-parallel reduction (the paper's Listing 1): 2 bits a cell, a column a u32 or u32 pair, Hex via the clipped template",
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: false, batches: false },
  create: (g: Geometry): BoardWinTest => new BprTest(g),
};
