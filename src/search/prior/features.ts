/**
 * The move prior's features of each candidate move (an empty cell) of a Hex
 * position, in the frame of the side to move (frame.ts). Each candidate has
 * exactly one value in each group below; the prior's strength of a move is
 * the product of its values' gammas (the generalised Bradley–Terry model).
 *
 * - pattern12, pattern6: its 12-cell and 6-cell neighbourhood (edge-aware), up to a half turn;
 * - local: where the opponent's last move lies in its 12-cell pattern, with its 6-cell pattern;
 * - relation: the last move's place, up to a half turn: neighbour, bridge, two in a line, far, none;
 * - save: it is the other carrier cell of one of the mover's bridges (or edge bridges) that the last move intruded;
 * - carrier: it lies in the carrier of an intact bridge or edge bridge, the opponent's or the mover's own;
 * - template: one of its ziggurats (edge template IIIa) to the mover's edge is empty;
 * - distance: rows from the mover's nearer edge and columns from the opponent's, each capped at 4.
 */
import { type Player, opponent } from '../../game/color.js';
import type { CellIndex, Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { goalEdges } from '../connect.js';
import { type LinkTable, linkTable } from '../virtual-connection.js';
import { AROUND, PATTERN_CELLS, RING_CELLS, RING_CODES, type Frame, type Orientation, frameOf, orientationOf, patternCode, rotatePattern, rotateRing, turnedStep } from './frame.js';

/** relation: the last move's step class (0 … 8: three neighbour classes, three bridge classes, three straight two-step classes), far, or none. */
export const RELATION_FAR = 9;
export const RELATION_NONE = 10;
export const RELATION_VALUES = 11;

/** A step of the frame (0 … AROUND − 1) folded by the half turn: its ring × 3 + its place in the ring mod 3. */
export function relationClass(step: number): number {
  return 3 * Math.floor(step / RING_CELLS) + (step % 3);
}

export const SAVE_NONE = 0;
export const SAVE_BRIDGE = 1;
export const SAVE_EDGE = 2;
export const SAVE_VALUES = 3;

/** carrier values, in order of precedence where a cell lies in several carriers. */
export const CARRIER_NONE = 0;
export const CARRIER_OPPONENT_BRIDGE = 1;
export const CARRIER_OPPONENT_EDGE = 2;
export const CARRIER_OWN_BRIDGE = 3;
export const CARRIER_OWN_EDGE = 4;
export const CARRIER_VALUES = 5;

export const TEMPLATE_VALUES = 2;

/** The local key of a candidate whose last-move step is `step` (< PATTERN_CELLS) and whose 6-cell code is `code6`. */
export function localKey(step: number, code6: number): number {
  return step * RING_CODES + code6;
}

/** A local key turned half round. */
export function rotateLocal(key: number): number {
  return localKey(turnedStep(Math.floor(key / RING_CODES)), rotateRing(key % RING_CODES));
}

/** What a position marks on its cells before its candidates are scored: one set per geometry, cleared by clearMarks. */
export interface Marks {
  /** The step from each cell to the last move (0 … AROUND − 1), −1 when farther. */
  readonly step: Int8Array;
  readonly save: Uint8Array;
  readonly carrier: Uint8Array;
  /** The cells marked, so that clearing costs what marking did. */
  readonly touched: Int32Array;
  touchedCount: number;
}

interface Scratch {
  readonly frame: Frame;
  readonly links: LinkTable;
  readonly marks: Marks;
}

const scratchOf = perGeometry((g: Geometry): Scratch => ({
  frame: frameOf(g),
  links: linkTable(g),
  marks: { step: new Int8Array(g.cellCount).fill(-1), save: new Uint8Array(g.cellCount), carrier: new Uint8Array(g.cellCount), touched: new Int32Array(g.cellCount * 4), touchedCount: 0 },
}));

/** The frame and link table of a Hex geometry, made once. */
export function priorScratch(g: Geometry): Scratch {
  return scratchOf(g);
}

function touch(marks: Marks, cell: number): void {
  marks.touched[marks.touchedCount++] = cell;
}

function markCarrier(marks: Marks, cell: number, value: number): void {
  const now = marks.carrier[cell] as number;
  if (now === CARRIER_NONE) touch(marks, cell);
  if (now === CARRIER_NONE || value < now) marks.carrier[cell] = value;
}

function markSave(marks: Marks, cell: number, value: number): void {
  const now = marks.save[cell] as number;
  if (now === SAVE_NONE) {
    touch(marks, cell);
    marks.save[cell] = value;
  }
}

/** Marks every carrier cell of the intact bridges and edge bridges (both carrier cells empty) of both players. */
function markCarriers(g: Geometry, links: LinkTable, cells: Readonly<Uint8Array>, mover: Player, marks: Marks): void {
  const { bridgeStart, bridges, edgeLinkStart, edgeLinks, carriers } = links;
  const ownGoal = goalEdges(g, mover);
  const otherGoal = goalEdges(g, opponent(mover));
  for (let a = 0; a < g.cellCount; a++) {
    const p = cells[a] as number;
    if (p === 0) continue;
    const own = p === mover;
    for (let i = bridgeStart[a] as number; i < (bridgeStart[a + 1] as number); i += 3) {
      const b = bridges[i] as number;
      if (b < a || cells[b] !== p) continue;
      const x = bridges[i + 1] as number;
      const y = bridges[i + 2] as number;
      if (cells[x] !== 0 || cells[y] !== 0) continue;
      const value = own ? CARRIER_OWN_BRIDGE : CARRIER_OPPONENT_BRIDGE;
      markCarrier(marks, x, value);
      markCarrier(marks, y, value);
    }
    const goal = own ? ownGoal : otherGoal;
    for (let i = edgeLinkStart[a] as number; i < (edgeLinkStart[a + 1] as number); i += 3) {
      const from = edgeLinks[i + 1] as number;
      // Edge bridges come first and have two carrier cells; the ziggurats after them are not marked.
      if ((edgeLinks[i + 2] as number) - from !== 2) break;
      if (((edgeLinks[i] as number) & goal) === 0) continue;
      const x = carriers[from] as number;
      const y = carriers[from + 1] as number;
      if (cells[x] !== 0 || cells[y] !== 0) continue;
      const value = own ? CARRIER_OWN_EDGE : CARRIER_OPPONENT_EDGE;
      markCarrier(marks, x, value);
      markCarrier(marks, y, value);
    }
  }
}

/** Marks the other carrier cell of each of the mover's bridges and edge bridges that the opponent's stone on `last` intrudes. */
function markSaves(g: Geometry, links: LinkTable, cells: Readonly<Uint8Array>, mover: Player, last: CellIndex, marks: Marks): void {
  const { bridgeStart, bridges, edgeLinkStart, edgeLinks, carriers } = links;
  const goal = goalEdges(g, mover);
  for (let k = g.neighborStart[last] as number; k < (g.neighborStart[last + 1] as number); k++) {
    const a = g.neighbors[k] as number;
    if (cells[a] !== mover) continue;
    for (let i = bridgeStart[a] as number; i < (bridgeStart[a + 1] as number); i += 3) {
      if (cells[bridges[i] as number] !== mover) continue;
      const x = bridges[i + 1] as number;
      const y = bridges[i + 2] as number;
      if (x === last && cells[y] === 0) markSave(marks, y, SAVE_BRIDGE);
      else if (y === last && cells[x] === 0) markSave(marks, x, SAVE_BRIDGE);
    }
    for (let i = edgeLinkStart[a] as number; i < (edgeLinkStart[a + 1] as number); i += 3) {
      const from = edgeLinks[i + 1] as number;
      if ((edgeLinks[i + 2] as number) - from !== 2) break;
      if (((edgeLinks[i] as number) & goal) === 0) continue;
      const x = carriers[from] as number;
      const y = carriers[from + 1] as number;
      if (x === last && cells[y] === 0) markSave(marks, y, SAVE_EDGE);
      else if (y === last && cells[x] === 0) markSave(marks, x, SAVE_EDGE);
    }
  }
}

/**
 * Marks what the candidates' position-wide features need: the step to the
 * last move (a cell, or −1 for none), the saves, the carriers. The marks
 * are the geometry's one set: clear them (clearMarks) before the next call.
 */
export function markPosition(g: Geometry, cells: Readonly<Uint8Array>, mover: Player, last: CellIndex): Marks {
  const { frame, links, marks } = scratchOf(g);
  if (last >= 0) {
    // The cell at step k from the last move sees the last move at the opposite step.
    const around = frame.around[orientationOf(mover)];
    for (let k = 0; k < AROUND; k++) {
      const cell = around[last * AROUND + turnedStep(k)] as number;
      if (cell < 0) continue;
      marks.step[cell] = k;
      touch(marks, cell);
    }
    markSaves(g, links, cells, mover, last, marks);
  }
  markCarriers(g, links, cells, mover, marks);
  return marks;
}

export function clearMarks(marks: Marks): void {
  for (let i = 0; i < marks.touchedCount; i++) {
    const cell = marks.touched[i] as number;
    marks.step[cell] = -1;
    marks.save[cell] = 0;
    marks.carrier[cell] = 0;
  }
  marks.touchedCount = 0;
}

/** 1 when one of the candidate's ziggurats (edge template IIIa) to one of the mover's goal edges is wholly empty, else 0. */
export function templateValue(links: LinkTable, cells: Readonly<Uint8Array>, goal: number, cell: CellIndex): number {
  const { edgeLinkStart, edgeLinks, carriers } = links;
  for (let i = edgeLinkStart[cell] as number; i < (edgeLinkStart[cell + 1] as number); i += 3) {
    const from = edgeLinks[i + 1] as number;
    const to = edgeLinks[i + 2] as number;
    if (to - from === 2 || ((edgeLinks[i] as number) & goal) === 0) continue;
    let empty = true;
    for (let j = from; j < to && empty; j++) empty = cells[carriers[j] as number] === 0;
    if (empty) return 1;
  }
  return 0;
}

/** The feature groups, in the order a candidate's row lists them. */
export const GROUPS = ['pattern12', 'pattern6', 'local', 'relation', 'save', 'carrier', 'template', 'distance'] as const;
export type GroupName = (typeof GROUPS)[number];
export const GROUP_COUNT = GROUPS.length;
/** A candidate's row: its cell, then one value per group. */
export const ROW = 1 + GROUP_COUNT;
/** The local value of a candidate with no last move near it. */
export const LOCAL_FAR = -1;

/** The smaller of a key and its half turn: one name for both. */
function canonical(key: number, rotate: (key: number) => number): number {
  return Math.min(key, rotate(key));
}

/**
 * Each empty cell's raw features, for training: rows of ROW numbers (the
 * cell, then each group's value, pattern and local keys up to a half turn)
 * appended to `out` from `at`; gives the number of rows. `last` is the
 * opponent's last move, −1 for none.
 */
export function candidateRows(g: Geometry, cells: Readonly<Uint8Array>, mover: Player, last: CellIndex, out: Int32Array, at: number): number {
  const { frame, links } = scratchOf(g);
  const o: Orientation = orientationOf(mover);
  const goal = goalEdges(g, mover);
  const marks = markPosition(g, cells, mover, last);
  let rows = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cells[cell] !== 0) continue;
    const code = patternCode(frame, o, cells, cell);
    const code6 = code % RING_CODES;
    const step = marks.step[cell] as number;
    const base = at + rows * ROW;
    out[base] = cell;
    out[base + 1] = canonical(code, rotatePattern);
    out[base + 2] = canonical(code6, rotateRing);
    out[base + 3] = step >= 0 && step < PATTERN_CELLS ? canonical(localKey(step, code6), rotateLocal) : LOCAL_FAR;
    out[base + 4] = last < 0 ? RELATION_NONE : step < 0 ? RELATION_FAR : relationClass(step);
    out[base + 5] = marks.save[cell] as number;
    out[base + 6] = marks.carrier[cell] as number;
    out[base + 7] = templateValue(links, cells, goal, cell);
    out[base + 8] = frame.distance[o][cell] as number;
    rows++;
  }
  clearMarks(marks);
  return rows;
}
