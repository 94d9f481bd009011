/**
 * Tactical Hex positions for the engine's exam: late positions in which the
 * side to move wins with best play, has no move that wins at once, and has
 * few winning moves. Each is made from a random full board by emptying a
 * patch around a cell (so the fight is local and real), and kept only when
 * the exact solver (src/search/knowledge/solver.ts) says so: it is the oracle.
 */
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind, geometryOf, type Geometry } from '../../src/game/geometry.js';
import { formatBoardText } from '../../src/game/board-text.js';
import { cellName } from '../../src/game/notation.js';
import { Position } from '../../src/game/position.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { winningCells } from '../../src/search/knowledge/tactics.js';
import { lcgRandom } from './boards.js';

export interface TacticalPosition {
  readonly size: number;
  readonly toMove: Player;
  readonly board: string;
  /** Every winning move, by name, as the solver gives them. */
  readonly winning: readonly string[];
}

/** Cells within `radius` steps of `centre` (breadth first over the neighbours). */
function patch(g: Geometry, centre: number, radius: number): number[] {
  const dist = new Map([[centre, 0]]);
  const queue = [centre];
  while (queue.length > 0) {
    const c = queue.shift() as number;
    const d = dist.get(c) as number;
    if (d === radius) continue;
    for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
      const nb = g.neighbors[k] as number;
      if (!dist.has(nb)) {
        dist.set(nb, d + 1);
        queue.push(nb);
      }
    }
  }
  return [...dist.keys()];
}

/** One candidate, or null when it is not a fair exam question. */
function candidate(size: number, rng: () => number, maxEmpty: number): TacticalPosition | null {
  const g = geometryOf(GameKind.Hex, size);
  const cells = new Uint8Array(g.cellCount);
  // A full board with as many black stones as white (one more when odd).
  const order = Array.from({ length: g.cellCount }, (_, i) => i).sort(() => rng() - 0.5);
  order.forEach((c, i) => (cells[c] = i % 2 === 0 ? Color.Black : Color.White));
  const centre = Math.floor(rng() * g.cellCount);
  const open = patch(g, centre, 2)
    .sort(() => rng() - 0.5)
    .slice(0, maxEmpty);
  for (const c of open) cells[c] = Color.Empty;
  const black = cells.reduce((n, v) => n + (v === Color.Black ? 1 : 0), 0);
  const white = cells.reduce((n, v) => n + (v === Color.White ? 1 : 0), 0);
  const toMove = black > white ? Color.White : black < white ? Color.Black : rng() < 0.5 ? Color.Black : Color.White;
  const position = Position.fromText(GameKind.Hex, size, formatBoardText(g, cells), toMove);
  if (position.isOver()) return null;
  if (winningCells(g, cells, toMove).length > 0) return null;
  const solution = solve(position);
  const empty = open.length;
  if (!solution.wins || solution.winningMoves.length > Math.max(1, Math.floor(empty / 4))) return null;
  // Not a pure block: the opponent's one-move wins would name the answer.
  if (winningCells(g, cells, opponent(toMove)).length > 0 && rng() < 0.5) return null;
  return { size, toMove, board: formatBoardText(g, cells), winning: solution.winningMoves.map((c) => cellName(g, c)) };
}

/**
 * `perSize` positions for each size (5 to 11), the same for a seed; the
 * sizes are made in order from one stream, so a shorter list of sizes
 * starting at 5 makes the same first positions.
 */
export function tacticalSet(
  seed: number,
  perSize: number,
  maxEmpty = 14,
  sizes: readonly number[] = [5, 6, 7, 8, 9, 10, 11],
): TacticalPosition[] {
  const rng = lcgRandom(seed);
  const out: TacticalPosition[] = [];
  for (const size of sizes) {
    for (let made = 0; made < perSize;) {
      const p = candidate(size, rng, maxEmpty);
      if (p) {
        out.push(p);
        made++;
      }
    }
  }
  return out;
}
