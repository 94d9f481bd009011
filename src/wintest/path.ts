/**
 * `path`: path following, a depth-first search through one player's stones
 * starting from one of that player's sides.
 *
 * Each player has a start side and a goal: the set of edge bits a single
 * group must gather. Hex black starts on row 1 and needs rows 1 and N; white
 * starts on column a and needs columns a and the last. In Y every winning
 * group touches column a, so each player starts there and needs all three
 * sides. One rule, "OR the edge bits of the group's cells until they cover
 * the goal", serves both games. On a full board one search decides: if black
 * has not won, white has.
 *
 * The search is iterative over a stack preallocated to the cell count (a cell
 * is pushed at most once, as it is marked when pushed), and cells are marked
 * with a per-call stamp, so deciding a board allocates nothing and never
 * clears the marks.
 */
import { Color, type Player, type Winner } from '../game/color.js';
import { type Cells, HexEdge, GameKind, type Geometry, Y_ALL_SIDES } from '../game/geometry.js';
import { type BoardWinTest, type WinTestMethod, BOTH_GAMES, cellsBatch } from './method.js';

interface Side {
  readonly player: Player;
  /** Cells where this player's search starts. */
  readonly starts: Int32Array;
  /** Edge bits that one group must gather to win. */
  readonly goal: number;
}

/** The two players' searches, black's first. */
function sidesOf(g: Geometry): readonly [Side, Side] {
  const n = g.size as number;
  const cells = (pick: (k: number) => number) => Int32Array.from({ length: n }, (_, k) => pick(k));
  if (g.game === GameKind.Hex) {
    return [
      { player: Color.Black, starts: cells((c) => g.index(0, c)), goal: HexEdge.Top | HexEdge.Bottom },
      { player: Color.White, starts: cells((r) => g.index(r, 0)), goal: HexEdge.Left | HexEdge.Right },
    ];
  }
  const leftSide = cells((r) => g.index(r, 0));
  return [
    { player: Color.Black, starts: leftSide, goal: Y_ALL_SIDES },
    { player: Color.White, starts: leftSide, goal: Y_ALL_SIDES },
  ];
}

class PathFollower {
  private readonly first: Side;
  private readonly second: Side;
  private readonly stack: Int32Array;
  private readonly mark: Uint32Array;
  private stamp = 0;

  constructor(private readonly g: Geometry) {
    [this.first, this.second] = sidesOf(g);
    this.stack = new Int32Array(g.cellCount);
    this.mark = new Uint32Array(g.cellCount);
  }

  winner(cells: Cells): Winner {
    // Each call uses a fresh stamp; both players share it, as a cell is only
    // ever reached through stones of its own colour.
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.mark.fill(0);
      this.stamp = 1;
    }
    const { first, second } = this;
    if (this.connects(cells, first)) return first.player;
    // A full Hex or Y board always has exactly one winner, so when the first
    // search fails on one, the second player has won without a search. Only
    // the scan for an empty cell is paid, and it stops at the first one.
    if (cells.indexOf(Color.Empty) < 0) return second.player;
    return this.connects(cells, second) ? second.player : Color.Empty;
  }

  private connects(cells: Cells, side: Side): boolean {
    const { edges, neighborStart, neighbors } = this.g;
    const { stack, mark, stamp } = this;
    const { player, starts, goal } = side;
    for (let s = 0; s < starts.length; s++) {
      const start = starts[s] as number;
      if (cells[start] !== player || mark[start] === stamp) continue;
      mark[start] = stamp;
      stack[0] = start;
      let top = 1;
      let touched = 0;
      while (top > 0) {
        const cell = stack[--top] as number;
        touched |= edges[cell] as number;
        if ((touched & goal) === goal) return true;
        const end = neighborStart[cell + 1] as number;
        for (let k = neighborStart[cell] as number; k < end; k++) {
          const nb = neighbors[k] as number;
          if (cells[nb] === player && mark[nb] !== stamp) {
            mark[nb] = stamp;
            stack[top++] = nb;
          }
        }
      }
    }
    return false;
  }
}

export const pathFollowing: WinTestMethod = {
  name: 'path',
  summary: "path following: depth-first search through a player's stones from one side",
  supports: { games: BOTH_GAMES, partialBoards: true, incremental: false, batches: false },
  create(g: Geometry): BoardWinTest {
    const follower = new PathFollower(g);
    const test = { winner: (cells: Cells): Winner => follower.winner(cells) };
    return { ...test, prepare: (boards) => cellsBatch(test, boards) };
  },
};
