/**
 * Connected-component labelling row by row, in the manner of "fast connected
 * components for bitboards": each row of a player's stones (bitboard.ts) is
 * cut into runs, each run joins the labels of the runs it touches in the row
 * above, and each label carries the set of sides its component touches. A
 * player wins once one label holds every side it needs.
 *
 * In Hex adjacency a run occupying bits lo…hi touches the row above at bits
 * lo…hi+1 (cell c sees c and c+1 above). For rows of up to 8 cells a lookup
 * table keyed by the two rows' patterns gives, for each run of the lower
 * row, the set of upper runs it touches, and a second table lists each
 * pattern's runs. Wider rows do the same work without tables: runs come from
 * a carry trick, and a merge walk over the two sorted run lists finds the
 * touching pairs.
 */
import type { Player } from '../game/color.js';
import type { Geometry } from '../game/geometry.js';
import { ROW_PAD, RowBoardTest } from './bitboard.js';
import { type WinTestMethod, BOTH_GAMES } from './method.js';

/** Widest row the pair table covers. */
export const TABLE_WIDTH = 8;
/** Runs a row of TABLE_WIDTH cells can hold. */
const TABLE_RUNS = TABLE_WIDTH / 2;
/** Runs a row of 32 cells can hold. */
const MAX_RUNS = 16;

/** The runs of a row pattern as masks, lowest first; returns how many. */
export function rowRuns(pattern: number, out: Int32Array): number {
  let m = pattern;
  let count = 0;
  while (m !== 0) {
    const low = m & -m;
    // Adding the run's lowest bit carries through the whole run.
    const run = ((m + low) ^ m) & m;
    out[count++] = run;
    m ^= run;
  }
  return count;
}

/** The bits of the row above that a run touches. */
function upperReach(run: number): number {
  return run | (run << 1);
}

interface PairTables {
  /** Runs of each 8-bit pattern. */
  readonly runCount: Uint8Array;
  /** Run k of pattern p is runMasks[p·TABLE_RUNS + k]. */
  readonly runMasks: Uint8Array;
  /** For (upper << 8 | lower): nibble k is the set of upper runs that lower run k touches. */
  readonly links: Uint16Array;
}

let tables: PairTables | undefined;

function pairTables(): PairTables {
  if (tables) return tables;
  const patterns = 1 << TABLE_WIDTH;
  const runCount = new Uint8Array(patterns);
  const runMasks = new Uint8Array(patterns * TABLE_RUNS);
  const runs = new Int32Array(MAX_RUNS);
  for (let p = 0; p < patterns; p++) {
    const count = rowRuns(p, runs);
    runCount[p] = count;
    for (let k = 0; k < count; k++) runMasks[p * TABLE_RUNS + k] = runs[k] as number;
  }
  const links = new Uint16Array(patterns * patterns);
  for (let upper = 0; upper < patterns; upper++) {
    for (let lower = 0; lower < patterns; lower++) {
      let entry = 0;
      for (let k = 0; k < (runCount[lower] as number); k++) {
        const reach = upperReach(runMasks[lower * TABLE_RUNS + k] as number);
        for (let u = 0; u < (runCount[upper] as number); u++) {
          if ((runMasks[upper * TABLE_RUNS + u] as number) & reach) entry |= 1 << (4 * k + u);
        }
      }
      links[(upper << TABLE_WIDTH) | lower] = entry;
    }
  }
  tables = { runCount, runMasks, links };
  return tables;
}

class ComponentsTest extends RowBoardTest {
  private readonly table: PairTables | undefined;
  /** Union-find over run labels; each root holds its component's side bits. */
  private readonly parent: Int32Array;
  private readonly sideBits: Uint8Array;
  private labelCount = 0;
  /** Runs (masks) and labels of the row above and of the current row. */
  private upperRuns = new Int32Array(MAX_RUNS);
  private upperLabels = new Int32Array(MAX_RUNS);
  private lowerRuns = new Int32Array(MAX_RUNS);
  private lowerLabels = new Int32Array(MAX_RUNS);
  /** Per lower run, the upper runs it touches (bit u: upper run u). */
  private readonly touchedUpper = new Int32Array(MAX_RUNS);

  constructor(g: Geometry) {
    super(g);
    this.table = this.layout.size <= TABLE_WIDTH ? pairTables() : undefined;
    const maxLabels = this.layout.rows * MAX_RUNS;
    this.parent = new Int32Array(maxLabels);
    this.sideBits = new Uint8Array(maxLabels);
  }

