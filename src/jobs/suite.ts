/**
 * The throughput suite: for every game and size, the CPU backend's rate, then
 * for every GPU kernel its rate (measureThroughput) and a GPU-vs-CPU check of
 * a sample of playouts (validateGpuAgainstCpu). The demo page's "Run suite"
 * button runs it, and `npm start` (hexbatch chrome-bench) clicks that button
 * in headless Chrome, so a person and the report run the same code.
 */
import { FillKind } from '../fill/fill.js';
import { GameKind, geometryOf } from '../game/geometry.js';
import { adapterText } from '../gpu/gpu-device.js';
import { type Evaluator, GPU_KERNELS, type GpuKernel } from '../eval/types.js';
import { validateGpuAgainstCpu } from './validate-gpu.js';
import { cpuVariantOf } from '../eval/cpu/backend.js';
import type { WebGpuEvaluator } from '../eval/webgpu-backend.js';
import { emptyPositions, samplePositions } from './sample-positions.js';
import { MIN_RUN_MS, type ThroughputMeasurement, measureThroughput } from './throughput.js';
import { type NoisyFigure, ratioOf } from './noisy-figures.js';

/** What the throughput suite runs: every game and size, the CPU backend and then each GPU kernel, validated on a sample. */
export interface SuiteSpec {
  readonly games: readonly GameKind[];
  readonly sizes: readonly number[];
  readonly kernels: readonly GpuKernel[];
  readonly fill: FillKind;
  /** Playouts per GPU call (one position, the empty board). */
  readonly playouts: number;
  /** Playouts per CPU-backend call: the CPU is far slower per call on a real GPU machine. */
  readonly cpuPlayouts: number;
  /** Each timed run repeats its call until it has lasted this long (measureThroughput). */
  readonly minRunMs: number;
  readonly warmupRuns: number;
  readonly runs: number;
  /** Playouts of each GPU configuration rebuilt and decided on the CPU. */
  readonly validatePlayouts: number;
  readonly seed: number;
}

/** What `npm start` runs on a GPU: 2²² playouts a call keep one busy for milliseconds. */
export const DEFAULT_SUITE: SuiteSpec = {
  games: [GameKind.Hex, GameKind.Y],
  sizes: [7, 11, 19],
  kernels: GPU_KERNELS,
  fill: FillKind.Exact,
  playouts: 1 << 22,
  // Tens of milliseconds a call: shorter calls pay the workers' start-up and
  // messages more than once a call (calls of 16,384 read Hex 7 and Hex 11
  // alike), and the runs of 100 ms repeat them anyway.
  cpuPlayouts: 1 << 18,
  minRunMs: MIN_RUN_MS,
  warmupRuns: 1,
  runs: 3,
  validatePlayouts: 4096,
  seed: 1,
};

/** On a software adapter (SwiftShader) 2²² playouts a call would take seconds each: about a minute in all on 2 cores. */
export const SOFTWARE_SUITE_PLAYOUTS = 1 << 16;

/** A smoke run (--quick): every kernel once on small boards, in seconds. */
export const QUICK_SUITE: SuiteSpec = {
  ...DEFAULT_SUITE,
  sizes: [5, 7],
  playouts: 4096,
  cpuPlayouts: 1 << 14,
  runs: 3,
  validatePlayouts: 512,
};

/** One configuration's figures: a kernel (or the CPU backend) on one game and size. */
export interface SuiteRow {
  readonly game: GameKind;
  readonly size: number;
  readonly backend: 'webgpu' | 'cpu';
  /** The kernel's one name (bpr, bitsliced, floodfill), or the CPU backend's method. */
  readonly kernel: string;
  /** How the kernel ran on this adapter (bitsliced: ballot with subgroups, lanes without); the kernel otherwise. */
  readonly variant: string;
  readonly fill: FillKind;
  readonly batch: number;
  readonly runs: number;
  readonly wallMs: readonly number[];
  readonly medianWallMs: number;
  readonly medianKernelMs: number | null;
  readonly playoutsPerSecond: number;
  /** The 95% half-width of the runs' rates (noisy-figures.ts); null from one run. */
  readonly rateHalfWidth: number | null;
  /** Calls in the median run: as many as it took to last the spec's minRunMs. */
  readonly callsPerRun: number;
  readonly kernelPlayoutsPerSecond: number | null;
  readonly msPer10k: number;
  /** GPU rate over the CPU backend's rate for the same game and size; null on the CPU row. */
  readonly ratioToCpu: number | null;
  /** The ratio's 95% half-width; null where the ratio is, or from one run. */
  readonly ratioHalfWidth: number | null;
  /** GPU rows: the sample checked on the CPU; null on the CPU row. */
  readonly validation: {
    readonly compared: number;
    readonly mismatches: number;
    readonly countMismatches: number;
  } | null;
}

