/**
 * bench:native: the native reference (bench/native/playout.c, one core) and
 * the CPU backend as an npm user gets it (createEvaluator({ backend: 'cpu' })
 * with its defaults), timed in one run on one machine, so that their ratio is
 * a measurement: a speed claim against a figure from another machine is not.
 *
 * Per board and fill, rounds take turns: in each round the native program
 * plays a run, then the backend plays a long call on all cores, one on this
 * thread alone (cpuWorkers: 0), and runs of short calls (the search's 4,096
 * and 400,000), each run of short calls repeated for at least 100 ms. A
 * spell of load on a shared machine so falls on every row of a round alike,
 * and each ratio is taken within its round; the figures are the medians over
 * the rounds after a warm-up round, with the 95% half-width over the rounds.
 */
import type { GameKind } from '../game/geometry.js';
import type { FillKind } from '../fill/fill.js';
import { createEvaluator } from '../eval/create-evaluator.js';
import type { Evaluator } from '../eval/types.js';
import { emptyPositions } from '../jobs/sample-positions.js';
import { measureThroughput } from '../jobs/throughput.js';
import { type NoisyFigure, medianFigure } from '../jobs/noisy-figures.js';
import { type MachineInfo, machineInfo } from './machine-info.js';
import { type NativeProgram, buildNativeProgram } from './native-program.js';

export interface NativeBenchPlan {
  readonly boards: readonly { readonly game: GameKind; readonly size: number }[];
  readonly fills: readonly FillKind[];
  /** Timed rounds, after one warm-up round. */
  readonly rounds: number;
  /** About how long a native run and a long call of the backend last. */
  readonly longMs: number;
  /** Playouts of the short calls, each timed as a share of the long calls' rate. */
  readonly shortCalls: readonly number[];
  /** The least time of a run of short calls. */
  readonly minRunMs: number;
  readonly seed: number;
  /** The C compiler (default cc). */
  readonly compiler?: string;
  readonly onProgress?: (message: string) => void;
}

/** One row's samples: ns per playout, one a round. */
export interface NsSamples {
  /** Playouts a native run, or a call of the backend. */
  readonly playouts: number;
  readonly nsPerPlayout: NoisyFigure;
  readonly rounds: readonly number[];
}

export interface ShortCallRow extends NsSamples {
  /** The short calls' rate over the long calls' (all cores) in each round: a share, at most 1 in truth. */
  readonly shareOfLong: NoisyFigure;
}

export interface NativeBenchCell {
  readonly game: GameKind;
  readonly size: number;
  readonly fill: FillKind;
  /** The native program, one core: wall time. */
  readonly native: NsSamples;
  /** The same runs' CPU time (the wall time less the waits for a core), for a busy machine. */
  readonly nativeCpuNs: NoisyFigure;
  /** The backend's long calls in CPU time, all threads together: the work a playout costs, whatever the load. */
  readonly allCoresCpuNs: NoisyFigure;
  /** C's CPU ns over the backend's (all threads), per round: the work of a playout against C's, above 1 less. */
  readonly workAgainstC: NoisyFigure;
  readonly nativeBlackWins: readonly number[];
  /** The backend's defaults: one worker a core. */
  readonly allCores: NsSamples;
  /** Worker threads the backend's long calls played on. */
  readonly workers: number;
  /** cpuWorkers: 0: this thread only. */
  readonly oneCore: NsSamples;
  readonly shortCalls: readonly ShortCallRow[];
  /** C's ns over the backend's, per round: how many times as fast as one core of C (above 1: faster). */
  readonly speedAllCores: NoisyFigure;
  readonly speedOneCore: NoisyFigure;
}

export interface NativeBenchReport {
  readonly benchmark: 'hexbatch-native';
  readonly machine: MachineInfo;
  readonly compiler: { readonly command: string; readonly version: string };
  /** The backend as measured: its description and worker threads. */
  readonly backend: { readonly description: string; readonly workers: number };
  readonly settings: Omit<NativeBenchPlan, 'onProgress' | 'compiler'>;
  readonly cells: readonly NativeBenchCell[];
}

/** A long call is at least this many times the longest short call. */
const LONG_OVER_SHORT = 4;

const roundUp = (n: number, step: number) => Math.max(step, Math.ceil(n / step) * step);

/** Playouts that take about `ms` at `nsPerPlayout`, in whole 64 Ki. */
function playoutsFor(ms: number, nsPerPlayout: number): number {
  return roundUp((ms * 1e6) / nsPerPlayout, 1 << 16);
}

function samples(playouts: number, rounds: readonly number[]): NsSamples {
  return { playouts, nsPerPlayout: medianFigure(rounds), rounds };
}

interface Row {
  readonly playouts: number;
  readonly ns: number[];
}

/** Wall ns per playout of `playouts`-playout calls, over one run of at least `minRunMs` (one call when 0). */
async function backendNs(
  evaluator: Evaluator,
  game: GameKind,
  size: number,
  fill: FillKind,
  playouts: number,
  minRunMs: number,
  seed: number,
): Promise<{ ns: number; cpuNs: number; workers: number }> {
  // The process's CPU time covers every thread: the workers' and this one's.
  const before = process.cpuUsage();
  const m = await measureThroughput(evaluator, {
    positions: emptyPositions(game, size, 1),
    request: { playouts, fill },
    warmupRuns: 0,
    runs: 1,
    minRunMs,
    seed,
  });
  const used = process.cpuUsage(before);
  const r = m.runs[0];
  if (!r) throw new Error('the backend timed no run');
  return {
    ns: (r.wallMs * 1e6) / r.playouts,
    cpuNs: ((used.user + used.system) * 1e3) / r.playouts,
    workers: m.lastStats?.workers ?? 0,
  };
}

