/**
 * A player's groups of stones, each labelled with the goal edges it
 * touches: what the tactics (tactics.ts) and the virtual connections
 * (virtual-connection.ts) both start from.
 */
import type { Player } from '../../game/color.js';
import type { Cells, Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';

/** Scratch for the group labelling, one set per geometry: the search labels at every new node. */
export interface Labels {
  /** Per cell: the id of its group of the player's stones, −1 for none. */
  readonly label: Int32Array;
  /** Per group id: the edges the group touches. */
  readonly groupEdges: Int32Array;
  readonly stack: Int32Array;
  /** How many groups the last call found (ids 0 … groups − 1). */
  groups: number;
}

const scratch = perGeometry((g): Labels => ({
  label: new Int32Array(g.cellCount),
  groupEdges: new Int32Array(g.cellCount),
  stack: new Int32Array(g.cellCount),
  groups: 0,
}));

/**
 * Labels each group of `player`'s stones with the edges it touches. The arrays are
 * one set per geometry, valid until the next call for the same board.
 */
export function labelGroups(g: Geometry, cells: Cells, player: Player): Labels {
  const labels = scratch(g);
  const { label, groupEdges, stack } = labels;
  label.fill(-1);
  let groups = 0;
  for (let start = 0; start < g.cellCount; start++) {
    if (cells[start] !== player || label[start] !== -1) continue;
    const id = groups++;
    let touched = 0;
    let top = 0;
    label[start] = id;
    stack[top++] = start;
    while (top > 0) {
      const c = stack[--top] as number;
      touched |= g.edges[c] as number;
      for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
        const nb = g.neighbors[k] as number;
        if (cells[nb] === player && label[nb] === -1) {
          label[nb] = id;
          stack[top++] = nb;
        }
      }
    }
    groupEdges[id] = touched;
  }
  labels.groups = groups;
  return labels;
}
