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
import { PATTERN_CELLS, RING_CELLS, RING_CODES, fillDigits, orientationOf, patternCode } from './frame.js';
import {
  RELATION_FAR,
  RELATION_NONE,
  SAVE_NONE,
  clearMarks,
  markPosition,
  priorScratch,
  relationClass,
  templateValue,
} from './features.js';
import { type PriorTable, parsePriorTable, patternGamma } from './table.js';
import shippedText from './hex-prior.json?raw';

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
  const { frame, links, digits, tables } = priorScratch(g);
  const { carrierOfRing, saveOfLocal } = tables;
  const o = orientationOf(mover);
  const goal = goalEdges(g, mover);
  fillDigits(o, cells, digits);
  const marks = markPosition(g, mover, last);
  const distance = frame.distance[o];
  const { pattern12, pattern6, local, relation, save, carrier, template } = table;
  // A cell with no last move in its frame: no local pattern, no save.
  const apart =
    (relation[last < 0 ? RELATION_NONE : RELATION_FAR] as number) * table.localFar * (save[SAVE_NONE] as number);
  let sum = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cells[cell] !== 0) {
      out[cell] = 0;
      continue;
    }
    const code = patternCode(frame, o, digits, cell);
    const code6 = code % RING_CODES;
    let gamma =
      patternGamma(pattern12, code) *
      (pattern6[code6] as number) *
      (carrier[carrierOfRing[code6] as number] as number) *
      (table.distance[distance[cell] as number] as number);
    const step = marks.step[cell] as number;
    if (step < 0) gamma *= apart;
    else if (step >= PATTERN_CELLS)
      gamma *= (relation[relationClass(step)] as number) * table.localFar * (save[SAVE_NONE] as number);
    else {
      const near = step * RING_CODES + code6;
      gamma *=
        (relation[relationClass(step)] as number) *
        (local[near] as number) *
        (save[step < RING_CELLS ? (saveOfLocal[near] as number) : SAVE_NONE] as number);
    }
    gamma *= template[templateValue(links, cells, goal, cell)] as number;
    out[cell] = gamma;
    sum += gamma;
  }
  clearMarks(marks);
  return sum;
}

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
