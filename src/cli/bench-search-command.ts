/**
 * `hexbatch bench-search`: the search's playouts per second beside the bare
 * evaluator's on the same backend, in one run (JSON too).
 */
import type { Command } from 'commander';
import { Position } from '../game/position.js';
import { createEvaluator } from '../eval/create-evaluator.js';
import { SHARE_TARGET, type SearchBenchReport, runSearchBench } from '../bench/search-bench.js';
import { formatRate } from '../jobs/suite-table.js';
import { type NoisyFigure, shareText } from '../jobs/noisy-figures.js';
import { formatTable } from '../jobs/text-table.js';
import { progressLine } from '../jobs/progress-line.js';
import { defaultSettings } from '../search/mcts.js';
import { keepsAmaf } from '../search/selection.js';
import { benchJsonPath, writeBenchJson } from './bench-options.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import {
  LEAVES,
  PLAYOUTS_PER_LEAF,
  parseBackendChoice,
  parseGame,
  parseGeometry,
  searchCpuOptions,
} from './options.js';

export const DEFAULT_SEARCH_JSON = 'bench/results/search.json';

const PLAYOUTS: Bound = { option: '--playouts', min: 1, max: 100_000_000 };
const RUNS: Bound = { option: '--runs', min: 1, max: 1000 };
const IN_FLIGHT: Bound = { option: '--in-flight', min: 1, max: 16 };

interface BenchSearchOptions {
  readonly backend: string;
  readonly game: string;
  readonly size: string;
  readonly playouts: string;
  readonly runs: string;
  readonly leaves?: string;
  readonly playoutsPerLeaf?: string;
  readonly inFlight?: string;
  readonly json: string;
  readonly quick?: boolean;
}

/** How the search asks for its rounds: the calls in flight, and ownership where its rule keeps AMAF counts. */
const callsText = (r: SearchBenchReport) =>
  `${r.roundsInFlight} in flight${keepsAmaf(r.selection) ? ', with ownership' : ''}`;

const roundsText = (rounds: number) => `${rounds} round${rounds === 1 ? '' : 's'}`;

/** The tree's time a leaf with its half-width, or that it is within the noise (never a negative time). */
function treeTimeText(f: NoisyFigure | null): string {
  if (f === null) return 'not measured (the search decided the move without a round)';
  if (!Number.isFinite(f.halfWidth))
    return f.value > 0 ? `${f.value.toFixed(1)} µs (one run: no interval)` : 'within the noise (one run)';
  if (f.value <= f.halfWidth) return `within the noise (under ${Math.max(f.value + f.halfWidth, 0).toFixed(1)} µs)`;
  return `${f.value.toFixed(1)} ± ${f.halfWidth.toFixed(1)} µs`;
}

/** The tree alone, and what it leaves of the bound: the most a search with this tree could keep, and the tree's budget for the target. */
function treeAloneLines(r: SearchBenchReport): string[] {
  const f = r.spreads.treeAloneMicrosecondsPerLeaf;
  const target = `${Math.round(SHARE_TARGET * 100)}%`;
  const budget = `${target} of the bound would leave the tree ${r.treeBudgetMicroseconds.toFixed(1)} µs a leaf`;
  if (f === null || r.shareWithTreeAlone === null) return [`the tree alone: ${treeTimeText(f)}; ${budget}`];
  const where =
    r.playingThreads === 0
      ? 'as a stage of its own beside the GPU'
      : `beside the playouts of ${r.playingThreads} thread${r.playingThreads === 1 ? '' : 's'}`;
  return [
    `the tree alone (the search replayed on its recorded results, no playouts): ${treeTimeText(f)} a leaf on the search's thread`,
    `with that tree ${where}, a search keeps at most ${Math.round(r.shareWithTreeAlone * 100)}% of the bound; ${budget}`,
  ];
}