  private find(label: number): number {
    const p = this.parent;
    while (p[label] !== label) {
      const up = p[p[label] as number] as number;
      p[label] = up;
      label = up;
    }
    return label;
  }

  private newLabel(): number {
    const label = this.labelCount++;
    this.parent[label] = label;
    this.sideBits[label] = 0;
    return label;
  }

  /** Cuts `pattern` into lowerRuns; returns how many. */
  private cutRuns(pattern: number): number {
    const t = this.table;
    if (!t) return rowRuns(pattern, this.lowerRuns);
    const count = t.runCount[pattern] as number;
    for (let k = 0; k < count; k++) this.lowerRuns[k] = t.runMasks[pattern * TABLE_RUNS + k] as number;
    return count;
  }

  /**
   * For each lower run k, stores in touchedUpper[k] the set of upper runs
   * (bit u for upper run u) it touches: from the pair table, or by a merge
   * walk over the two sorted run lists.
   */
  private linkRows(upperPattern: number, upperCount: number, lowerPattern: number, lowerCount: number): void {
    const t = this.table;
    if (t) {
      const entry = t.links[(upperPattern << TABLE_WIDTH) | lowerPattern] as number;
      for (let k = 0; k < lowerCount; k++) this.touchedUpper[k] = (entry >>> (4 * k)) & 15;
      return;
    }
    let start = 0;
    for (let k = 0; k < lowerCount; k++) {
      const reach = upperReach(this.lowerRuns[k] as number);
      const fromBit = -(reach & -reach);
      // Upper runs wholly below this reach are below every later one too.
      while (start < upperCount && ((this.upperRuns[start] as number) & fromBit) === 0) start++;
      let touched = 0;
      for (let u = start; u < upperCount && ((this.upperRuns[u] as number) & reach) !== 0; u++) touched |= 1 << u;
      this.touchedUpper[k] = touched;
    }
  }

  /** The label of a lower run: the union of the upper runs' components it touches, or a new one. */
  private labelRun(touched: number): number {
    let root = -1;
    for (; touched !== 0; touched &= touched - 1) {
      const other = this.find(this.upperLabels[31 - Math.clz32(touched & -touched)] as number);
      if (root < 0) {
        root = other;
      } else if (other !== root) {
        this.parent[other] = root;
        this.sideBits[root] = (this.sideBits[root] as number) | (this.sideBits[other] as number);
      }
    }
    return root < 0 ? this.newLabel() : root;
  }

  /** The current row becomes the row above. */
  private swapRows(): void {
    const runs = this.upperRuns;
    this.upperRuns = this.lowerRuns;
    this.lowerRuns = runs;
    const labels = this.upperLabels;
    this.upperLabels = this.lowerLabels;
    this.lowerLabels = labels;
  }

  /** Labels one player's stones row by row; true once a component holds all its sides. */
  protected wins(stones: Int32Array, base: number, player: Player): boolean {
    const sides = this.layout.sides[player];
    const goal = (1 << sides.length) - 1;
    this.labelCount = 0;
    let upperPattern = 0;
    let upperCount = 0;
    for (let r = ROW_PAD; r < this.layout.rows + ROW_PAD; r++) {
      const pattern = stones[base + r] as number;
      const count = this.cutRuns(pattern);
      this.linkRows(upperPattern, upperCount, pattern, count);
      for (let k = 0; k < count; k++) {
        const run = this.lowerRuns[k] as number;
        const label = this.labelRun(this.touchedUpper[k] as number);
        let touchedSides = this.sideBits[label] as number;
        for (let s = 0; s < sides.length; s++)
          if (run & ((sides[s] as Int32Array)[r] as number)) touchedSides |= 1 << s;
        this.sideBits[label] = touchedSides;
        if (touchedSides === goal) return true;
        this.lowerLabels[k] = label;
      }
      this.swapRows();
      upperPattern = pattern;
      upperCount = count;
    }
    return false;
  }
}

export const components: WinTestMethod = {
  name: 'components',
  summary: 'connected components row by row, runs joined by a row-pair lookup table (rows ≤ 8 cells) or a merge walk',
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: false, batches: false },
  create: (g) => new ComponentsTest(g),
};
