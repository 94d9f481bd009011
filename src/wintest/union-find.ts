/**
 * Union-find win tests, updated per move: `unionfind` is Sedgewick's plain
 * quick-union, `wqhuf` weighted quick-union with path halving.
 *
 * Hex joins each edge stone to a virtual node for its edge (top and bottom
 * for black, left and right for white), so black has won once top and bottom
 * share a root. Virtual nodes cannot express Y's goal, one group touching all
 * three sides (two groups could chain through a shared side node), so in Y
 * each root carries the set of sides its group touches instead.
 */
import { Color, type Player, type Winner } from '../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry, HexEdge, Y_ALL_SIDES } from '../game/geometry.js';
import { type BoardWinTest, type IncrementalWinTest, type WinTestMethod, BOTH_GAMES, cellsBatch } from './method.js';

/** Virtual node offsets past the cells: black's top and bottom, white's left and right. */
const TOP = 0;
const BOTTOM = 1;
const LEFT = 2;
const RIGHT = 3;
const VIRTUAL_NODES = 4;

class UnionFindBoard implements IncrementalWinTest {
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

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    const w = this.weight;
    // Unweighted quick-union always hangs b's tree under a's.
    const keep = this.weighted && (w[ra] as number) < (w[rb] as number) ? rb : ra;
    const drop = keep === ra ? rb : ra;
    this.parent[drop] = keep;
    w[keep] = (w[keep] as number) + (w[drop] as number);
    this.sides[keep] = (this.sides[keep] as number) | (this.sides[drop] as number);
  }

  play(cell: CellIndex, color: Player): void {
    const g = this.g;
    const stones = this.stones;
    stones[cell] = color;
    const edges = g.edges[cell] as number;
    const v = this.virtualBase;
    if (this.isHex) {
      if (color === Color.Black) {
        if (edges & HexEdge.Top) this.union(v + TOP, cell);
        if (edges & HexEdge.Bottom) this.union(v + BOTTOM, cell);
      } else {
        if (edges & HexEdge.Left) this.union(v + LEFT, cell);
        if (edges & HexEdge.Right) this.union(v + RIGHT, cell);
      }
    } else {
      this.sides[cell] = edges;
    }
    const end = g.neighborStart[cell + 1] as number;
    for (let k = g.neighborStart[cell] as number; k < end; k++) {
      const nb = g.neighbors[k] as number;
      if (stones[nb] === color) this.union(cell, nb);
    }
    if (this.won !== Color.Empty) return;
    // Only the player who just moved can have completed a connection.
    if (this.isHex) {
      const joined = color === Color.Black ? this.find(v + TOP) === this.find(v + BOTTOM) : this.find(v + LEFT) === this.find(v + RIGHT);
      if (joined) this.won = color;
    } else if (this.sides[this.find(cell)] === Y_ALL_SIDES) {
      this.won = color;
    }
  }

  winner(): Winner {
    return this.won;
  }
}

function unionFindMethod(name: string, weighted: boolean, summary: string): WinTestMethod {
  const createIncremental = (g: Geometry): IncrementalWinTest => new UnionFindBoard(g, weighted);
  return {
    name,
    summary,
    supports: { games: BOTH_GAMES, partialBoards: true, incremental: true },
    createIncremental,
    create(g: Geometry): BoardWinTest {
      const board = createIncremental(g);
      const test = {
        winner(cells: Cells): Winner {
          board.reset();
          for (let i = 0; i < cells.length; i++) {
            const v = cells[i] as Color;
            if (v !== Color.Empty) board.play(i, v);
          }
          return board.winner();
        },
      };
      return { ...test, prepare: (boards) => cellsBatch(test, boards) };
    },
  };
}

export const unionFind = unionFindMethod('unionfind', false, "union-find, Sedgewick's quick-union, per move, virtual edge nodes (Hex) or side sets per root (Y)");
export const weightedUnionFind = unionFindMethod(
  'wqhuf',
  true,
  'union-find, weighted quick-union with path halving, per move, virtual edge nodes (Hex) or side sets per root (Y)',
);
