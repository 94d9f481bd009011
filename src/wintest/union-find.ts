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
import { type CellIndex, type Cells, Edge, GameKind, type Geometry, Y_ALL_SIDES } from '../game/geometry.js';
import { type BoardWinTest, type IncrementalWinTest, type WinTestMethod, BOTH_GAMES, cellsBatch } from './method.js';

const HEX_VIRTUAL: readonly { edge: Edge; owner: Player }[] = [
  { edge: Edge.HexTop, owner: Color.Black },
  { edge: Edge.HexBottom, owner: Color.Black },
  { edge: Edge.HexLeft, owner: Color.White },
  { edge: Edge.HexRight, owner: Color.White },
];

class UnionFindBoard implements IncrementalWinTest {
  private readonly parent: Int32Array;
  private readonly weight: Int32Array;
  private readonly sides: Uint8Array;
  private readonly stones: Uint8Array;
  private readonly virtualBase: number;
  private won: Winner = Color.Empty;

  constructor(
    private readonly g: Geometry,
    private readonly weighted: boolean,
  ) {
    this.virtualBase = g.cellCount;
    const nodes = g.cellCount + HEX_VIRTUAL.length;
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

  private union(a: number, b: number): number {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return ra;
    if (this.weighted && (this.weight[ra] as number) < (this.weight[rb] as number)) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.weight[ra] = (this.weight[ra] as number) + (this.weight[rb] as number);
    this.sides[ra] = (this.sides[ra] as number) | (this.sides[rb] as number);
    return ra;
  }

  play(cell: CellIndex, color: Player): void {
    const g = this.g;
    this.stones[cell] = color;
    const edges = g.edges[cell] as number;
    if (g.game === GameKind.Hex) {
      for (let k = 0; k < HEX_VIRTUAL.length; k++) {
        const v = HEX_VIRTUAL[k] as (typeof HEX_VIRTUAL)[number];
        if (v.owner === color && edges & v.edge) this.union(this.virtualBase + k, cell);
      }
    } else {
      this.sides[cell] = edges;
    }
    let root = this.find(cell);
    for (let k = g.neighborStart[cell] as number; k < (g.neighborStart[cell + 1] as number); k++) {
      const nb = g.neighbors[k] as number;
      if (this.stones[nb] === color) root = this.union(root, nb);
    }
    if (this.won !== Color.Empty) return;
    if (g.game === GameKind.Hex) {
      const b = this.virtualBase;
      if (this.find(b) === this.find(b + 1)) this.won = Color.Black;
      else if (this.find(b + 2) === this.find(b + 3)) this.won = Color.White;
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

export const unionFind = unionFindMethod('unionfind', false, "union-find, Sedgewick's quick-union, per move, virtual edge nodes");
export const weightedUnionFind = unionFindMethod(
  'wqhuf',
  true,
  'union-find, weighted quick-union with path halving, per move, virtual edge nodes',
);
