/**
 * The search's playouts per second beside the bare evaluator's, on one
 * backend in one run (issue 10 asks the search to keep ≥ 50% of the bare
 * rate). Each figure is the median of the timed runs after warm-ups:
 *
 * - bare, one position: every playout of a move in ONE evaluate call from the
 *   root: the evaluator's best case, the headline's denominator; a move too
 *   short to time (under minCallMs) is doubled until a call lasts that long,
 *   since the bound of the search's rate is the evaluator's long-call rate
 *   (calls of 4,096 once put the search at 733% of it);
 * - the same with ownership counted, as the AMAF rules ask of every round:
 *   what the evaluator itself costs for the search's kind of request;
 * - bare, the search's shape: B positions × K playouts in one call, as each
 *   round asks; the gap to the first is the cost of the shape alone;
 * - bare, the search's calls: that shape as the search asks for it, with
 *   ownership where its rule keeps AMAF counts and as many calls in flight
 *   as it keeps: what a search whose tree cost nothing would play;
 * - the search: a fresh Mcts searching the root for the same playouts, so
 *   its descents, tactics, backups and the rounds' calls are all counted;
 *   with the settings' selection rule, then with each other rule (AMAF asks
 *   for ownership and backs up more, so the rules cost differently).
 *
 * Each run times all of them in turn, and each timing lasts at least
 * minCallMs (100 ms unless told otherwise), a call or a search repeated
 * until it has.
 */
import type { Position } from '../game/position.js';
import type { EvalPosition, Evaluator } from '../eval/types.js';
import { MIN_RUN_MS, measureThroughput, median } from '../jobs/throughput.js';
import { type NoisyFigure, medianFigure } from '../jobs/noisy-figures.js';
import { Mcts, type SearchSettings, defaultRoundsInFlight } from '../search/mcts.js';
import { SELECTIONS, type Selection, keepsAmaf } from '../search/selection.js';
import { opensUnderSwap } from '../search/knowledge/swap-rule.js';

export interface SearchBenchPlan {
  /** The position searched: not the first move under the swap rule, which is not one tree's search. */
  readonly root: Position;
  readonly settings: SearchSettings;
  /** Playouts per searched move (and per bare call). */
  readonly playouts: number;
  readonly runs: number;
  readonly warmupRuns: number;
  /** The least time of each timing (default MIN_RUN_MS; 0: one call, one search). */
  readonly minCallMs?: number;
  readonly onProgress?: (message: string) => void;
}

export interface SearchBenchReport {
  readonly backend: 'cpu' | 'webgpu';
  readonly description: string;
  readonly leavesPerRound: number;
  readonly playoutsPerLeaf: number;
  /** Evaluate calls the search keeps running at once. */
  readonly roundsInFlight: number;
  readonly playoutsPerMove: number;
  /** Playouts of the bare one-position calls: the move's, doubled until a call lasts minCallMs. */
  readonly bareCallPlayouts: number;
  readonly runs: number;
  readonly bareOnePosition: number;
  /** One position with ownership (the AMAF rules' request). */
  readonly bareWithOwnership: number;
  readonly bareSearchShape: number;
  /**
   * The search's calls without the search: B × K, with ownership where the
   * settings' rule keeps AMAF counts, `roundsInFlight` at once; the most a
   * search whose tree cost nothing could keep.
   */
  readonly bareSearchCalls: number;
  /** Median over the timed searches of playouts counted / wall time. */
  readonly search: number;
  /** The median of `ratios`: the measure. */
  readonly ratio: number;
  /** Per timed run: the search's rate over the bare one-position rate timed beside it. */
  readonly ratios: readonly number[];
  /** The median over the runs of the search's rate over the one-position rate with ownership. */
  readonly ratioToOwnership: number;
  readonly roundsPerSearch: number;
  /** The settings' selection rule, which `search` and `ratio` measure. */
  readonly selection: Selection;
  /**
   * The tree's wall time a leaf: per run, K / search rate − K / the bare
   * rate at the search's shape, in µs; the median. What the search spends
   * beyond playing (choosing, knowledge, backing up, and the ownership counts
   * the bare shape does not ask for), where it does not overlap the playouts;
   * null when no timed search played a round (a move decided without one).
   */
  readonly treeMicrosecondsPerLeaf: number | null;
  /** The same search with each other selection rule: medians, like `search`. */
  readonly otherSelections: readonly { readonly selection: Selection; readonly search: number }[];
  /** Each rate above as a median with the 95% half-width of its runs (noisy-figures.ts), for the shares. */
  readonly spreads: {
    readonly bareOnePosition: NoisyFigure;
    readonly bareWithOwnership: NoisyFigure;
    readonly bareSearchShape: NoisyFigure;
    readonly bareSearchCalls: NoisyFigure;
    readonly search: NoisyFigure;
    readonly treeMicrosecondsPerLeaf: NoisyFigure | null;
    readonly otherSelections: readonly NoisyFigure[];
  };
}

