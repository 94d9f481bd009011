/**
 * The learned move prior of a Hex position: each empty cell's strength, the
 * product of its features' gammas (features.ts) from a fitted table
 * (table.ts), as the search's P. Built for a call at every expanded node:
 * the tables are made once per geometry and the loop allocates nothing.
 */
import { type Player, opponent } from '../../game/color.js';
import type { CellIndex, Cells, Geometry } from '../../game/geometry.js';
import { type Move, type Position, SWAP } from '../../game/position.js';
import { goalEdges } from '../knowledge/connect.js';
import { perGeometry } from '../../game/per-geometry.js';
import {
  AROUND,
  type Orientation,
  PATTERN_CELLS,
  RING_CELLS,
  RING_CODES,
  fillDigits,
  orientationOf,
  patternCode,
} from './frame.js';
import {
  RELATION_FAR,
  RELATION_NONE,
  SAVE_NONE,
  clearMarks,
  markPosition,
  type PriorScratch,
  priorScratch,
  relationClass,
  templateValue,
} from './features.js';
import { type PriorTable, parsePriorTable, patternGamma } from './table.js';
import shippedText from './hex-prior.json?raw';

/**
 * Writes each empty cell's base strength into `base` (cellCount entries; 0
 * on stones) for `mover` to play on `cells`: the product of the gammas of
 * its features that do not depend on the last move (its patterns, carrier,
 * distance and template), which only the stones near it change.
 */
export function priorBase(
  table: PriorTable,
  g: Geometry,
  cells: Readonly<Cells>,
  mover: Player,
  base: Float64Array,
): void {
  const scratch = priorScratch(g);
  const o = orientationOf(mover);
  const goal = goalEdges(g, mover);
  fillDigits(o, cells, scratch.digits);
  for (let cell = 0; cell < g.cellCount; cell++)
    base[cell] = cells[cell] === 0 ? baseOf(table, scratch, cells, o, goal, cell) : 0;
}

/**
 * priorBase of `cells` from `from`, the base of the board `cells` was two
 * stones ago with the same side to move (a grandparent in the tree): only
 * the cells whose patterns or templates hold one of `stones` are made
 * again. The same doubles as priorBase.
 */
export function priorBaseAfter(
  table: PriorTable,
  g: Geometry,
  cells: Readonly<Cells>,
  mover: Player,
  from: Readonly<Float64Array>,
  stones: readonly CellIndex[],
  base: Float64Array,
): void {
  const scratch = priorScratch(g);
  const o = orientationOf(mover);
  const goal = goalEdges(g, mover);
  const { start, cellsOf } = influenceOf(g);
  fillDigits(o, cells, scratch.digits);
  base.set(from);
  for (const stone of stones) {
    base[stone] = 0;
    for (let i = start[stone] as number; i < (start[stone + 1] as number); i++) {
      const cell = cellsOf[i] as number;
      base[cell] = cells[cell] === 0 ? baseOf(table, scratch, cells, o, goal, cell) : 0;
    }
  }
}

/** The base strength of empty `cell`, the scratch's digits filled for the side to move in orientation `o`, whose goal edges are `goal`. */
function baseOf(
  table: PriorTable,
  scratch: PriorScratch,
  cells: Readonly<Cells>,
  o: Orientation,
  goal: number,
  cell: CellIndex,
): number {
  const { frame, links, digits, tables } = scratch;
  const code = patternCode(frame, o, digits, cell);
  const code6 = code % RING_CODES;
  return (
    patternGamma(table.pattern12, code) *
    (table.pattern6[code6] as number) *
    (table.carrier[tables.carrierOfRing[code6] as number] as number) *
    (table.distance[frame.distance[o][cell] as number] as number) *
    (table.template[templateValue(links, cells, goal, cell)] as number)
  );
}

/**
 * Per cell s, the cells whose base strength a stone on s can change: those
 * whose 12-cell pattern holds s (the pattern relation is symmetric, so
 * these are s's own 12 pattern cells) and those with a ziggurat through s.
 */
const influenceOf = perGeometry((g: Geometry): { readonly start: Int32Array; readonly cellsOf: Int32Array } => {
  const { frame, links } = priorScratch(g);
  const lists: number[][] = Array.from({ length: g.cellCount }, () => []);
  for (let cell = 0; cell < g.cellCount; cell++) {
    for (const o of [0, 1] as const)
      for (let k = 0; k < PATTERN_CELLS; k++) {
        const s = frame.around[o][cell * AROUND + k] as number;
        if (s < g.cellCount) lists[s]?.push(cell);
      }
    const { edgeLinkStart, edgeLinks, carriers } = links;
    for (let i = edgeLinkStart[cell] as number; i < (edgeLinkStart[cell + 1] as number); i += 3)
      for (let j = edgeLinks[i + 1] as number; j < (edgeLinks[i + 2] as number); j++)
        lists[carriers[j] as number]?.push(cell);
  }
  const unique = lists.map((list) => [...new Set(list)]);
  const start = new Int32Array(g.cellCount + 1);
  unique.forEach((list, s) => (start[s + 1] = (start[s] as number) + list.length));
  return { start, cellsOf: Int32Array.from(unique.flat()) };
});

