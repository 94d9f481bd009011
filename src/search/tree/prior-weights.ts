/**
 * The learned move prior as PUCT-AMAF uses it: each slot's pattern strength
 * (knowledge/../prior/move-prior.ts) raised to a power λ, relative to the
 * strongest of the node's moves, so that it multiplies the AMAF softmax's
 * weight. Hex only; elsewhere, and for the swap, every weight is 1.
 */
import { GameKind } from '../../game/geometry.js';
import { opponent } from '../../game/color.js';
import { type Move, type Position, SWAP } from '../../game/position.js';
import { gammasFromBase, priorBase, priorBaseAfter, shippedPriorTable } from '../prior/move-prior.js';
import type { PriorTable } from '../prior/table.js';
import { arenaF32, arenaF64 } from '../arena.js';
import type { Node } from './node.js';

export class PriorWeights {
  private gammas = new Float32Array(0);

  constructor(
    /** The exponent on each strength: 0 leaves every weight 1, 1 takes the strengths as they are. */
    private readonly power: number,
    private readonly table: PriorTable = shippedPriorTable(),
  ) {}

  /**
   * The weights of `moves` (new slots of the node that ends `path`) for the
   * side to move of `position`, the node's position, whose opponent's last
   * move is the node's (a cell, or SWAP for none); null where the prior
   * does not apply. The node keeps its cells' base strengths (priorBase),
   * so that its grandchildren's, the same side to move two stones later,
   * are made from them where those stones changed something.
   */
  weights(position: Position, path: readonly Node[], moves: readonly Move[]): Float32Array | null {
    const g = position.geometry;
    if (this.power === 0 || g.game !== GameKind.Hex || position.isOver()) return null;
    if (this.gammas.length !== g.cellCount) this.gammas = new Float32Array(g.cellCount);
    const node = path[path.length - 1] as Node;
    const lastMove = node.move;
    const cells = position.peekCells();
    if (node.priorBase === null) {
      const base = arenaF64(g.cellCount);
      const parent = path.length >= 3 ? (path[path.length - 2] as Node) : null;
      const from = path.length >= 3 ? (path[path.length - 3] as Node).priorBase : null;
      if (from !== null && parent !== null && parent.move >= 0 && node.move >= 0)
        priorBaseAfter(this.table, g, cells, position.toMove, from, [parent.move, node.move], base);
      else priorBase(this.table, g, cells, position.toMove, base);
      node.priorBase = base;
    }
    const last = lastMove >= 0 && position.at(lastMove) === opponent(position.toMove) ? lastMove : -1;
    gammasFromBase(this.table, g, cells, position.toMove, last, node.priorBase, this.gammas);
    let strongest = 0;
    for (const m of moves) if (m !== SWAP) strongest = Math.max(strongest, this.gammas[m] as number);
    const out = arenaF32(moves.length);
    if (strongest <= 0) return out.fill(1);
    // The default power, 2, as a product: cheaper than a pow per slot, and the same doubles.
    const squared = this.power === 2;
    for (let j = 0; j < moves.length; j++) {
      const m = moves[j] as Move;
      const ratio = Math.max(m === SWAP ? strongest : (this.gammas[m] as number), 1e-30) / strongest;
      out[j] = squared ? ratio * ratio : ratio ** this.power;
    }
    return out;
  }
}