/** The most playouts a bare call is doubled to. */
const MAX_BARE_CALL = 1 << 26;

/** The search's wall time a leaf of K playouts beyond the bare evaluator's, in µs, from the two rates (playouts a second). */
export function treeMicroseconds(playoutsPerLeaf: number, searchRate: number, bareRate: number): number {
  return playoutsPerLeaf * 1e6 * (1 / searchRate - 1 / bareRate);
}

function rootRequest(root: Position): EvalPosition {
  return { geometry: root.geometry, cells: root.cells(), toMove: root.toMove };
}

export async function runSearchBench(evaluator: Evaluator, plan: SearchBenchPlan): Promise<SearchBenchReport> {
  const { settings, playouts, runs, warmupRuns } = plan;
  if (opensUnderSwap(plan.root))
    throw new Error(
      'the search bench times one tree: give a root other than the first move under the swap rule (swap-rule.ts decides that one)',
    );
  const say = plan.onProgress ?? (() => {});
  const fill = settings.fill === undefined ? {} : { fill: settings.fill };
  const others = SELECTIONS.filter((selection) => selection !== settings.selection);
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
  const minCallMs = plan.minCallMs ?? MIN_RUN_MS;
  const root = [rootRequest(plan.root)];
  const roundsInFlight = settings.roundsInFlight ?? defaultRoundsInFlight(evaluator);
  const bareRate = async (
    positions: readonly EvalPosition[],
    perPosition: number,
    run: number,
    ownership = false,
    inFlight = 1,
  ): Promise<number> =>
    (
      await measureThroughput(evaluator, {
        positions,
        request: { playouts: perPosition, ...fill, ...(ownership ? { ownership } : {}) },
        warmupRuns: 0,
        runs: 1,
        minRunMs: minCallMs,
        seed: run,
        inFlight,
      })
    ).playoutsPerSecond;
  // Searches of the move, fresh trees, until they have lasted minCallMs; the rounds are the first search's.
  const searchRate = async (searched: SearchSettings, run: number): Promise<{ rate: number; rounds: number }> => {
    const start = performance.now();
    let counted = 0;
    let rounds = 0;
    let k = 0;
    do {
      const result = await new Mcts(evaluator, { ...searched, seed: searched.seed + run + k * 1009 }).search(
        plan.root,
        { playouts },
      );
      counted += result.playouts;
      if (k++ === 0) rounds = result.rounds;
    } while (performance.now() - start < minCallMs);
    return { rate: counted / ((performance.now() - start) / 1000), rounds };
  };
  // The bound's calls: the move's playouts, doubled until one call lasts minCallMs.
  let bareCallPlayouts = playouts;
  if (minCallMs > 0) say('sizing the bare calls');
  while (minCallMs > 0) {
    const start = performance.now();
    await evaluator.evaluate(root, { playouts: bareCallPlayouts, ...fill });
    if (performance.now() - start >= minCallMs || bareCallPlayouts >= MAX_BARE_CALL) break;
    bareCallPlayouts = Math.min(MAX_BARE_CALL, bareCallPlayouts * 2);
  }

  // The measurements take turns within every run, so a spell of load on
  // this shared machine falls on all of them alike; the headline ratio is the
  // median of the runs' own ratios.
  const rates = {
    one: [] as number[],
    owned: [] as number[],
    shape: [] as number[],
    calls: [] as number[],
    search: [] as number[],
    ratio: [] as number[],
    ratioToOwned: [] as number[],
    treeMicroseconds: [] as number[],
    others: others.map(() => [] as number[]),
  };
  const rounds: number[] = [];
  for (let run = 0; run < warmupRuns + runs; run++) {
    const warm = run < warmupRuns ? ' (warm-up)' : '';
    const label = `run ${run + 1} of ${warmupRuns + runs}${warm}`;
    say(`${label}: bare evaluator, one position`);
    const one = await bareRate(root, bareCallPlayouts, run);
    say(`${label}: bare evaluator, one position, with ownership`);
    const owned = await bareRate(root, bareCallPlayouts, run, true);
    say(`${label}: bare evaluator, the search's shape`);
    const shape = await bareRate(children, settings.playoutsPerLeaf, run);
    say(`${label}: bare evaluator, the search's calls`);
    const calls = await bareRate(
      children,
      settings.playoutsPerLeaf,
      run,
      keepsAmaf(settings.selection),
      roundsInFlight,
    );
    say(`${label}: the search, ${settings.selection}`);
    const search = await searchRate(settings, run);
    const otherRates: number[] = [];
    for (const selection of others) {
      say(`${label}: the search, ${selection}`);
      otherRates.push((await searchRate({ ...settings, selection }, run)).rate);
    }
    if (run < warmupRuns) continue;
    rates.one.push(one);
    rates.owned.push(owned);
    rates.shape.push(shape);
    rates.calls.push(calls);
    rates.search.push(search.rate);
    otherRates.forEach((rate, i) => rates.others[i]?.push(rate));
    rates.ratio.push(search.rate / one);
    rates.ratioToOwned.push(search.rate / owned);
    if (search.rate > 0) rates.treeMicroseconds.push(treeMicroseconds(settings.playoutsPerLeaf, search.rate, shape));
    rounds.push(search.rounds);
  }
  const tree = rates.treeMicroseconds.length > 0 ? medianFigure(rates.treeMicroseconds) : null;
  return {
    backend: evaluator.backend,
    description: evaluator.description,
    leavesPerRound: settings.leavesPerRound,
    playoutsPerLeaf: settings.playoutsPerLeaf,
    roundsInFlight,
    playoutsPerMove: playouts,
    bareCallPlayouts,
    runs,
    bareOnePosition: median(rates.one),
    bareWithOwnership: median(rates.owned),
    bareSearchShape: median(rates.shape),
    bareSearchCalls: median(rates.calls),
    search: median(rates.search),
    ratio: median(rates.ratio),
    ratios: rates.ratio,
    ratioToOwnership: median(rates.ratioToOwned),
    roundsPerSearch: median(rounds),
    treeMicrosecondsPerLeaf: tree?.value ?? null,
    selection: settings.selection,
    otherSelections: others.map((selection, i) => ({ selection, search: median(rates.others[i] ?? []) })),
    spreads: {
      bareOnePosition: medianFigure(rates.one),
      bareWithOwnership: medianFigure(rates.owned),
      bareSearchShape: medianFigure(rates.shape),
      bareSearchCalls: medianFigure(rates.calls),
      search: medianFigure(rates.search),
      treeMicrosecondsPerLeaf: tree,
      otherSelections: rates.others.map((r) => medianFigure(r)),
    },
  };
}