/**
 * Writes each cell's gamma into `out` from its base strength (priorBase):
 * times the gammas of its features that depend on the opponent's last move
 * `last` (−1 for none). Gives their sum.
 */
export function gammasFromBase(
  table: PriorTable,
  g: Geometry,
  cells: Readonly<Cells>,
  mover: Player,
  last: CellIndex,
  base: Readonly<Float64Array>,
  out: Float32Array,
): number {
  const { frame, digits, tables } = priorScratch(g);
  const saveOfLocal = tables.saveOfLocal;
  const o = orientationOf(mover);
  // The local pattern is the 6-cell code, read off the digits again (the base's caller may have filled them for another board).
  fillDigits(o, cells, digits);
  const marks = markPosition(g, mover, last);
  const apart = apartFactor(table, last);
  let sum = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cells[cell] !== 0) {
      out[cell] = 0;
      continue;
    }
    const step = marks.step[cell] as number;
    const near =
      step < 0 ? apart : nearFactor(table, saveOfLocal, step, patternCode(frame, o, digits, cell) % RING_CODES);
    const gamma = (base[cell] as number) * near;
    out[cell] = gamma;
    sum += gamma;
  }
  clearMarks(marks);
  return sum;
}

/** The last-move features' gamma of a cell with no last move in its frame: no local pattern, no save. */
function apartFactor(table: PriorTable, last: CellIndex): number {
  return (
    (table.relation[last < 0 ? RELATION_NONE : RELATION_FAR] as number) *
    table.localFar *
    (table.save[SAVE_NONE] as number)
  );
}

/** The last-move features' gamma of a cell at `step` (0 … AROUND − 1) from the last move, whose 6-cell code is `code6`. */
function nearFactor(table: PriorTable, saveOfLocal: Uint8Array, step: number, code6: number): number {
  const { relation, save, local } = table;
  if (step >= PATTERN_CELLS)
    return (relation[relationClass(step)] as number) * table.localFar * (save[SAVE_NONE] as number);
  const key = step * RING_CODES + code6;
  return (
    (relation[relationClass(step)] as number) *
    (local[key] as number) *
    (save[step < RING_CELLS ? (saveOfLocal[key] as number) : SAVE_NONE] as number)
  );
}

/**
 * Writes each cell's gamma into `out` (cellCount entries; 0 on stones) for
 * `mover` to play on `cells`, the opponent's last move being `last` (−1 for
 * none, as at the start or after a swap), and gives their sum. Throws for Y.
 */
export function priorGammas(
  table: PriorTable,
  g: Geometry,
  cells: Readonly<Cells>,
  mover: Player,
  last: CellIndex,
  out: Float32Array,
): number {
  const base = baseScratch(g);
  priorBase(table, g, cells, mover, base);
  return gammasFromBase(table, g, cells, mover, last, base, out);
}

/** priorGammas' base strengths, one array per geometry. */
const baseScratch = perGeometry((g: Geometry) => new Float64Array(g.cellCount));

let shipped: PriorTable | null = null;

/** The table that ships with the package (fitted by `hexbatch train-prior`; docs/prior.md says on what), parsed on first use. */
export function shippedPriorTable(): PriorTable {
  shipped ??= parsePriorTable(shippedText);
  return shipped;
}

/**
 * The prior's probability of each cell as the next move of `position` (a
 * Hex position): 0 on stones, summing to 1 over the empty cells. `lastMove`
 * is the opponent's last move (null or SWAP for none). Empty when the game
 * is over or the board full. Throws for Y.
 */
export function movePrior(
  position: Position,
  lastMove: Move | null,
  table: PriorTable = shippedPriorTable(),
): Float32Array {
  const g = position.geometry;
  const out = new Float32Array(g.cellCount);
  if (position.isOver()) return out;
  const last = lastMove === null || lastMove === SWAP ? -1 : lastMove;
  if (last >= g.cellCount || (last >= 0 && position.at(last) !== opponent(position.toMove)))
    throw new Error('the last move must be a stone of the side that is not to move');
  const sum = priorGammas(table, g, position.peekCells(), position.toMove, last, out);
  if (sum > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / sum;
  return out;
}
