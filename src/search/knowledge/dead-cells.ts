/**
 * Dead cells of Hex: empty cells whose colour cannot change the winner of
 * any completion of the board, found from the cell's ring of six neighbours
 * alone. A stone on cell c only joins c's neighbours of its colour (the
 * goal edges counting as stones of their owner), and consecutive slots of
 * the ring touch each other without c. So when, for each colour and every
 * way of filling the ring's empty cells, that colour's slots form one
 * unbroken arc of the ring, c joins nothing that was not joined already,
 * whoever takes it. Such a move is a pass, never better than another move,
 * and once filled with either colour (which keeps the winner of every
 * completion) it can make its neighbours dead in turn.
 *
 * Captured pairs: two neighbouring empty cells a and b are captured by a
 * player X when a stone of X on either makes the other dead. Whenever the
 * opponent takes one, X answers on the other, and the opponent's stone is
 * dead: so the board with both given to X has the same value, whoever
 * moves (a stone elsewhere only takes empty cells out of the rings, which
 * keeps them dead). A move there is then no better than a pass, for
 * either side: the opponent's is answered, X's own gives nothing the fill
 * had not. Filled for X, they too can kill their neighbours.
 *
 * Y is left out: its sides are not stones of either player, so the arc
 * argument does not carry over as it stands.
 */
import { Color, type Player } from '../../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry, HEX_RING_STEPS } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { arenaCopy, arenaU16 } from '../arena.js';

