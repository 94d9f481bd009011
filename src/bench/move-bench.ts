/**
 * Leaves a move: timed searches, as the engine makes them, of a fixed set of
 * openings, each on a fresh tree; how many leaves (evaluated positions)
 * each search got through in its time is what the tree and its knowledge
 * leave of the evaluator's speed.
 */
import { GameKind, type Geometry } from '../game/geometry.js';
import { Position } from '../game/position.js';
import { cellName } from '../game/notation.js';
import type { Evaluator } from '../eval/types.js';
import { median } from '../jobs/throughput.js';
import { Mcts, type SearchSettings } from '../search/mcts.js';

export interface MoveBenchPlan {
  readonly geometry: Geometry;
  readonly settings: SearchSettings;
  /**
   * Each move's limit: its milliseconds, or a number of playouts. Under a
   * playout limit, builds that play the same moves search the same trees, so
   * their CPU time a leaf compares.
   */
  readonly limit: MoveLimit;
  /** Openings searched, each once. */
  readonly positions: number;
  /** Names the openings. */
  readonly seed: number;
  readonly onProgress?: (message: string) => void;
}

/** A timed move, or one of a fixed number of playouts. */
export type MoveLimit = { readonly timeMs: number } | { readonly playouts: number };

export interface MoveMeasurement {
  /** The opening's moves, by name. */
  readonly opening: readonly string[];
  readonly leaves: number;
  readonly playouts: number;
  readonly rounds: number;
  readonly wallMs: number;
  /** The process's CPU time during the search, every thread's: with one thread, the search's whole cost. */
  readonly cpuMs: number;
  /** The tactic or solver that decided the move without a search, if any. */
  readonly decidedBy: string | null;
}

export interface MoveBenchReport {
  readonly benchmark: 'hexbatch-moves';
  readonly game: GameKind;
  readonly size: number;
  /** Milliseconds a move, or null where the moves had a playout limit. */
  readonly timeMs: number | null;
  /** Playouts a move, or null where the moves were timed. */
  readonly playoutsPerMove: number | null;
  readonly leavesPerRound: number;
  readonly playoutsPerLeaf: number;
  readonly description: string;
  readonly date: string;
  readonly moves: readonly MoveMeasurement[];
  /** The median over the searched moves (not those a tactic decided). */
  readonly medianLeaves: number;
  readonly medianLeavesPerSecond: number;
  /** The median over the searched moves of CPU microseconds a leaf, every thread's. */
  readonly medianCpuMicrosecondsPerLeaf: number;
}

/** A small seeded generator for the openings (mulberry32: nearby seeds give unrelated draws). */
function draws(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let t = Math.imul(x ^ (x >>> 15), x | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Opening `index` of `seed`: 2 to 5 stones on cells at least two rows and
 * columns in from the edges (the whole board where it is smaller), with no
 * swap rule, so each position is one tree's search.
 */
export function openingPosition(g: Geometry, seed: number, index: number): { position: Position; moves: string[] } {
  const next = draws((seed * 7919 + index) >>> 0);
  const position = new Position(g, { swap: false });
  const margin = g.size >= 7 ? 2 : 0;
  const inner = position.legalMoves().filter((c) => {
    const r = g.row[c] as number;
    const col = g.col[c] as number;
    const lastCol = g.game === GameKind.Hex ? g.size - 1 : r;
    return r >= margin && r < g.size - margin && col >= margin && col <= lastCol - margin;
  });
  const candidates = inner.length >= 8 ? inner : position.legalMoves();
  const stones = 2 + (index % 4);
  const moves: string[] = [];
  for (let k = 0; k < stones && !position.isOver(); k++) {
    const free = candidates.filter((c) => position.at(c) === 0);
    const cell = free[Math.floor(next() * free.length)] as number;
    position.play(cell);
    moves.push(cellName(g, cell));
  }
  return { position, moves };
}

export async function runMoveBench(evaluator: Evaluator, plan: MoveBenchPlan): Promise<MoveBenchReport> {
  const say = plan.onProgress ?? (() => {});
  const k = plan.settings.playoutsPerLeaf;
  // One search first, not counted, so that the first measured one does not pay for compiling the code.
  const limit = plan.limit;
  await new Mcts(evaluator, plan.settings).search(
    openingPosition(plan.geometry, plan.seed ^ 0xffff, 0).position,
    'timeMs' in limit ? { timeMs: Math.min(limit.timeMs, 500) } : { playouts: Math.min(limit.playouts, 500 * k) },
  );
  const moves: MoveMeasurement[] = [];
  for (let i = 0; i < plan.positions; i++) {
    const { position, moves: opening } = openingPosition(plan.geometry, plan.seed, i);
    say(`move ${i + 1} of ${plan.positions}: after ${opening.join(' ')}`);
    const search = new Mcts(evaluator, { ...plan.settings, seed: plan.settings.seed + i });
    const start = performance.now();
    const cpu = process.cpuUsage();
    const result = await search.search(position, limit);
    const used = process.cpuUsage(cpu);
    const wallMs = performance.now() - start;
    const cpuMs = (used.user + used.system) / 1000;
    moves.push({
      opening,
      leaves: result.playouts / k,
      playouts: result.playouts,
      rounds: result.rounds,
      wallMs,
      cpuMs,
      decidedBy: result.rounds === 0 ? result.tactic : null,
    });
  }
  const searched = moves.filter((m) => m.decidedBy === null);
  return {
    benchmark: 'hexbatch-moves',
    game: plan.geometry.game,
    size: plan.geometry.size,
    timeMs: 'timeMs' in limit ? limit.timeMs : null,
    playoutsPerMove: 'playouts' in limit ? limit.playouts : null,
    leavesPerRound: plan.settings.leavesPerRound,
    playoutsPerLeaf: k,
    description: evaluator.description,
    date: new Date().toISOString(),
    moves,
    medianLeaves: searched.length === 0 ? 0 : median(searched.map((m) => m.leaves)),
    medianLeavesPerSecond: searched.length === 0 ? 0 : median(searched.map((m) => m.leaves / (m.wallMs / 1000))),
    medianCpuMicrosecondsPerLeaf:
      searched.length === 0 ? 0 : median(searched.map((m) => (1000 * m.cpuMs) / Math.max(1, m.leaves))),
  };
}