export function formatSearchBench(r: SearchBenchReport): string {
  const sp = r.spreads;
  const rate = (f: NoisyFigure) =>
    `${formatRate(f.value)} ± ${Number.isFinite(f.halfWidth) ? formatRate(f.halfWidth) : '?'}`;
  const bare = `1 × ${r.bareCallPlayouts}`;
  const rows = [
    ['bare evaluator, one position', bare, rate(sp.bareOnePosition), '100% (the bound)'],
    [
      'bare evaluator, one position, with ownership',
      bare,
      rate(sp.bareWithOwnership),
      shareText(sp.bareWithOwnership, sp.bareOnePosition),
    ],
    [
      "bare evaluator, the search's shape",
      `${r.leavesPerRound} × ${r.playoutsPerLeaf}`,
      rate(sp.bareSearchShape),
      shareText(sp.bareSearchShape, sp.bareOnePosition),
    ],
    [
      `bare evaluator, the search's calls (${callsText(r)})`,
      `${r.leavesPerRound} × ${r.playoutsPerLeaf}`,
      rate(sp.bareSearchCalls),
      shareText(sp.bareSearchCalls, sp.bareOnePosition),
    ],
    [
      `the search, ${r.selection} (the settings'; a move from the empty board)`,
      roundsText(r.roundsPerSearch),
      rate(sp.search),
      shareText(sp.search, sp.bareOnePosition),
    ],
    ...r.otherSelections.map((o, i) => {
      const f = sp.otherSelections[i] ?? { value: o.search, halfWidth: Infinity };
      return [`the search, ${o.selection}`, roundsText(r.roundsPerSearch), rate(f), shareText(f, sp.bareOnePosition)];
    }),
  ];
  const header = [
    `backend: ${r.backend} (${r.description})`,
    `medians of ${r.runs} runs after a warm-up, each run timing them all in turn, each timing at least 100 ms (calls or searches repeated); ` +
      `± the 95% half-width over the runs; ${r.playoutsPerMove} playouts a move`,
    `the bound is the bare evaluator's rate on calls of ${r.bareCallPlayouts} (the move's playouts, doubled until a call lasts 100 ms)`,
    `the search keeps ${r.roundsInFlight} evaluate call${r.roundsInFlight === 1 ? '' : 's'} in flight`,
    `against the bare evaluator with ownership (which the AMAF rules ask of every round), the search (${r.selection}) keeps ${shareText(sp.search, sp.bareWithOwnership)}`,
    `the tree's wall time a leaf, beyond the bare evaluator's at the search's shape: ${treeTimeText(sp.treeMicrosecondsPerLeaf)}`,
    `a search whose tree cost nothing would keep at most what the bare evaluator does on the search's calls: ${shareText(sp.bareSearchCalls, sp.bareOnePosition)}`,
    ...treeAloneLines(r),
  ];
  return `${header.join('\n')}\n\n${formatTable(['what', 'a call', 'playouts/s', 'vs bare'], rows)}`;
}

export function registerBenchSearchCommand(program: Command, io: CliIo): void {
  const command = program
    .command('bench-search')
    .description("the search's playouts per second beside the bare evaluator's, on one backend (JSON too)")
    .option('--backend <backend>', 'cpu, webgpu or auto', 'cpu')
    .option('--game <game>', 'hex or y', 'hex')
    .option('--size <n>', 'board size', '11')
    .option(
      '--playouts <n>',
      boundedHelp(PLAYOUTS, 'playouts per searched move (the default: a move of about 0.2 s on two cores)'),
      '524288',
    )
    .option('--runs <n>', boundedHelp(RUNS, 'timed searches (and bare calls)'), '5')
    .option('--leaves <n>', boundedHelp(LEAVES, "leaves per round (B); default the backend's"))
    .option('--playouts-per-leaf <n>', boundedHelp(PLAYOUTS_PER_LEAF, "playouts per leaf (K); default the backend's"))
    .option(
      '--in-flight <n>',
      boundedHelp(IN_FLIGHT, "evaluate calls the search keeps running at once; default the backend's"),
    )
    .option('--json <file>', 'where to write the results as JSON', DEFAULT_SEARCH_JSON)
    .option('--quick', 'a few thousand playouts a move, three runs: a smoke test, not a measurement')
    .action(async (options: BenchSearchOptions) => {
      const backend = parseBackendChoice(options.backend);
      const geometry = parseGeometry(parseGame(options.game), options.size);
      const playouts = options.quick ? 4096 : parseBounded(PLAYOUTS, options.playouts);
      // Three runs at the least for a half-width worth having (Student's t at 2 degrees of freedom).
      const runs = options.quick ? 3 : parseBounded(RUNS, options.runs);
      const leaves = options.leaves === undefined ? undefined : parseBounded(LEAVES, options.leaves);
      const perLeaf =
        options.playoutsPerLeaf === undefined ? undefined : parseBounded(PLAYOUTS_PER_LEAF, options.playoutsPerLeaf);
      const inFlight = options.inFlight === undefined ? undefined : parseBounded(IN_FLIGHT, options.inFlight);
      const json = await benchJsonPath(command, options);
      const progress = progressLine(io.stderr, 'silent');
      let report: SearchBenchReport;
      try {
        const evaluator = await createEvaluator({
          backend,
          ...searchCpuOptions(),
          notice: (text) => io.stderr.write(`${text}\n`),
        });
        try {
          const base = defaultSettings(evaluator.backend);
          const settings = {
            ...base,
            ...(leaves === undefined ? {} : { leavesPerRound: leaves }),
            ...(perLeaf === undefined ? {} : { playoutsPerLeaf: perLeaf }),
            ...(inFlight === undefined ? {} : { roundsInFlight: inFlight }),
          };
          // Without the swap rule: under it the first move is chosen by searches of the openings (swap-rule.ts), not by one tree.
          report = await runSearchBench(evaluator, {
            root: new Position(geometry, { swap: false }),
            settings,
            playouts,
            runs,
            warmupRuns: 1,
            onProgress: (m) => progress.show(m),
          });
        } finally {
          evaluator.destroy();
        }
      } catch (error) {
        progress.end();
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      }
      progress.end();
      io.stdout.write(formatSearchBench(report));
      await writeBenchJson(json, report);
      io.stderr.write(`results written to ${json}\n`);
    });
}