async function benchCell(
  native: NativeProgram,
  all: Evaluator,
  one: Evaluator,
  plan: NativeBenchPlan,
  game: GameKind,
  size: number,
  fill: FillKind,
  say: (m: string) => void,
): Promise<NativeBenchCell> {
  const where = `${game} ${size}, ${fill} fill`;
  say(`${where}: sizing the runs`);
  // Sizing: a short native run and a backend call (after one that wakes the workers), so that the long
  // ones last about longMs, and are long beside the short calls whatever the sizing call met.
  const probe = await native.time(game, size, fill, 1 << 16, 1, 1, plan.seed);
  const nativePlayouts = playoutsFor(plan.longMs, (probe[0]?.wallNs ?? 1) / (1 << 16));
  await backendNs(all, game, size, fill, 1 << 18, 0, plan.seed);
  const sized = playoutsFor(plan.longMs, (await backendNs(all, game, size, fill, 1 << 18, 0, plan.seed)).ns);
  const longPlayouts = Math.max(sized, LONG_OVER_SHORT * Math.max(0, ...plan.shortCalls));
  let workers = 0;
  const nativeRow: Row = { playouts: nativePlayouts, ns: [] };
  const nativeCpu: number[] = [];
  const nativeWins: number[] = [];
  const allRow: Row = { playouts: longPlayouts, ns: [] };
  const allCpu: number[] = [];
  const oneRow: Row = { playouts: longPlayouts, ns: [] };
  const shortRows: Row[] = plan.shortCalls.map((playouts) => ({ playouts, ns: [] }));
  for (let round = 0; round <= plan.rounds; round++) {
    const warm = round === 0;
    const label = warm ? 'warm-up round' : `round ${round} of ${plan.rounds}`;
    const seed = (plan.seed + 1 + round) >>> 0;
    say(`${where}, ${label}: native C, one core`);
    const [t] = await native.time(game, size, fill, nativePlayouts, 1, 1, seed);
    if (!t) throw new Error('the native program timed no run');
    say(`${where}, ${label}: CPU backend, all cores`);
    const long = await backendNs(all, game, size, fill, longPlayouts, 0, seed);
    const allNs = long.ns;
    const allCpuNs = long.cpuNs;
    workers = Math.max(workers, long.workers);
    say(`${where}, ${label}: CPU backend, one core`);
    const oneNs = (await backendNs(one, game, size, fill, longPlayouts, 0, seed)).ns;
    const shortNs: number[] = [];
    for (const row of shortRows) {
      say(`${where}, ${label}: CPU backend, calls of ${row.playouts}`);
      shortNs.push((await backendNs(all, game, size, fill, row.playouts, plan.minRunMs, seed)).ns);
    }
    if (warm) continue;
    nativeRow.ns.push(t.wallNs / nativePlayouts);
    nativeCpu.push(t.cpuNs / nativePlayouts);
    nativeWins.push(t.blackWins);
    allRow.ns.push(allNs);
    allCpu.push(allCpuNs);
    oneRow.ns.push(oneNs);
    shortNs.forEach((ns, i) => shortRows[i]?.ns.push(ns));
  }
  // Within each round: C's time over the backend's, and the long calls' time over the short ones'.
  const perRound = (a: readonly number[], b: readonly number[]) => medianFigure(a.map((x, i) => x / (b[i] as number)));
  return {
    game,
    size,
    fill,
    native: samples(nativePlayouts, nativeRow.ns),
    nativeCpuNs: medianFigure(nativeCpu),
    allCoresCpuNs: medianFigure(allCpu),
    workAgainstC: perRound(nativeCpu, allCpu),
    nativeBlackWins: nativeWins,
    allCores: samples(longPlayouts, allRow.ns),
    workers,
    oneCore: samples(longPlayouts, oneRow.ns),
    shortCalls: shortRows.map((row) => ({
      ...samples(row.playouts, row.ns),
      shareOfLong: perRound(allRow.ns, row.ns),
    })),
    speedAllCores: perRound(nativeRow.ns, allRow.ns),
    speedOneCore: perRound(nativeRow.ns, oneRow.ns),
  };
}

export async function runNativeBench(plan: NativeBenchPlan): Promise<NativeBenchReport> {
  const say = plan.onProgress ?? (() => {});
  if (!Number.isInteger(plan.rounds) || plan.rounds < 2)
    throw new RangeError(`rounds must be a whole number ≥ 2, not ${plan.rounds}`);
  const native = await buildNativeProgram(plan.compiler);
  // The backend as an npm user gets it, and the same on this thread alone.
  const all = await createEvaluator({ backend: 'cpu' });
  const one = await createEvaluator({ backend: 'cpu', cpuWorkers: 0 });
  try {
    const cells: NativeBenchCell[] = [];
    for (const { game, size } of plan.boards) {
      for (const fill of plan.fills) cells.push(await benchCell(native, all, one, plan, game, size, fill, say));
    }
    const workers = Math.max(0, ...cells.map((c) => c.workers));
    const { onProgress: _progress, compiler: _compiler, ...settings } = plan;
    return {
      benchmark: 'hexbatch-native',
      machine: machineInfo(),
      compiler: { command: native.command, version: native.compilerVersion },
      backend: { description: all.description, workers },
      settings,
      cells,
    };
  } finally {
    all.destroy();
    one.destroy();
    await native.dispose();
  }
}
