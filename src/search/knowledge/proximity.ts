/**
 * The cells near a move: its neighbours and the cells a bridge away (two
 * common neighbours, not touching). Most good replies in Hex and Y are
 * there: an answer to an intrusion, a block, a bridge that keeps a chain
 * going. PUCT-AMAF's prior can favour them (SearchSettings.proximityPrior),
 * as MoHex's move patterns favour local replies, where the AMAF values alone
 * treat every cell of the board alike until the playouts tell them apart.
 * Off by default: at equal time it has not shown a gain in play.
 */
import { type CellIndex, type Geometry, neighborsOf } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { linkTable } from './virtual-connection.js';

export interface NearCells {
  /** The cells near cell c are cells[start[c] … start[c + 1]). */
  readonly start: Int32Array;
  readonly cells: Int32Array;
}

/** Each cell's neighbours, then its bridge partners (made once per geometry). */
export const nearCells = perGeometry((g: Geometry): NearCells => {
  const { bridgeStart, bridges } = linkTable(g);
  const lists: CellIndex[][] = [];
  for (let c = 0; c < g.cellCount; c++) {
    const list = neighborsOf(g, c);
    for (let i = bridgeStart[c] as number; i < (bridgeStart[c + 1] as number); i += 3) list.push(bridges[i] as number);
    lists.push(list);
  }
  const start = new Int32Array(g.cellCount + 1);
  lists.forEach((list, c) => (start[c + 1] = (start[c] as number) + list.length));
  return { start, cells: Int32Array.from(lists.flat()) };
});
