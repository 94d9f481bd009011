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
import { Bench, type TaskResult } from 'tinybench';
import { Color } from '../game/color.js';
import { type Cells, type GameKind, type Geometry, describeGeometry, geometryOf } from '../game/geometry.js';
import { FillKind, fillPlayout } from '../fill/fill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { type MachineInfo, machineInfo } from './machine-info.js';

/** Ratios in the report are to this method, measured in the same run. */
export const REFERENCE_METHOD = 'bpr';

export const DEFAULT_SIZES: readonly number[] = [7, 9, 11, 13, 15, 17, 19];

export interface BenchSettings {
  readonly boardsPerSize: number;
  /** Seed of the playouts: board i is playout i of position 0. */
  readonly seed: number;
  /** tinybench's time budget per measurement, in ms. */
  readonly timeMs: number;
  readonly warmupMs: number;
  /** Timed runs per measurement at the least, however long they take. */
  readonly minRuns: number;
  readonly minWarmupRuns: number;
}

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
  /** Told what is about to be measured, since a full run takes minutes. */
  readonly onProgress?: (message: string) => void;
}

export interface Timing {
  /** Median run time divided by the boards in the run. */
  readonly nsPerBoard: number;
  readonly runs: number;
  /** Relative margin of error of the mean run time, in percent. */
  readonly rmePercent: number;
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
  readonly settings: BenchSettings;
  readonly referenceMethod: string;
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly methods: readonly string[];
  readonly winTests: readonly WinTestTiming[];
  readonly fills: readonly FillTiming[];
}

const FILLS: readonly FillKind[] = [FillKind.Exact, FillKind.Coin];

function playoutKey(settings: BenchSettings, i: number) {
  return { seed: settings.seed, position: 0, playout: i };
}

function exactPlayouts(g: Geometry, settings: BenchSettings): Cells[] {
  const empty = new Uint8Array(g.cellCount);
  return Array.from({ length: settings.boardsPerSize }, (_, i) => {
    const board = new Uint8Array(g.cellCount);
    fillPlayout(empty, Color.Black, playoutKey(settings, i), FillKind.Exact, board);
    return board;
  });
}

function completed(name: string, result: TaskResult): Extract<TaskResult, { state: 'completed' }> {
  if (result.state === 'completed') return result;
  if (result.state === 'errored') throw result.error;
  throw new Error(`benchmark of ${name} ended in state ${result.state}`);
}

/** Times `run`, which handles `boards` boards per call. */
async function measure(name: string, settings: BenchSettings, boards: number, run: () => void): Promise<Timing> {
  const bench = new Bench({
    time: settings.timeMs,
    warmupTime: settings.warmupMs,
    iterations: settings.minRuns,
    warmupIterations: settings.minWarmupRuns,
    timestampProvider: 'hrtimeNow',
    throws: true,
  });
  bench.add(name, run);
  const [task] = await bench.run();
  if (!task) throw new Error(`benchmark of ${name} did not run`);
  const { latency } = completed(name, task.result);
  return { nsPerBoard: (latency.p50 * 1e6) / boards, runs: latency.samplesCount, rmePercent: latency.rme };
}

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

async function benchWinTests(plan: CpuBenchPlan, g: Geometry, progress: Progress): Promise<WinTestTiming[]> {
  const where = describeGeometry(g);
  const boards = exactPlayouts(g, plan.settings);
  const timings: Omit<WinTestTiming, 'ratioToReference'>[] = [];
  let reference: Answers | undefined;
  for (const method of supported(plan, g.game)) {
    progress(`${where}: ${method.name}`);
    const batch = method.create(g).prepare(boards);
    const answers = new Uint8Array(batch.count);
    const timing = await measure(method.name, plan.settings, boards.length, () => batch.decideAll(answers));
    const mine = { method: method.name, answers };
    if (reference) checkAgreement(where, mine, reference);
    else reference = mine;
    timings.push({ game: g.game, size: g.size, method: method.name, ...timing });
  }
  const base = timings.find((t) => t.method === REFERENCE_METHOD)?.nsPerBoard;
  return timings.map((t) => ({ ...t, ratioToReference: base ? t.nsPerBoard / base : null }));
}

async function benchFills(settings: BenchSettings, g: Geometry, progress: Progress): Promise<FillTiming[]> {
  const empty = new Uint8Array(g.cellCount);
  const out = new Uint8Array(g.cellCount);
  const count = settings.boardsPerSize;
  const timings: FillTiming[] = [];
  for (const fill of FILLS) {
    progress(`${describeGeometry(g)}: ${fill} fill`);
    const timing = await measure(`${fill} fill`, settings, count, () => {
      for (let i = 0; i < count; i++) fillPlayout(empty, Color.Black, playoutKey(settings, i), fill, out);
    });
    timings.push({ game: g.game, size: g.size, fill, ...timing });
  }
  return timings;
}

export async function runCpuBench(plan: CpuBenchPlan): Promise<CpuBenchReport> {
  const machine = machineInfo();
  const winTests: WinTestTiming[] = [];
  const fills: FillTiming[] = [];
  const steps = (game: GameKind) => plan.sizes.length * (supported(plan, game).length + FILLS.length);
  const total = plan.games.reduce((sum, game) => sum + steps(game), 0);
  let step = 0;
  const progress: Progress = (what) => plan.onProgress?.(`[${++step}/${total}] ${what}`);
  for (const game of plan.games) {
    for (const size of plan.sizes) {
      const g = geometryOf(game, size);
      winTests.push(...(await benchWinTests(plan, g, progress)));
      fills.push(...(await benchFills(plan.settings, g, progress)));
    }
  }
  return {
    machine,
    settings: plan.settings,
    referenceMethod: REFERENCE_METHOD,
    games: plan.games,
    sizes: plan.sizes,
    methods: plan.methods.map((m) => m.name),
    winTests,
    fills,
  };
}
