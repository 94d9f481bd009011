// The first dead-cell finder, kept as an oracle for the faster one in
// src/search/knowledge/dead-cells.ts: it reads every ring from the board and
// tries each pair's capture by placing stones, where the faster one keeps
// ring codes and looks captures up in a table.
import { Color } from '../../src/game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../../src/game/geometry.js';
import { perGeometry } from '../../src/game/per-geometry.js';

/** A ring slot's state: the colours, and a slot off both a row and a column end (a corner's outside) that touches nothing. */
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const NOTHING = 3;

/** The six neighbour steps (row, column) in order around a cell, each touching the next (DESIGN.md's Hex neighbours). */
const RING: readonly (readonly [number, number])[] = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

/** Whether the slots marked in the 6-bit `mask` form one arc of the ring (or none, or all six). */
function isOneArc(mask: number): boolean {
  let starts = 0;
  for (let i = 0; i < 6; i++) if ((mask >> i) & 1 && !((mask >> ((i + 5) % 6)) & 1)) starts++;
  return starts <= 1;
}

/** Whether `colour`'s slots form one arc however the ring's empty slots are filled. */
function alwaysOneArc(states: readonly number[], colour: number): boolean {
  let fixed = 0;
  let open = 0;
  states.forEach((s, i) => {
    if (s === colour) fixed |= 1 << i;
    else if (s === EMPTY) open |= 1 << i;
  });
  // Every subset of the open slots, by the usual submask walk.
  for (let sub = open; ; sub = (sub - 1) & open) {
    if (!isOneArc(fixed | sub)) return false;
    if (sub === 0) return true;
  }
}

/** Per ring code (slot i's state in bits 2i, 2i + 1): the colour to fill a dead cell with, or EMPTY when it is not dead. */
const DEAD_FILL: Uint8Array = (() => {
  const table = new Uint8Array(1 << 12);
  for (let code = 0; code < table.length; code++) {
    const states = Array.from({ length: 6 }, (_, i) => (code >> (2 * i)) & 3);
    if (!alwaysOneArc(states, BLACK) || !alwaysOneArc(states, WHITE)) continue;
    // Either colour keeps the winner; the ring's majority is as good as any.
    const blacks = states.filter((s) => s === BLACK).length;
    const whites = states.filter((s) => s === WHITE).length;
    table[code] = blacks >= whites ? BLACK : WHITE;
  }
  return table;
})();

/** Per cell and ring slot: the neighbour's index, or −1 − the state of an off-board slot (its edge's owner, or NOTHING). */
const ringSlots = perGeometry((g): Int32Array => {
  const n = g.size as number;
  const slots = new Int32Array(g.cellCount * 6);
  for (let c = 0; c < g.cellCount; c++) {
    RING.forEach(([dr, dc], i) => {
      const r = (g.row[c] as number) + dr;
      const k = (g.col[c] as number) + dc;
      const rowIn = r >= 0 && r < n;
      const colIn = k >= 0 && k < n;
      // Black owns the first and last rows, white the first and last columns.
      const state = rowIn && colIn ? null : colIn ? BLACK : rowIn ? WHITE : NOTHING;
      slots[c * 6 + i] = state === null ? g.index(r, k) : -1 - state;
    });
  }
  return slots;
});

interface DeadCells {
  /** The dead cells, in the order found (each dead once those before it are filled). */
  readonly dead: readonly CellIndex[];
  /** The cells of the captured pairs, two by two in the order found (each pair captured once the cells before it are filled). */
  readonly captured: readonly CellIndex[];
  /**
   * The board with every dead cell filled (which keeps the winner of every
   * completion) and every captured pair given to its captor (which keeps
   * the value of the position, whoever moves).
   */
  readonly filled: Cells;
}

/** The state of ring slot `i` of cell `c` on `cells`. */
function slotState(slots: Int32Array, cells: Cells, c: CellIndex, i: number): number {
  const s = slots[c * 6 + i] as number;
  return s >= 0 ? (cells[s] as number) : -1 - s;
}

/** The colour to fill cell `c` of `cells` with if it is dead, else EMPTY. */
function deadFill(slots: Int32Array, cells: Cells, c: CellIndex): number {
  let code = 0;
  for (let i = 0; i < 6; i++) code |= slotState(slots, cells, c, i) << (2 * i);
  return DEAD_FILL[code] as number;
}

/** Whether a stone of `colour` on either of the empty cells a and b makes the other dead. */
function capturedBy(slots: Int32Array, cells: Cells, a: CellIndex, b: CellIndex, colour: number): boolean {
  cells[b] = colour;
  const aDies = deadFill(slots, cells, a) !== EMPTY;
  cells[b] = Color.Empty;
  if (!aDies) return false;
  cells[a] = colour;
  const bDies = deadFill(slots, cells, b) !== EMPTY;
  cells[a] = Color.Empty;
  return bDies;
}

/**
 * The dead cells and captured pairs of a Hex board, filling each as it is
 * found and looking again until no more appear (captured pairs only once
 * no cell is dead); none on Y boards (see above).
 */
export function deadCellsOracle(g: Geometry, cells: Cells): DeadCells {
  const filled = cells.slice();
  const dead: CellIndex[] = [];
  const captured: CellIndex[] = [];
  if (g.game !== GameKind.Hex) return { dead, captured, filled };
  const slots = ringSlots(g);
  const fillDead = (): void => {
    for (let changed = true; changed; ) {
      changed = false;
      for (let c = 0; c < g.cellCount; c++) {
        if (filled[c] !== Color.Empty) continue;
        const fill = deadFill(slots, filled, c);
        if (fill === EMPTY) continue;
        filled[c] = fill;
        dead.push(c);
        changed = true;
      }
    }
  };
  fillDead();
  for (let a = 0; a < g.cellCount; a++) {
    for (let k = g.neighborStart[a] as number; k < (g.neighborStart[a + 1] as number) && filled[a] === Color.Empty; k++) {
      const b = g.neighbors[k] as number;
      if (b < a || filled[b] !== Color.Empty) continue;
      const captor = capturedBy(slots, filled, a, b, BLACK) ? BLACK : capturedBy(slots, filled, a, b, WHITE) ? WHITE : EMPTY;
      if (captor === EMPTY) continue;
      filled[a] = captor;
      filled[b] = captor;
      captured.push(a, b);
      // Their stones may kill cells already passed over: look again from the start.
      fillDead();
      a = -1;
      break;
    }
  }
  return { dead, captured, filled };
}
