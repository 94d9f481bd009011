/**
 * One measurement of the CPU benchmark: a win-test method, or a fill, on one
 * game and size. Kept apart so that each can run in a fresh V8 isolate (see
 * cpu-bench-worker.ts): measured one after another in one isolate, the JIT's
 * choices for earlier sizes and methods slowed later ones by up to 1.6×.
 */
import { Bench, type TaskResult } from 'tinybench';
import { Color } from '../game/color.js';
import { type Cells, type GameKind, type Geometry, geometryOf } from '../game/geometry.js';
import { FillKind, fillPlayout } from '../fill/fill.js';
import { methodByName } from '../wintest/registry.js';

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

export interface Timing {
  /** Median run time divided by the boards in the run. */
  readonly nsPerBoard: number;
  readonly runs: number;
  /** Relative margin of error of the mean run time, in percent. */
  readonly rmePercent: number;
}

export type CellRequest =
  | {
      readonly kind: 'wintest';
      readonly game: GameKind;
      readonly size: number;
      readonly method: string;
      readonly settings: BenchSettings;
    }
  | {
      readonly kind: 'fill';
      readonly game: GameKind;
      readonly size: number;
      readonly fill: FillKind;
      readonly settings: BenchSettings;
    };

export interface CellResult {
  readonly timing: Timing;
  /** A win test's answers on the benchmark boards, to compare methods. */
  readonly answers?: Uint8Array;
}

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

export async function measureCell(request: CellRequest): Promise<CellResult> {
  const g = geometryOf(request.game, request.size);
  const settings = request.settings;
  if (request.kind === 'wintest') {
    // Boards are converted to the method's native form before the clock starts.
    const batch = methodByName(request.method).create(g).prepare(exactPlayouts(g, settings));
    const answers = new Uint8Array(batch.count);
    const timing = await measure(request.method, settings, batch.count, () => batch.decideAll(answers));
    return { timing, answers };
  }
  const empty = new Uint8Array(g.cellCount);
  const out = new Uint8Array(g.cellCount);
  const count = settings.boardsPerSize;
  const fill = request.fill;
  const timing = await measure(`${fill} fill`, settings, count, () => {
    for (let i = 0; i < count; i++) fillPlayout(empty, Color.Black, playoutKey(settings, i), fill, out);
  });
  return { timing };
}
