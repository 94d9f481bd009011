/**
 * `bpr-incremental`: iterative BPR+ (paper §4.5). The whole reduction
 * pyramid is kept: level 0 is the board (in the triangle of bpr-layout.ts),
 * level p + 1 is level p after one pass, and the last level's cell (0, 0) is
 * the winner. Cell (x, j) of level p + 1 reads cells (x, j), (x, j+1) and
 * (x+1, j) of level p, so a stone in column x can change only columns
 * x − p … x of level p: a cone. A move rewrites level 0 and then, level by
 * level, only the columns whose inputs changed, stopping as soon as a level
 * comes out unchanged. A win query is one read of the apex.
 *
 * Every column is a (lo, hi) word pair here whatever the size (hi stays zero
 * for columns of up to 16 cells): a move touches few columns, so one code
 * path is worth more than the saved word.
 */
import { Color, type Player, type Winner } from '../game/color.js';
import type { CellIndex, Cells, Geometry } from '../game/geometry.js';
import { type BprLayout, bprLayout, pairWordOf, twoBitShiftOf } from '../game/reduction-triangle.js';
import { type BoardWinTest, type IncrementalWinTest, type WinTestMethod, BOTH_GAMES, cellsBatch } from './method.js';

/** A reduction pyramid, updated one stone at a time. */
export class BprPyramid implements IncrementalWinTest {
  readonly layout: BprLayout;
  /** Words of one level: a (lo, hi) pair a column. */
  readonly levelWords: number;
  private readonly words: Int32Array;
  private readonly emptyBoardPyramid: Int32Array;
  // The columns the last step changed (a range), kept in fields to avoid allocating.
  private changedFrom = 0;
  private changedTo = -1;

  constructor(g: Geometry) {
    this.layout = bprLayout(g);
    const l = this.layout;
    this.levelWords = 2 * l.columns;
    const empty = new Int32Array(this.levelWords);
    for (let x = 0; x < l.columns; x++) {
      if (l.wordsPerColumn === 1) {
        empty[2 * x] = l.emptyTwoBit[x] as number;
      } else {
        empty[2 * x] = l.emptyTwoBit[2 * x] as number;
        empty[2 * x + 1] = l.emptyTwoBit[2 * x + 1] as number;
      }
    }
    // Every level starts as the empty board, so columns a pass never rewrites
    // (the Hex template column above all) hold the same words in every pyramid.
    this.words = new Int32Array((l.passes + 1) * this.levelWords);
    for (let p = 0; p <= l.passes; p++) this.words.set(empty, p * this.levelWords);
    this.reduceAll();
    this.emptyBoardPyramid = this.words.slice();
  }

  reset(): void {
    this.words.set(this.emptyBoardPyramid);
  }

  play(cell: CellIndex, color: Player): void {
    const l = this.layout;
    const x = l.cellColumn[cell] as number;
    const j = l.cellRow[cell] as number;
    const w = pairWordOf(x, j);
    const s = twoBitShiftOf(j);
    this.words[w] = ((this.words[w] as number) & ~(3 << s)) | (color << s);
    let from = x;
    let to = x;
    for (let p = 0; p < l.passes; p++) {
      const last = (l.activeColumns[p] as number) - 1;
      const lo = from > 0 ? from - 1 : 0;
      const hi = to < last ? to : last;
      if (lo > hi || !this.step(p, lo, hi)) return;
      from = this.changedFrom;
      to = this.changedTo;
    }
  }

  winner(): Winner {
    return ((this.words[this.layout.passes * this.levelWords] as number) & 3) as Color;
  }

  /** A copy of the whole pyramid, level 0 first, levelWords words a level. */
  snapshot(): Int32Array {
    return this.words.slice();
  }

  /** Sets level 0 to a board and recomputes every level from scratch. */
  load(cells: Cells): void {
    this.reset();
    const l = this.layout;
    if (cells.length !== l.geometry.cellCount) {
      throw new Error(`board has ${cells.length} cells, expected ${l.geometry.cellCount}`);
    }
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i] as number;
      if (v === Color.Empty) continue;
      const j = l.cellRow[i] as number;
      const w = pairWordOf(l.cellColumn[i] as number, j);
      this.words[w] = (this.words[w] as number) | (v << twoBitShiftOf(j));
    }
    this.reduceAll();
  }

  private reduceAll(): void {
    const l = this.layout;
    for (let p = 0; p < l.passes; p++) this.step(p, 0, (l.activeColumns[p] as number) - 1);
  }

  /**
   * Recomputes columns from … to of level p + 1 from level p. Returns whether
   * any changed, and leaves the changed range in changedFrom/changedTo.
   */
  private step(p: number, from: number, to: number): boolean {
    const w = this.words;
    const src = p * this.levelWords;
    const dst = src + this.levelWords;
    let first = -1;
    let last = -1;
    for (let x = from; x <= to; x++) {
      const lo = w[src + 2 * x] as number;
      const hi = w[src + 2 * x + 1] as number;
      const cLo = w[src + 2 * x + 2] as number;
      const cHi = w[src + 2 * x + 3] as number;
      const bLo = (lo >>> 2) | (hi << 30);
      const bHi = hi >>> 2;
      const newLo = (lo & (bLo | cLo)) | (bLo & cLo);
      const newHi = (hi & (bHi | cHi)) | (bHi & cHi);
      if (newLo !== w[dst + 2 * x] || newHi !== w[dst + 2 * x + 1]) {
        w[dst + 2 * x] = newLo;
        w[dst + 2 * x + 1] = newHi;
        if (first < 0) first = x;
        last = x;
      }
    }
    this.changedFrom = first;
    this.changedTo = last;
    return first >= 0;
  }
}

/** The pyramid of a board computed from scratch (for checking the incremental one). */
export function pyramidOf(g: Geometry, cells: Cells): Int32Array {
  const pyramid = new BprPyramid(g);
  pyramid.load(cells);
  return pyramid.snapshot();
}

export const bprIncremental: WinTestMethod = {
  name: 'bpr-incremental',
  summary:
    'iterative BPR+ (paper §4.5): the reduction pyramid updated per move, a cone of columns a level; one read per query',
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: true, batches: false },
  createIncremental: (g: Geometry): IncrementalWinTest => new BprPyramid(g),
  create(g: Geometry): BoardWinTest {
    const pyramid = new BprPyramid(g);
    const test = {
      // Replays the stones one by one, so that the board test measures the per-move updates this method is about.
      winner(cells: Cells): Winner {
        if (cells.length !== g.cellCount) throw new Error(`board has ${cells.length} cells, expected ${g.cellCount}`);
        pyramid.reset();
        for (let i = 0; i < cells.length; i++) {
          const v = cells[i] as Color;
          if (v !== Color.Empty) pyramid.play(i, v);
        }
        return pyramid.winner();
      },
    };
    return { ...test, prepare: (boards) => cellsBatch(test, boards) };
  },
};
