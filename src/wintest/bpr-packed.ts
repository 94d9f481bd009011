/**
 * `bpr-packed`: BPR at one bit a cell (paper §4.4). On a full board every
 * cell is black (1) or white (0), and the majority of three such bits is the
 * majority of the colours, so no empty code is needed. A column of at most 32
 * cells always fits one u32, at every size of either game. Boards with empty
 * cells are refused: 0 would read as white. Layout: bpr-layout.ts.
 */
import { Color, type Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { type BprLayout, bprLayout } from '../game/reduction-triangle.js';
import { encodeOneBit, scratchWords } from './bpr-layout.js';
import { type BoardWinTest, type PreparedBatch, type WinTestMethod, BOTH_GAMES, refusePartial } from './method.js';

const NAME = 'bpr-packed';

/**
 * Reduces one board of 1-bit columns, src[off …], and returns the apex bit
 * (1 black, 0 white). `work` must hold `columns` words with the Hex template
 * column (all zero, white) in place.
 */
export function reducePacked(
  src: Int32Array,
  off: number,
  work: Int32Array,
  active: Uint8Array,
  passes: number,
): number {
  if (passes === 0) return (src[off] as number) & 1;
  let k = active[0] as number;
  let a = src[off] as number;
  for (let x = 0; x < k; x++) {
    const c = src[off + x + 1] as number;
    const b = a >>> 1;
    work[x] = (a & (b | c)) | (b & c);
    a = c;
  }
  for (let p = 1; p < passes; p++) {
    k = active[p] as number;
    a = work[0] as number;
    for (let x = 0; x < k; x++) {
      const c = work[x + 1] as number;
      const b = a >>> 1;
      work[x] = (a & (b | c)) | (b & c);
      a = c;
    }
  }
  return (work[0] as number) & 1;
}

class PackedTest implements BoardWinTest {
  private readonly layout: BprLayout;
  private readonly work: Int32Array;
  private readonly input: Int32Array;

  constructor(g: Geometry) {
    this.layout = bprLayout(g);
    this.work = scratchWords(this.layout.columns);
    this.work.set(this.layout.emptyOneBit);
    this.input = scratchWords(this.layout.columns);
  }

  winner(cells: Cells): Winner {
    const l = this.layout;
    if (!encodeOneBit(l, cells, this.input, 0)) refusePartial(NAME);
    return reducePacked(this.input, 0, this.work, l.activeColumns, l.passes) === 1 ? Color.Black : Color.White;
  }

  prepare(boards: readonly Cells[]): PreparedBatch {
    const l = this.layout;
    const stride = l.columns;
    const words = new Int32Array(boards.length * stride);
    boards.forEach((cells, i) => {
      if (!encodeOneBit(l, cells, words, i * stride)) refusePartial(NAME);
    });
    const count = boards.length;
    const work = this.work;
    const active = l.activeColumns;
    const passes = l.passes;
    return {
      count,
      decideAll(out: Uint8Array): void {
        // Apex bit 1 → 1 (Color.Black), 0 → 2 (Color.White).
        for (let i = 0, off = 0; i < count; i++, off += stride)
          out[i] = 2 - reducePacked(words, off, work, active, passes);
      },
    };
  }
}

export const bprPacked: WinTestMethod = {
  name: NAME,
  summary: 'bitwise-parallel reduction at 1 bit a cell (paper §4.4), one u32 a column; full boards only',
  supports: { games: BOTH_GAMES, partialBoards: false, incremental: false, batches: false },
  create: (g: Geometry): BoardWinTest => new PackedTest(g),
};
