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
 *
 * A bridge's carrier cells are two neighbours y = N_k and x of the bridge's
 * stones N_k−1 and N_k+1 (x's ring, frame.ts); an edge bridge is the same
 * with an edge (an off-board cell beyond it) for one stone. So save and
 * carrier are functions of x's 6-cell ring and the last move's step, read
 * from tables made once here.
 * - template: one of its ziggurats (edge template IIIa) to the mover's edge is empty;
 * - distance: rows from the mover's nearer edge and columns from the opponent's, each capped at 4.
 */
import type { Player } from '../../game/color.js';
import type { CellIndex, Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { goalEdges } from '../knowledge/connect.js';
import { type LinkTable, linkTable } from '../knowledge/virtual-connection.js';
import {
  AROUND,
  EMPTY,
  OPPONENT,
  OPPONENT_EDGE,
  OWN,
  OWN_EDGE,
  PATTERN_CELLS,
  RING_CELLS,
  RING_CODES,
  type Frame,
  type Orientation,
  fillDigits,
  frameOf,
  orientationOf,
  patternCode,
  ringDigit,
  rotatePattern,
  rotateRing,
  turnedStep,
} from './frame.js';

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

/** The frame's ring step before and after step k (0 … 5). */
const before = (k: number) => (k + RING_CELLS - 1) % RING_CELLS;
const after = (k: number) => (k + 1) % RING_CELLS;

/** Whether ring digits p and q are the two ends of a bridge of `stone` (whose goal edges off the board are `edge`): two stones, or a stone and the edge. */
function bridgeEnds(p: number, q: number, stone: number, edge: number): 'bridge' | 'edge' | null {
  if (p === stone && q === stone) return 'bridge';
  if ((p === stone && q === edge) || (p === edge && q === stone)) return 'edge';
  return null;
}

/** The carrier value of an empty cell with 6-cell ring code `code`. */
function carrierOfRing(code: number): number {
  let value = CARRIER_NONE;
  for (let k = 0; k < RING_CELLS; k++) {
    if (ringDigit(code, k) !== EMPTY) continue;
    const p = ringDigit(code, before(k));
    const q = ringDigit(code, after(k));
    const theirs = bridgeEnds(p, q, OPPONENT, OPPONENT_EDGE);
    const mine = bridgeEnds(p, q, OWN, OWN_EDGE);
    const v =
      theirs === 'bridge'
        ? CARRIER_OPPONENT_BRIDGE
        : theirs === 'edge'
          ? CARRIER_OPPONENT_EDGE
          : mine === 'bridge'
            ? CARRIER_OWN_BRIDGE
            : mine === 'edge'
              ? CARRIER_OWN_EDGE
              : CARRIER_NONE;
    if (v !== CARRIER_NONE && (value === CARRIER_NONE || v < value)) value = v;
  }
  return value;
}

/** The save value of an empty cell with ring code `code` whose neighbour at ring step `step` is the opponent's last move. */
function saveOf(step: number, code: number): number {
  const ends = bridgeEnds(ringDigit(code, before(step)), ringDigit(code, after(step)), OWN, OWN_EDGE);
  return ends === 'bridge' ? SAVE_BRIDGE : ends === 'edge' ? SAVE_EDGE : SAVE_NONE;
}

/** The save and carrier values as tables, made on first use (not when the module loads: most commands never ask). */
export interface RingTables {
  /** The carrier value of an empty cell, by its 6-cell ring code. */
  readonly carrierOfRing: Uint8Array;
  /** The save value by last-move step (0 … 5, a neighbour) × RING_CODES + ring code; other steps save nothing. */
  readonly saveOfLocal: Uint8Array;
}

let ringTables: RingTables | null = null;

function ringTablesOf(): RingTables {
  ringTables ??= {
    carrierOfRing: Uint8Array.from({ length: RING_CODES }, (_, code) => carrierOfRing(code)),
    saveOfLocal: Uint8Array.from({ length: RING_CELLS * RING_CODES }, (_, i) =>
      saveOf(Math.floor(i / RING_CODES), i % RING_CODES),
    ),
  };
  return ringTables;
}

/** Per cell, the step from it to the last move (0 … AROUND − 1), −1 when farther: one set per geometry, cleared by clearMarks. */
export interface Marks {
  readonly step: Int8Array;
  /** The cells marked, so that clearing costs what marking did. */
  readonly touched: Int32Array;
  touchedCount: number;
}

/** The prior's tables and scratch arrays for one geometry (priorScratch). */
export interface PriorScratch {
  readonly frame: Frame;
  readonly links: LinkTable;
  readonly marks: Marks;
  /** fillDigits' digits. */
  readonly digits: Int32Array;
  readonly tables: RingTables;
}

const scratchOf = perGeometry((g: Geometry): PriorScratch => ({
  frame: frameOf(g),
  links: linkTable(g),
  marks: { step: new Int8Array(g.cellCount).fill(-1), touched: new Int32Array(AROUND), touchedCount: 0 },
  digits: new Int32Array(g.cellCount + 1),
  tables: ringTablesOf(),
}));

/** The frame, link table and scratch of a Hex geometry, made once. */
export function priorScratch(g: Geometry): PriorScratch {
  return scratchOf(g);
}

/**
 * Marks each cell's step to the last move (a cell; −1 for none). The marks
 * are the geometry's one set: clear them (clearMarks) before the next call.
 */
export function markPosition(g: Geometry, mover: Player, last: CellIndex): Marks {
  const { frame, marks } = scratchOf(g);
  if (last < 0) return marks;
  // The cell at step k from the last move sees the last move at the opposite step.
  const around = frame.around[orientationOf(mover)];
  for (let k = 0; k < AROUND; k++) {
    const cell = around[last * AROUND + turnedStep(k)] as number;
    if (cell >= g.cellCount) continue;
    marks.step[cell] = k;
    marks.touched[marks.touchedCount++] = cell;
  }
  return marks;
}

export function clearMarks(marks: Marks): void {
  for (let i = 0; i < marks.touchedCount; i++) marks.step[marks.touched[i] as number] = -1;
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
export const GROUPS = [
  'pattern12',
  'pattern6',
  'local',
  'relation',
  'save',
  'carrier',
  'template',
  'distance',
] as const;
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
export function candidateRows(
  g: Geometry,
  cells: Readonly<Uint8Array>,
  mover: Player,
  last: CellIndex,
  out: Int32Array,
  at: number,
): number {
  const { frame, links, digits, tables } = scratchOf(g);
  const o: Orientation = orientationOf(mover);
  const goal = goalEdges(g, mover);
  const marks = markPosition(g, mover, last);
  fillDigits(o, cells, digits);
  let rows = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cells[cell] !== 0) continue;
    const code = patternCode(frame, o, digits, cell);
    const code6 = code % RING_CODES;
    const step = marks.step[cell] as number;
    const base = at + rows * ROW;
    out[base] = cell;
    out[base + 1] = canonical(code, rotatePattern);
    out[base + 2] = canonical(code6, rotateRing);
    out[base + 3] = step >= 0 && step < PATTERN_CELLS ? canonical(localKey(step, code6), rotateLocal) : LOCAL_FAR;
    out[base + 4] = last < 0 ? RELATION_NONE : step < 0 ? RELATION_FAR : relationClass(step);
    out[base + 5] =
      step >= 0 && step < RING_CELLS ? (tables.saveOfLocal[step * RING_CODES + code6] as number) : SAVE_NONE;
    out[base + 6] = tables.carrierOfRing[code6] as number;
    out[base + 7] = templateValue(links, cells, goal, cell);
    out[base + 8] = frame.distance[o][cell] as number;
    rows++;
  }
  clearMarks(marks);
  return rows;
}
