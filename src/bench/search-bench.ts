/**
 * The search's playouts per second beside the bare evaluator's, on one
 * backend in one run (issue 10 asks the search to keep ≥ 50% of the bare
 * rate). Three figures, each the median of the timed runs after warm-ups:
 *
 * - bare, one position: every playout of a move in ONE evaluate call from the
 *   root: the evaluator's best case, the headline's denominator;
 * - bare, the search's shape: B positions × K playouts in one call, as each
 *   round asks; the gap to the first is the cost of the shape alone;
 * - the search: a fresh Mcts searching the root for the same playouts, so
 *   its descents, tactics, backups and the rounds' calls are all counted.
 */
import type { Position } from '../game/position.js';
import type { EvalPosition, Evaluator } from '../eval/types.js';
import { measureThroughput, median } from '../jobs/throughput.js';
import { Mcts, type SearchSettings } from '../search/mcts.js';
import { Selection, keepsAmaf } from '../search/selection.js';

export interface SearchBenchPlan {
  readonly root: Position;
  readonly settings: SearchSettings;
  /** Playouts per searched move (and per bare call). */
  readonly playouts: number;
  readonly runs: number;
  readonly warmupRuns: number;
  readonly onProgress?: (message: string) => void;
}

export interface SearchBenchReport {
  readonly backend: 'cpu' | 'webgpu';
  readonly description: string;
  readonly leavesPerRound: number;
  readonly playoutsPerLeaf: number;
  readonly playoutsPerMove: number;
  readonly runs: number;
  readonly bareOnePosition: number;
  readonly bareSearchShape: number;
  /** Median over the timed searches of playouts counted / wall time. */
  readonly search: number;
  /** search / bareOnePosition: the measure. */
  readonly ratio: number;
  readonly roundsPerSearch: number;
  /** Whether the settings keep AMAF statistics (RAVE), and the same search with plain UCT or UCT-RAVE, the other way. */
  readonly rave: boolean;
  readonly otherRave: number;
}

function rootRequest(root: Position): EvalPosition {
  return { geometry: root.geometry, cells: root.cells(), toMove: root.toMove };
}

export async function runSearchBench(evaluator: Evaluator, plan: SearchBenchPlan): Promise<SearchBenchReport> {
  const { settings, playouts, runs, warmupRuns } = plan;
  const say = plan.onProgress ?? (() => {});
  const fill = settings.fill === undefined ? {} : { fill: settings.fill };
  const timedCalls = (what: string) => ({ onCall: (done: number, total: number) => say(`${what}: call ${done + 1} of ${total}`) });

  const one = await measureThroughput(evaluator, { positions: [rootRequest(plan.root)], request: { playouts, ...fill }, warmupRuns, runs }, timedCalls('bare evaluator, one position'));

  // The round's shape: B distinct positions (the root's first B children,
  // as the first round of a search asks for).
  const children = plan.root
    .legalMoves()
    .slice(0, settings.leavesPerRound)
    .map((move) => {
      const child = plan.root.clone();
      child.play(move);
      return rootRequest(child);
    });
  const shape = await measureThroughput(evaluator, { positions: children, request: { playouts: settings.playoutsPerLeaf, ...fill }, warmupRuns, runs }, timedCalls('bare evaluator, the search\'s shape'));

  const timeSearches = async (what: string, searched: SearchSettings): Promise<{ rate: number; rounds: number }> => {
    const rates: number[] = [];
    const rounds: number[] = [];
    for (let k = 0; k < warmupRuns + runs; k++) {
      say(`${what}: move ${k + 1} of ${warmupRuns + runs}${k < warmupRuns ? ' (warm-up)' : ''}`);
      const start = performance.now();
      const result = await new Mcts(evaluator, { ...searched, seed: searched.seed + k }).search(plan.root, { playouts });
      const ms = performance.now() - start;
      if (k < warmupRuns) continue;
      rates.push(result.playouts / (ms / 1000));
      rounds.push(result.rounds);
    }
    return { rate: median(rates), rounds: median(rounds) };
  };
  const searched = await timeSearches('search', settings);
  // RAVE asks for ownership and backs up AMAF counts: the other statistics, timed beside it, show what that costs.
  const rave = keepsAmaf(settings.selection);
  const other = await timeSearches(rave ? 'search without RAVE' : 'search with RAVE', { ...settings, selection: rave ? Selection.Uct : Selection.UctRave });
  const search = searched.rate;
  return {
    backend: evaluator.backend,
    description: evaluator.description,
    leavesPerRound: settings.leavesPerRound,
    playoutsPerLeaf: settings.playoutsPerLeaf,
    playoutsPerMove: playouts,
    runs,
    bareOnePosition: one.playoutsPerSecond,
    bareSearchShape: shape.playoutsPerSecond,
    search,
    ratio: search / one.playoutsPerSecond,
    roundsPerSearch: searched.rounds,
    rave,
    otherRave: other.rate,
  };
}
