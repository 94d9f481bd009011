/**
 * The CPU benchmark: nanoseconds per board for every win-test method, Hex and
 * Y, on full boards from exact fills, and the time of the fills themselves.
 *
 * Boards are filled and converted to each method's native form before the
 * clock starts (`prepare`), so a win test is timed alone, as a GPU kernel fed
 * by a fill that writes that form directly would see it. One timed run
 * decides the whole batch; the figure is the median run after a warm-up,
 * divided by the batch size. After timing, every method's answers are
 * compared with the first method's, so a fast wrong method cannot go unseen.
 */
import { type GameKind, type Geometry, describeGeometry, geometryOf } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import type { WinTestMethod } from '../wintest/method.js';
import type { BenchSettings, Timing } from './cpu-bench-cell.js';
import { isolationAvailable, runCell } from './isolated-cell.js';
import { type MachineInfo, machineInfo } from './machine-info.js';
import { type PlayoutBenchSettings, type PlayoutTiming, measurePlayouts } from './playout-bench.js';

export type { BenchSettings, Timing } from './cpu-bench-cell.js';
export {
  FULL_PLAYOUT_SETTINGS,
  QUICK_PLAYOUT_SETTINGS,
  type PlayoutBenchSettings,
  type PlayoutTiming,
} from './playout-bench.js';

/** Ratios in the report are to this method, measured in the same run. */
export const REFERENCE_METHOD = 'bpr';

export const DEFAULT_SIZES: readonly number[] = [7, 9, 11, 13, 15, 17, 19];

// Tuned so that the full run (9 methods, 2 games, 7 sizes) takes about two
// minutes on a 2-core machine; quick is for smoke tests.
export const FULL_SETTINGS: BenchSettings = {
  boardsPerSize: 1024,
  seed: 2012,
  timeMs: 400,
  warmupMs: 100,
  minRuns: 10,
  minWarmupRuns: 3,
};

export const QUICK_SETTINGS: BenchSettings = {
  boardsPerSize: 256,
  seed: 2012,
  timeMs: 15,
  warmupMs: 5,
  minRuns: 3,
  minWarmupRuns: 1,
};

export interface CpuBenchPlan {
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly methods: readonly WinTestMethod[];
  readonly settings: BenchSettings;
  /** Full playouts (fill + test) through the CPU evaluator; none when absent. */
  readonly playoutSettings?: PlayoutBenchSettings;
  /** Told what is about to be measured, since a full run takes minutes. */
  readonly onProgress?: (message: string) => void;
}

export interface WinTestTiming extends Timing {
  readonly game: GameKind;
  readonly size: number;
  readonly method: string;
  /** nsPerBoard over the reference method's, or null when it did not run. */
  readonly ratioToReference: number | null;
}

export interface FillTiming extends Timing {
  readonly game: GameKind;
  readonly size: number;
  readonly fill: FillKind;
}

export interface CpuBenchReport {
  readonly machine: MachineInfo;
  /** Whether each measurement ran in a fresh V8 isolate (a worker thread). */
  readonly isolated: boolean;
  readonly settings: BenchSettings;
  readonly referenceMethod: string;
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly methods: readonly string[];
  readonly winTests: readonly WinTestTiming[];
  readonly fills: readonly FillTiming[];
  /** Full playouts from the empty board, exact fill: one core, then all cores. */
  readonly playouts: readonly PlayoutTiming[];
}

const FILLS: readonly FillKind[] = [FillKind.Exact, FillKind.Coin];

/** One method's answers on the benchmark boards. */
interface Answers {
  readonly method: string;
  readonly answers: Uint8Array;
}

function checkAgreement(where: string, mine: Answers, reference: Answers): void {
  const i = mine.answers.findIndex((w, k) => w !== reference.answers[k]);
  if (i >= 0) {
    const board = `${where} board ${i} (playout ${i} of the benchmark seed)`;
    throw new Error(`${mine.method} and ${reference.method} disagree on ${board}`);
  }
}

function supported(plan: CpuBenchPlan, game: GameKind): readonly WinTestMethod[] {
  return plan.methods.filter((m) => m.supports.games.includes(game));
}

type Progress = (what: string) => void;

async function benchWinTests(
  plan: CpuBenchPlan,
  g: Geometry,
  isolate: boolean,
  progress: Progress,
): Promise<WinTestTiming[]> {
  const where = describeGeometry(g);
  const timings: Omit<WinTestTiming, 'ratioToReference'>[] = [];
  let reference: Answers | undefined;
  for (const method of supported(plan, g.game)) {
    progress(`${where}: ${method.name}`);
    const request = {
      kind: 'wintest',
      game: g.game,
      size: g.size,
      method: method.name,
      settings: plan.settings,
    } as const;
    const { timing, answers } = await runCell(request, isolate);
    if (!answers) throw new Error(`${method.name} returned no answers on ${where}`);
    const mine = { method: method.name, answers };
    if (reference) checkAgreement(where, mine, reference);
    else reference = mine;
    timings.push({ game: g.game, size: g.size, method: method.name, ...timing });
  }
  const base = timings.find((t) => t.method === REFERENCE_METHOD)?.nsPerBoard;
  return timings.map((t) => ({ ...t, ratioToReference: base ? t.nsPerBoard / base : null }));
}

async function benchFills(
  settings: BenchSettings,
  g: Geometry,
  isolate: boolean,
  progress: Progress,
): Promise<FillTiming[]> {
  const timings: FillTiming[] = [];
  for (const fill of FILLS) {
    progress(`${describeGeometry(g)}: ${fill} fill`);
    const { timing } = await runCell({ kind: 'fill', game: g.game, size: g.size, fill, settings }, isolate);
    timings.push({ game: g.game, size: g.size, fill, ...timing });
  }
  return timings;
}

export async function runCpuBench(plan: CpuBenchPlan): Promise<CpuBenchReport> {
  const machine = machineInfo();
  const isolate = isolationAvailable();
  const winTests: WinTestTiming[] = [];
  const fills: FillTiming[] = [];
  const playouts: PlayoutTiming[] = [];
  const playoutSteps = plan.playoutSettings ? 2 : 0;
  const steps = (game: GameKind) => plan.sizes.length * (supported(plan, game).length + FILLS.length + playoutSteps);
  const total = plan.games.reduce((sum, game) => sum + steps(game), 0);
  let step = 0;
  const progress: Progress = (what) => plan.onProgress?.(`[${++step}/${total}] ${what}`);
  for (const game of plan.games) {
    for (const size of plan.sizes) {
      const g = geometryOf(game, size);
      winTests.push(...(await benchWinTests(plan, g, isolate, progress)));
      fills.push(...(await benchFills(plan.settings, g, isolate, progress)));
      if (plan.playoutSettings) {
        for (const workers of [0, 'cores'] as const) {
          progress(`${describeGeometry(g)}: full playouts, ${workers === 0 ? 'one core' : 'all cores'}`);
          playouts.push(await measurePlayouts(game, size, FillKind.Exact, workers, plan.playoutSettings));
        }
      }
    }
  }
  return {
    machine,
    isolated: isolate,
    settings: plan.settings,
    referenceMethod: REFERENCE_METHOD,
    games: plan.games,
    sizes: plan.sizes,
    methods: plan.methods.map((m) => m.name),
    winTests,
    fills,
    playouts,
  };
}
