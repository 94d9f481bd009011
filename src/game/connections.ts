/**
 * Which stones are connected, kept up to date as stones are played: the
 * game model's own knowledge of the winner so far (Position uses it), and the
 * core of the union-find win-test methods (src/wintest/union-find.ts).
 *
 * Hex joins each edge stone to a virtual node for its edge (top and bottom
 * for black, left and right for white), so black has won once top and bottom
 * share a root. Virtual nodes cannot express Y's goal, one group touching all
 * three sides (two groups could chain through a shared side node), so in Y
 * each root carries the set of sides its group touches instead.
 */
import { Color, type Player, type Winner } from './color.js';
import { type CellIndex, GameKind, type Geometry, HexEdge, Y_ALL_SIDES } from './geometry.js';

/** Virtual node offsets past the cells: black's top and bottom, white's left and right. */
const TOP = 0;
const BOTTOM = 1;
const LEFT = 2;
const RIGHT = 3;
const VIRTUAL_NODES = 4;

/**
 * The groups of stones on a board, built one stone at a time by union-find,
 * and the winner so far. Plain quick-union (Sedgewick) unless `weighted`,
 * then weighted quick-union with path halving.
 */
export class UnionFindConnections {
  private readonly parent: Int32Array;
  private readonly weight: Int32Array;
  private readonly sides: Uint8Array;
  private readonly stones: Uint8Array;
  private readonly virtualBase: number;
  private readonly isHex: boolean;
  private won: Winner = Color.Empty;

  constructor(
    private readonly g: Geometry,
    private readonly weighted: boolean,
  ) {
    this.virtualBase = g.cellCount;
    this.isHex = g.game === GameKind.Hex;
    const nodes = g.cellCount + VIRTUAL_NODES;
    this.parent = new Int32Array(nodes);
    this.weight = new Int32Array(nodes);
    this.sides = new Uint8Array(nodes);
    this.stones = new Uint8Array(g.cellCount);
    this.reset();
  }

  /** Becomes a copy of `other`, a structure of the same geometry: a clone's cost without its replay. */
  copyFrom(other: UnionFindConnections): void {
    if (other.g !== this.g || other.weighted !== this.weighted)
      throw new Error('copyFrom needs connections of the same geometry and kind');
    this.parent.set(other.parent);
    this.weight.set(other.weight);
    this.sides.set(other.sides);
    this.stones.set(other.stones);
    this.won = other.won;
  }

  reset(): void {
    for (let i = 0; i < this.parent.length; i++) this.parent[i] = i;
    this.weight.fill(1);
    this.sides.fill(0);
    this.stones.fill(0);
    this.won = Color.Empty;
  }

  private find(i: number): number {
    const p = this.parent;
    if (this.weighted) {
      while (p[i] !== i) {
        const up = p[p[i] as number] as number;
        p[i] = up;
        i = up;
      }
      return i;
    }
    while (p[i] !== i) i = p[i] as number;
    return i;
  }

  /** Joins two roots; returns the root of the joined tree. */
  private link(ra: number, rb: number): number {
    if (ra === rb) return ra;
    const w = this.weight;
    // Unweighted quick-union always hangs b's tree under a's.
    const keep = this.weighted && (w[ra] as number) < (w[rb] as number) ? rb : ra;
    const drop = keep === ra ? rb : ra;
    this.parent[drop] = keep;
    w[keep] = (w[keep] as number) + (w[drop] as number);
    this.sides[keep] = (this.sides[keep] as number) | (this.sides[drop] as number);
    return keep;
  }

  play(cell: CellIndex, color: Player): void {
    const g = this.g;
    const stones = this.stones;
    stones[cell] = color;
    const edges = g.edges[cell] as number;
    const v = this.virtualBase;
    // The new stone is a root of its own; its root is carried through the
    // joins below rather than found again for every neighbour.
    let root = cell;
    if (this.isHex) {
      if (color === Color.Black) {
        if (edges & HexEdge.Top) root = this.link(this.find(v + TOP), root);
        if (edges & HexEdge.Bottom) root = this.link(this.find(v + BOTTOM), root);
      } else {
        if (edges & HexEdge.Left) root = this.link(this.find(v + LEFT), root);
        if (edges & HexEdge.Right) root = this.link(this.find(v + RIGHT), root);
      }
    } else {
      this.sides[cell] = edges;
    }
    const end = g.neighborStart[cell + 1] as number;
    for (let k = g.neighborStart[cell] as number; k < end; k++) {
      const nb = g.neighbors[k] as number;
      if (stones[nb] === color) root = this.link(root, this.find(nb));
    }
    if (this.won !== Color.Empty) return;
    // Only the player who just moved can have completed a connection.
    if (this.isHex) {
      const joined =
        color === Color.Black
          ? this.find(v + TOP) === this.find(v + BOTTOM)
          : this.find(v + LEFT) === this.find(v + RIGHT);
      if (joined) this.won = color;
    } else if (this.sides[root] === Y_ALL_SIDES) {
      this.won = color;
    }
  }

  winner(): Winner {
    return this.won;
  }
}