/** Where a suite run is: the step, and the time spent and left. */
export interface SuiteProgress {
  /** 1-based: the step now running. */
  readonly step: number;
  readonly steps: number;
  readonly label: string;
  readonly elapsedMs: number;
  /** An estimate from the work done so far; null before the first step ends. */
  readonly remainingMs: number | null;
}

/** A suite run's report: the settings, the adapter, a row per configuration, and whether every sample validated. */
export interface SuiteReport {
  readonly report: 'hexbatch-throughput-suite';
  readonly date: string;
  readonly spec: SuiteSpec;
  readonly adapter: string;
  /** The adapter runs on the CPU (SwiftShader): every GPU figure is a CPU figure. */
  readonly software: boolean;
  readonly subgroups: boolean;
  readonly timestamps: boolean;
  readonly rows: readonly SuiteRow[];
  readonly elapsedMs: number;
  /** Every configuration ran and no sample had a mismatch. */
  readonly passed: boolean;
  /** Why not, one line each. */
  readonly problems: readonly string[];
}

/** The two evaluators a suite compares. */
export interface SuiteEvaluators {
  readonly gpu: WebGpuEvaluator;
  /** The CPU backend, measured beside the kernels. */
  readonly cpu: Evaluator;
}

/** Callbacks and a cancel signal for a suite run. */
export interface SuiteHooks {
  /** Told as each step starts. */
  readonly onProgress?: (progress: SuiteProgress) => void;
  /** Each row as it is measured, so a table or chart can grow live. */
  readonly onRow?: (row: SuiteRow) => void;
  readonly signal?: AbortSignal;
}

/** One configuration of a suite: a game and size, on a kernel or (null) the CPU backend. */
export interface SuiteStep {
  readonly game: GameKind;
  readonly size: number;
  readonly kernel: GpuKernel | null;
  /** A guess at the work, for the time-left estimate: cells × playouts, the CPU's weighted. */
  readonly cost: number;
}

/** CPU playouts (fill and test in JS, and the validation's union-find) cost about this many GPU-on-SwiftShader ones. */
const CPU_COST_FACTOR = 4;