/** A ring slot's state: the colours, and a slot off both a row and a column end (a corner's outside) that touches nothing. */
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;
const NOTHING = 3;

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
export const DEAD_FILL: Uint8Array = (() => {
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
export const ringSlots = perGeometry((g): Int32Array => {
  const n = g.size as number;
  const slots = new Int32Array(g.cellCount * 6);
  for (let c = 0; c < g.cellCount; c++) {
    HEX_RING_STEPS.forEach(([dr, dc], i) => {
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

/** Cell `c`'s ring code on `cells`, from its geometry's ringSlots: slot i's state (a colour, or an off-board slot's) in bits 2i, 2i + 1. */
export function ringCode(slots: Int32Array, cells: Cells, c: CellIndex): number {
  let code = 0;
  for (let i = 0; i < 6; i++) {
    const s = slots[c * 6 + i] as number;
    code |= (s >= 0 ? (cells[s] as number) : -1 - s) << (2 * i);
  }
  return code;
}

export interface DeadCells {
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

/** Per ring code and empty slot i, bit 0 (black) or 1 (white): a stone of that colour on slot i makes the cell dead. */
export const KILLED_BY: Uint8Array = (() => {
  const table = new Uint8Array((1 << 12) * 6);
  for (let code = 0; code < 1 << 12; code++) {
    for (let i = 0; i < 6; i++) {
      if (((code >> (2 * i)) & 3) !== EMPTY) continue;
      const black = DEAD_FILL[code | (BLACK << (2 * i))] !== EMPTY ? 1 : 0;
      const white = DEAD_FILL[code | (WHITE << (2 * i))] !== EMPTY ? 2 : 0;
      table[code * 6 + i] = black | white;
    }
  }
  return table;
})();

/** Per cell and ring slot whose neighbour is on the board: the slot the cell takes in that neighbour's ring. */
const backSlots = perGeometry((g): Int8Array => {
  const slots = ringSlots(g);
  const back = new Int8Array(g.cellCount * 6).fill(-1);
  for (let c = 0; c < g.cellCount; c++) {
    for (let i = 0; i < 6; i++) {
      const d = slots[c * 6 + i] as number;
      if (d >= 0) back[c * 6 + i] = (i + 3) % 6;
    }
  }
  return back;
});

/** Per entry of the geometry's neighbour list (a → b): b's slot in a's ring. */
const neighborSlots = perGeometry((g): Int8Array => {
  const slots = ringSlots(g);
  const out = new Int8Array(g.neighbors.length);
  for (let a = 0; a < g.cellCount; a++) {
    for (let k = g.neighborStart[a] as number; k < (g.neighborStart[a + 1] as number); k++) {
      out[k] = [0, 1, 2, 3, 4, 5].find((i) => slots[a * 6 + i] === g.neighbors[k]) as number;
    }
  }
  return out;
});

/** Every cell's ring code on `cells`, into `codes`. */
function fillRingCodes(g: Geometry, cells: Readonly<Cells>, codes: Uint16Array): Uint16Array {
  const slots = ringSlots(g);
  for (let c = 0; c < g.cellCount; c++) codes[c] = ringCode(slots, cells as Cells, c);
  return codes;
}

/** Every cell's ring code on a Hex board, as reducedAfter takes them. */
export function ringCodes(g: Geometry, cells: Readonly<Cells>): Uint16Array {
  return fillRingCodes(g, cells, arenaU16(g.cellCount));
}

/**
 * A RingBoard's arrays, one pair per geometry: a board lives only within
 * one call of deadCells or deadCellsAfter, and those never overlap, while
 * two arrays of their own a call were a good part of the reduced board's cost.
 */
const ringScratch = perGeometry((g) => ({ codes: new Uint16Array(g.cellCount), changed: new Uint8Array(g.cellCount) }));

/**
 * A board being filled, with every cell's ring code kept as stones land:
 * a cell's deadness is one table look-up, and a pair's capture two. A cell
 * whose ring changed is marked, since only those can turn dead or captured.
 */
class RingBoard {
  readonly codes: Uint16Array;
  /** Cells whose ring changed since they were last looked at. */
  readonly changed: Uint8Array;
  /** The lowest marked cell, or the cell count when none is. */
  lowestChanged: number;
  /** The lowest cell whose ring changed since the pairs' scan last reset it. */
  lowestTouched: number;

  /**
   * With `touched` (reducedAfter), every cell whose ring changes is also
   * listed there, for the pairs' look. With `codes`, the ring codes of
   * `cells` already, kept up to date in that array as stones land.
   */
  constructor(
    g: Geometry,
    readonly cells: Cells,
    everyCellChanged = true,
    readonly touched: number[] | null = null,
    codes: Uint16Array | null = null,
  ) {
    const scratch = ringScratch(g);
    this.changed = scratch.changed.fill(everyCellChanged ? 1 : 0);
    this.lowestChanged = everyCellChanged ? 0 : g.cellCount;
    this.lowestTouched = g.cellCount;
    this.codes = codes ?? fillRingCodes(g, cells, scratch.codes);
  }

  /** Puts `colour` on empty cell `c`, and tells its neighbours' rings. */
  place(c: CellIndex, colour: number, slots: Int32Array, back: Int8Array): void {
    this.cells[c] = colour;
    for (let i = 0; i < 6; i++) {
      const d = slots[c * 6 + i] as number;
      if (d < 0) continue;
      this.codes[d] = (this.codes[d] as number) | (colour << (2 * (back[c * 6 + i] as number)));
      this.changed[d] = 1;
      if (d < this.lowestChanged) this.lowestChanged = d;
      if (d < this.lowestTouched) this.lowestTouched = d;
      this.touched?.push(d);
    }
  }

  /**
   * Passes over the marked cells, filling each dead one (listed in `dead`):
   * one found dead below the pass's position waits for the next pass, as in
   * a full scan.
   */
  fillDead(dead: CellIndex[] | null, slots: Int32Array, back: Int8Array): void {
    const { codes, changed, cells } = this;
    const n = cells.length;
    while (this.lowestChanged < n) {
      const from = this.lowestChanged;
      this.lowestChanged = n;
      for (let c = from; c < n; c++) {
        if (changed[c] === 0) continue;
        if (cells[c] !== Color.Empty) {
          changed[c] = 0;
          continue;
        }
        const fill = DEAD_FILL[codes[c] as number] as number;
        if (fill === EMPTY) continue;
        this.place(c, fill, slots, back);
        dead?.push(c);
      }
    }
  }

  /** Gives the captured pair a, b to `captor`, and fills what their stones kill (listed in `dead`). */
  capture(
    a: CellIndex,
    b: CellIndex,
    captor: number,
    dead: CellIndex[] | null,
    slots: Int32Array,
    back: Int8Array,
  ): void {
    this.place(a, captor, slots, back);
    this.place(b, captor, slots, back);
    this.fillDead(dead, slots, back);
  }

  /**
   * The colour that captures the pair of empty cell `a` and its neighbour at
   * index `k` of the geometry's neighbour list, or EMPTY: a stone of X on b
   * kills a, and one on a kills b (bit X of both look-ups).
   */
  captor(g: Geometry, a: CellIndex, k: number, toSlot: Int8Array, back: Int8Array): number {
    const b = g.neighbors[k] as number;
    const i = toSlot[k] as number;
    const both =
      (KILLED_BY[(this.codes[a] as number) * 6 + i] as number) &
      (KILLED_BY[(this.codes[b] as number) * 6 + (back[a * 6 + i] as number)] as number);
    return both === 0 ? EMPTY : both & 1 ? BLACK : WHITE;
  }
}

/**
 * The dead cells and captured pairs of a Hex board, filling each as it is
 * found and looking again until no more appear (captured pairs only once
 * no cell is dead); none on Y boards (see above). The result is that of
 * looking at every cell in index order, pass after pass, and at the pairs in
 * the order of the geometry's neighbour lists from the start after every
 * capture; cells and pairs whose rings did not change since they were last
 * looked at are skipped, as they cannot have turned.
 */
export function deadCells(g: Geometry, cells: Cells): DeadCells {
  const filled = arenaCopy(cells);
  const dead: CellIndex[] = [];
  const captured: CellIndex[] = [];
  if (g.game !== GameKind.Hex) return { dead, captured, filled };
  const slots = ringSlots(g);
  const back = backSlots(g);
  const board = new RingBoard(g, filled);
  const n = g.cellCount;
  board.fillDead(dead, slots, back);
  const toSlot = neighborSlots(g);
  let a = 0;
  while (a < n) {
    let captor = EMPTY;
    for (
      let k = g.neighborStart[a] as number;
      k < (g.neighborStart[a + 1] as number) && filled[a] === Color.Empty;
      k++
    ) {
      const b = g.neighbors[k] as number;
      if (b < a || filled[b] !== Color.Empty) continue;
      captor = board.captor(g, a, k, toSlot, back);
      if (captor === EMPTY) continue;
      board.lowestTouched = n;
      captured.push(a, b);
      // Their stones may kill cells already passed over.
      board.capture(a, b, captor, dead, slots, back);
      break;
    }
    // After a capture the pairs are looked at again from the start; those
    // whose cells' rings are all as they were are skipped. A cell's
    // neighbours lie at most a row (size cells) below it.
    a = captor === EMPTY ? a + 1 : Math.max(0, board.lowestTouched - (g.size as number));
  }
  return { dead, captured, filled };
}

/** A reduced board with every cell's ring code (ringCodes), so that the next one, a stone later, starts from them. */
export interface ReducedBoard {
  readonly cells: Cells;
  /** On Hex, each cell's ring code on `cells`; on Y, what was given (Y has no dead cells). */
  readonly codes: Uint16Array;
}

/** A reduced board (deadCells' `filled`) with its ring codes. */
export function reducedBoard(g: Geometry, reduced: Cells): ReducedBoard {
  return { cells: reduced, codes: g.game === GameKind.Hex ? ringCodes(g, reduced) : new Uint16Array(0) };
}

/** deadCellsAfter, given the ring codes of `reduced`, and with the codes of its result. */
export function reducedAfter(
  g: Geometry,
  reduced: Readonly<Cells>,
  codes: Readonly<Uint16Array>,
  move: CellIndex,
  colour: Player,
): ReducedBoard {
  if (reduced[move] !== Color.Empty) return { cells: reduced as Cells, codes: codes as Uint16Array };
  const filled = arenaCopy(reduced);
  if (g.game !== GameKind.Hex) {
    filled[move] = colour;
    return { cells: filled, codes: codes as Uint16Array };
  }
  const slots = ringSlots(g);
  const back = backSlots(g);
  const toSlot = neighborSlots(g);
  const touched: number[] = [];
  const next = arenaU16(g.cellCount);
  next.set(codes);
  const board = new RingBoard(g, filled, false, touched, next);
  board.place(move, colour, slots, back);
  board.fillDead(null, slots, back);
  // Every cell whose ring changed is listed after the change, so each pair that may have turned is looked at after its last change.
  for (let t = 0; t < touched.length; t++) {
    const a = touched[t] as number;
    for (let k = g.neighborStart[a] as number; k < (g.neighborStart[a + 1] as number); k++) {
      if (filled[a] !== Color.Empty) break;
      const b = g.neighbors[k] as number;
      if (filled[b] !== Color.Empty) continue;
      const captor = board.captor(g, a, k, toSlot, back);
      if (captor !== EMPTY) board.capture(a, b, captor, null, slots, back);
    }
  }
  return { cells: filled, codes: next };
}

/**
 * The reduced board one stone later: `reduced`, a board deadCells (or this)
 * filled, which has no dead cell or captured pair left, with `colour` on
 * cell `move`, and the dead cells and captured pairs that stone makes.
 * Only a cell whose ring changed can turn dead, and only a pair with such a
 * cell captured, so only those are looked at. Cells dead or captured before
 * stay so (a stone only narrows a ring's fillings), so this is a reduction
 * of the board with the stone as sound as deadCells' own, though the fill
 * may differ from deadCells' on that board where the order decides a
 * colour. A move on a cell `reduced` filled changes nothing: `reduced`
 * itself is returned.
 */
export function deadCellsAfter(g: Geometry, reduced: Readonly<Cells>, move: CellIndex, colour: Player): Cells {
  return reducedAfter(g, reduced, reducedBoard(g, reduced as Cells).codes, move, colour).cells;
}
