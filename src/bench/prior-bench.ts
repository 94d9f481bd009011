/**
 * The move prior's cost per call (priorGammas over every empty cell of a
 * position), timed over the positions of recorded games: each run scores
 * every position once; the figure is the median over the timed runs, after
 * warm-up runs, of the run's time divided by its positions.
 */
import type { Player } from '../game/color.js';
import type { CellIndex, Cells, Geometry } from '../game/geometry.js';
import type { SgfPosition } from '../game/sgf-read.js';
import { median } from '../jobs/throughput.js';
import { forEachPosition } from '../search/prior/game-positions.js';
import { priorGammas } from '../search/prior/move-prior.js';
import type { PriorTable } from '../search/prior/table.js';

export interface PriorBenchPlan {
  readonly table: PriorTable;
  readonly games: readonly SgfPosition[];
  /** The first move of each game timed (1: all). */
  readonly fromMove: number;
  readonly runs: number;
  readonly warmupRuns: number;
}

export interface PriorBenchReport {
  readonly positions: number;
  /** Empty cells per position, on average: the candidates each call scores. */
  readonly meanCandidates: number;
  /** Per timed run: nanoseconds per call, by the wall clock. */
  readonly runNs: readonly number[];
  readonly medianNs: number;
  /** The same by this process's CPU time (user and system), which other programs on a busy machine disturb less. */
  readonly runCpuNs: readonly number[];
  readonly medianCpuNs: number;
}

interface Snapshot {
  readonly g: Geometry;
  readonly cells: Cells;
  readonly mover: Player;
  readonly last: CellIndex;
}

export function runPriorBench(plan: PriorBenchPlan): PriorBenchReport {
  const positions: Snapshot[] = [];
  let candidates = 0;
  for (const game of plan.games) {
    forEachPosition(game, plan.fromMove, (p) => {
      positions.push({ g: game.geometry, cells: p.cells.slice(), mover: p.mover, last: p.last });
      candidates += p.cells.reduce((n, v) => n + (v === 0 ? 1 : 0), 0);
    });
  }
  if (positions.length === 0) throw new Error('the games hold no position to time');
  const out = new Float32Array(Math.max(...positions.map((p) => p.g.cellCount)));
  let sink = 0;
  const runNs: number[] = [];
  const runCpuNs: number[] = [];
  for (let run = 0; run < plan.warmupRuns + plan.runs; run++) {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (const p of positions) sink += priorGammas(plan.table, p.g, p.cells, p.mover, p.last, out);
    const ns = Number(process.hrtime.bigint() - start) / positions.length;
    const used = process.cpuUsage(cpu);
    if (run < plan.warmupRuns) continue;
    runNs.push(ns);
    runCpuNs.push(((used.user + used.system) * 1000) / positions.length);
  }
  // The sums are used, so that no engine can drop the calls.
  if (!Number.isFinite(sink)) throw new Error('the prior gave a sum that is not finite');
  return {
    positions: positions.length,
    meanCandidates: candidates / positions.length,
    runNs,
    medianNs: median(runNs),
    runCpuNs,
    medianCpuNs: median(runCpuNs),
  };
}