/** The steps a suite takes in order, each with a guess at its cost for the time-left estimate. */
export function suiteSteps(spec: SuiteSpec): SuiteStep[] {
  const steps: SuiteStep[] = [];
  const calls = spec.warmupRuns + spec.runs;
  for (const game of spec.games) {
    for (const size of spec.sizes) {
      const cells = geometryOf(game, size).cellCount;
      steps.push({ game, size, kernel: null, cost: cells * spec.cpuPlayouts * calls * CPU_COST_FACTOR });
      for (const kernel of spec.kernels) {
        steps.push({
          game,
          size,
          kernel,
          cost: cells * (spec.playouts * calls + spec.validatePlayouts * CPU_COST_FACTOR),
        });
      }
    }
  }
  return steps;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

function rowOf(
  step: SuiteStep,
  backend: SuiteRow['backend'],
  kernel: string,
  variant: string,
  spec: SuiteSpec,
  m: ThroughputMeasurement,
): Omit<SuiteRow, 'ratioToCpu' | 'ratioHalfWidth' | 'validation'> {
  return {
    game: step.game,
    size: step.size,
    backend,
    kernel,
    variant,
    fill: spec.fill,
    batch: m.batch,
    runs: m.runs.length,
    wallMs: m.runs.map((r) => r.wallMs),
    medianWallMs: m.medianWallMs,
    medianKernelMs: m.medianKernelMs,
    playoutsPerSecond: m.playoutsPerSecond,
    rateHalfWidth: finite(m.rate.halfWidth),
    callsPerRun: [...m.runs.map((r) => r.calls)].sort((a, b) => a - b)[m.runs.length >> 1] ?? 1,
    kernelPlayoutsPerSecond: m.kernelPlayoutsPerSecond,
    msPer10k: m.msPer10k,
  };
}

const VALIDATION_POSITIONS = 8;

function ratioFields(rate: NoisyFigure, cpuRate: NoisyFigure | null): Pick<SuiteRow, 'ratioToCpu' | 'ratioHalfWidth'> {
  if (cpuRate === null || !(cpuRate.value > 0)) return { ratioToCpu: null, ratioHalfWidth: null };
  const ratio = ratioOf(rate, cpuRate);
  return { ratioToCpu: ratio.value, ratioHalfWidth: finite(ratio.halfWidth) };
}

/** Runs the suite: for every game and size the CPU backend, then each kernel measured and validated against the CPU. */
export async function runSuite(
  evaluators: SuiteEvaluators,
  spec: SuiteSpec,
  hooks: SuiteHooks = {},
): Promise<SuiteReport> {
  const { gpu, cpu } = evaluators;
  const steps = suiteSteps(spec);
  const totalCost = steps.reduce((t, s) => t + s.cost, 0);
  const start = performance.now();
  const rows: SuiteRow[] = [];
  const problems: string[] = [];
  let costDone = 0;
  let cpuRate: NoisyFigure | null = null;
  for (const [index, step] of steps.entries()) {
    hooks.signal?.throwIfAborted();
    const elapsedMs = performance.now() - start;
    const name = `${step.game} ${step.size}, ${step.kernel === null ? 'CPU backend' : `${step.kernel} kernel`}, ${spec.fill} fill`;
    hooks.onProgress?.({
      step: index + 1,
      steps: steps.length,
      label: name,
      elapsedMs,
      remainingMs: costDone > 0 ? (elapsedMs / costDone) * (totalCost - costDone) : null,
    });
    const common = {
      fill: spec.fill,
      warmupRuns: spec.warmupRuns,
      runs: spec.runs,
      minRunMs: spec.minRunMs,
      seed: spec.seed,
      ...(hooks.signal ? { signal: hooks.signal } : {}),
    };
    let row: SuiteRow;
    if (step.kernel === null) {
      const m = await measureThroughput(cpu, {
        ...common,
        positions: emptyPositions(step.game, step.size, 1),
        request: { playouts: spec.cpuPlayouts, fill: spec.fill },
      });
      cpuRate = m.rate;
      const method = cpuVariantOf(cpu.description);
      row = {
        ...rowOf(step, 'cpu', `cpu (${method})`, method, spec, m),
        ratioToCpu: null,
        ratioHalfWidth: null,
        validation: null,
      };
    } else {
      const kernel = step.kernel;
      const m = await measureThroughput(gpu, {
        ...common,
        positions: emptyPositions(step.game, step.size, 1),
        request: { playouts: spec.playouts, fill: spec.fill, kernel },
      });
      const perPosition = Math.max(1, Math.ceil(spec.validatePlayouts / VALIDATION_POSITIONS));
      const v = await validateGpuAgainstCpu(gpu, {
        positions: samplePositions(step.game, step.size, VALIDATION_POSITIONS, spec.seed),
        playouts: perPosition,
        seed: spec.seed,
        fill: spec.fill,
        kernel,
      });
      if (v.mismatches > 0 || v.countMismatches > 0) {
        problems.push(
          `${name}: ${v.mismatches} mismatches in ${v.compared} playouts, ${v.countMismatches} count mismatches`,
        );
      }
      row = {
        ...rowOf(step, 'webgpu', kernel, gpu.variantOf(kernel, geometryOf(step.game, step.size)), spec, m),
        ...ratioFields(m.rate, cpuRate),
        validation: { compared: v.compared, mismatches: v.mismatches, countMismatches: v.countMismatches },
      };
    }
    rows.push(row);
    hooks.onRow?.(row);
    costDone += step.cost;
  }
  const adapter = gpu.context.adapter;
  return {
    report: 'hexbatch-throughput-suite',
    date: new Date().toISOString(),
    spec,
    adapter: adapterText(adapter),
    software: adapter.software,
    subgroups: gpu.context.subgroups,
    timestamps: gpu.context.timestamps,
    rows,
    elapsedMs: performance.now() - start,
    passed: problems.length === 0 && rows.length === steps.length,
    problems,
  };
}
