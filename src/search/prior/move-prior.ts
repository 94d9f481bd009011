/**
 * The learned move prior of a Hex position: each empty cell's strength, the
 * product of its features' gammas (features.ts) from a fitted table
 * (table.ts), as the search's P. Built for a call at every expanded node:
 * the tables are made once per geometry and the loop allocates nothing.
 */
import { type Player, opponent } from '../../game/color.js';
import type { CellIndex, Cells, Geometry } from '../../game/geometry.js';
import { type Move, type Position, SWAP } from '../../game/position.js';
import { goalEdges } from '../connect.js';
import { PATTERN_CELLS, RING_CODES, orientationOf, patternCode } from './frame.js';
import { clearMarks, markPosition, priorScratch, relationClass, templateValue, RELATION_FAR, RELATION_NONE } from './features.js';
import { type PriorTable, parsePriorTable, patternGamma } from './table.js';
import shippedText from './hex-prior.json?raw';

/**
 * Writes each cell's gamma into `out` (cellCount entries; 0 on stones) for
 * `mover` to play on `cells`, the opponent's last move being `last` (−1 for
 * none, as at the start or after a swap), and gives their sum. Throws for Y.
 */
export function priorGammas(table: PriorTable, g: Geometry, cells: Readonly<Cells>, mover: Player, last: CellIndex, out: Float32Array): number {
  const { frame, links } = priorScratch(g);
  const o = orientationOf(mover);
  const goal = goalEdges(g, mover);
  const marks = markPosition(g, cells, mover, last);
  const distance = frame.distance[o];
  const relationNone = table.relation[RELATION_NONE] as number;
  const relationFar = table.relation[RELATION_FAR] as number;
  let sum = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cells[cell] !== 0) {
      out[cell] = 0;
      continue;
    }
    const code = patternCode(frame, o, cells, cell);
    const code6 = code % RING_CODES;
    const step = marks.step[cell] as number;
    let gamma = patternGamma(table.pattern12, code) * (table.pattern6[code6] as number) * (table.distance[distance[cell] as number] as number);
    if (last < 0) gamma *= relationNone * table.localFar;
    else if (step < 0) gamma *= relationFar * table.localFar;
    else gamma *= (table.relation[relationClass(step)] as number) * (step < PATTERN_CELLS ? (table.local[step * RING_CODES + code6] as number) : table.localFar);
    gamma *= (table.save[marks.save[cell] as number] as number) * (table.carrier[marks.carrier[cell] as number] as number);
    gamma *= table.template[templateValue(links, cells, goal, cell)] as number;
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
export function movePrior(position: Position, lastMove: Move | null, table: PriorTable = shippedPriorTable()): Float32Array {
  const g = position.geometry;
  const out = new Float32Array(g.cellCount);
  if (position.isOver()) return out;
  const last = lastMove === null || lastMove === SWAP ? -1 : lastMove;
  if (last >= g.cellCount || (last >= 0 && position.at(last) !== opponent(position.toMove))) throw new Error('the last move must be a stone of the side that is not to move');
  const sum = priorGammas(table, g, position.peekCells(), position.toMove, last, out);
  if (sum > 0) for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / sum;
  return out;
}
