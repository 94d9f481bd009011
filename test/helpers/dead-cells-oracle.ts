// The first dead-cell finder, kept as an oracle for the faster one in
// src/search/knowledge/dead-cells.ts: it reads every ring from the board and
// tries each pair's capture by placing stones, where the faster one keeps
// ring codes and looks captures up in a table.
import { Color } from '../../src/game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../../src/game/geometry.js';
import { DEAD_FILL, type DeadCells, ringSlots } from '../../src/search/knowledge/dead-cells.js';

const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;

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
    for (let changed = true; changed;) {
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
    for (
      let k = g.neighborStart[a] as number;
      k < (g.neighborStart[a + 1] as number) && filled[a] === Color.Empty;
      k++
    ) {
      const b = g.neighbors[k] as number;
      if (b < a || filled[b] !== Color.Empty) continue;
      const captor = capturedBy(slots, filled, a, b, BLACK)
        ? BLACK
        : capturedBy(slots, filled, a, b, WHITE)
          ? WHITE
          : EMPTY;
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
