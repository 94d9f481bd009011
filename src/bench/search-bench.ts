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
 *   for ownership and backs up more, so the rules cost differently);
 * - the tree alone: the settings' search recorded once, then searched again
 *   on its recorded results, answered at once (replayed-search.ts): the
 *   same tree without its playouts, the time the search's thread spends on
 *   choosing, knowledge and back-ups, apart from the evaluator's noise.
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
import { SearchRecording } from './replayed-search.js';

/** The share of the bound the search is asked to keep on the CPU: the tree's budget a leaf is worked out for it. */
export const SHARE_TARGET = 0.8;

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
  /**
   * The tree alone: µs a leaf of the settings' search replayed on its own
   * recorded results (no playouts), the median; null when no timed search
   * played a round.
   */
  readonly treeAloneMicrosecondsPerLeaf: number | null;
  /** The threads that play the bound's playouts: the evaluator's concurrency on the CPU, 0 on WebGPU (its playouts take no thread). */
  readonly playingThreads: number;
  /**
   * The most of the bound a search could keep with the tree alone beside
   * the playouts, per playoutShareWith; null when the tree was not measured.
   */
  readonly shareWithTreeAlone: number | null;
  /** The tree's time a leaf, in µs, at which SHARE_TARGET would be the most a search could keep. */
  readonly treeBudgetMicroseconds: number;
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
    readonly treeAloneMicrosecondsPerLeaf: NoisyFigure | null;
    readonly otherSelections: readonly NoisyFigure[];
  };
}

/** The most playouts a bare call is doubled to. */
const MAX_BARE_CALL = 1 << 26;

/** The search's wall time a leaf of K playouts beyond the bare evaluator's, in µs, from the two rates (playouts a second). */
export function treeMicroseconds(playoutsPerLeaf: number, searchRate: number, bareRate: number): number {
  return playoutsPerLeaf * 1e6 * (1 / searchRate - 1 / bareRate);
}

/**
 * The most of the bound rate (playouts a second, on `threads` threads) a
 * search can keep whose tree takes `treeMicroseconds` a leaf of K
 * playouts on its own thread. On the CPU the tree's time comes off a
 * thread that would otherwise play, so a leaf takes threads · K / bound of
 * thread time for its playouts plus the tree's: share = p / (p + tree).
 * Where the playouts take no thread (WebGPU, `threads` 0), the tree is a
 * stage of its own, and bounds the leaves a second: share = min(1, K / (bound · tree)).
 * Every other cost (the calls, the messages) only lowers it.
 */
export function playoutShareWith(
  treeMicroseconds: number,
  playoutsPerLeaf: number,
  boundRate: number,
  threads: number,
): number {
  const leafMicroseconds = (playoutsPerLeaf / boundRate) * 1e6;
  if (threads === 0) return Math.min(1, leafMicroseconds / Math.max(treeMicroseconds, 0));
  const playing = threads * leafMicroseconds;
  return playing / (playing + Math.max(treeMicroseconds, 0));
}

/** The tree's time a leaf, in µs, at which playoutShareWith comes to `share` (0 < share < 1). */
export function treeBudgetFor(share: number, playoutsPerLeaf: number, boundRate: number, threads: number): number {
  const leafMicroseconds = (playoutsPerLeaf / boundRate) * 1e6;
  return threads === 0 ? leafMicroseconds / share : threads * leafMicroseconds * (1 / share - 1);
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
  // The settings' search recorded once, then replayed on its results until
  // the replays have lasted minCallMs: µs a leaf, or null without a round.
  // Recorded apart from the timed searches, so that the recorder's copies do not slow those.
  const treeAlone = async (run: number): Promise<number | null> => {
    const recording = new SearchRecording();
    const seeded = { ...settings, seed: settings.seed + run };
    const recorded = await new Mcts(recording.recorder(evaluator), seeded).search(plan.root, { playouts });
    if (recorded.rounds === 0) return null;
    const start = performance.now();
    let leaves = 0;
    do {
      const replayed = await new Mcts(recording.replayer(evaluator), seeded).search(plan.root, { playouts });
      leaves += replayed.playouts / settings.playoutsPerLeaf;
    } while (performance.now() - start < minCallMs);
    return ((performance.now() - start) * 1000) / leaves;
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
    treeAlone: [] as number[],
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
    say(`${label}: the tree alone, ${settings.selection}`);
    const alone = await treeAlone(run);
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
    if (alone !== null) rates.treeAlone.push(alone);
    rounds.push(search.rounds);
  }
  const tree = rates.treeMicroseconds.length > 0 ? medianFigure(rates.treeMicroseconds) : null;
  const alone = rates.treeAlone.length > 0 ? medianFigure(rates.treeAlone) : null;
  const bound = median(rates.one);
  const playingThreads = evaluator.backend === 'webgpu' ? 0 : Math.max(1, evaluator.concurrency);
  const k = settings.playoutsPerLeaf;
  return {
    backend: evaluator.backend,
    description: evaluator.description,
    leavesPerRound: settings.leavesPerRound,
    playoutsPerLeaf: settings.playoutsPerLeaf,
    roundsInFlight,
    playoutsPerMove: playouts,
    bareCallPlayouts,
    runs,
    bareOnePosition: bound,
    bareWithOwnership: median(rates.owned),
    bareSearchShape: median(rates.shape),
    bareSearchCalls: median(rates.calls),
    search: median(rates.search),
    ratio: median(rates.ratio),
    ratios: rates.ratio,
    ratioToOwnership: median(rates.ratioToOwned),
    roundsPerSearch: median(rounds),
    treeMicrosecondsPerLeaf: tree?.value ?? null,
    treeAloneMicrosecondsPerLeaf: alone?.value ?? null,
    playingThreads,
    shareWithTreeAlone: alone === null ? null : playoutShareWith(alone.value, k, bound, playingThreads),
    treeBudgetMicroseconds: treeBudgetFor(SHARE_TARGET, k, bound, playingThreads),
    selection: settings.selection,
    otherSelections: others.map((selection, i) => ({ selection, search: median(rates.others[i] ?? []) })),
    spreads: {
      bareOnePosition: medianFigure(rates.one),
      bareWithOwnership: medianFigure(rates.owned),
      bareSearchShape: medianFigure(rates.shape),
      bareSearchCalls: medianFigure(rates.calls),
      search: medianFigure(rates.search),
      treeMicrosecondsPerLeaf: tree,
      treeAloneMicrosecondsPerLeaf: alone,
      otherSelections: rates.others.map((r) => medianFigure(r)),
    },
  };
}
