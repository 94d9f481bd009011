/**
 * The page's one door to the library: everything the buttons need, in the
 * page's terms (settings in, numbers out). It imports only the library's
 * entry point, and measures through the library's jobs (measureThroughput,
 * runSuite), which the CLI and the headless report also use.
 */
import {
  type EvalPosition,
  type Evaluator,
  GPU_KERNELS,
  type GpuKernel,
  type PositionResult,
  type SuiteHooks,
  type SuiteReport,
  type SuiteSpec,
  type ThroughputMeasurement,
  type ThroughputRun,
  type WebGpuEvaluator,
  createEvaluator,
  createWebGpuEvaluator,
  emptyPositions,
  measureThroughput,
  methodByName,
  parseGpuKernel,
  runSuite,
  samplePositions,
} from '../src/index.js';
import type { DemoSettings } from './settings.js';

export interface ValidationOutcome {
  /** Playouts whose winner both backends reported. */
  readonly compared: number;
  /** Playouts on which they disagree. */
  readonly mismatches: number;
  /** Per-cell ownership counts compared (positions × cells), and how many differ. */
  readonly ownershipCellsCompared: number;
  readonly ownershipMismatches: number;
  readonly gpuBlackWinRate: number;
  readonly cpuBlackWinRate: number;
}

/** The GPU kernels, known without a device, so the form can list them before (or without) WebGPU. */
export const KERNELS: readonly string[] = GPU_KERNELS;
export const DEFAULT_KERNEL: string = 'bpr' satisfies GpuKernel;

export interface ThroughputHooks {
  readonly onCall?: (done: number, total: number, warmup: boolean) => void;
  readonly onRun?: (run: ThroughputRun) => void;
  readonly signal?: AbortSignal;
}

export interface Engine {
  /** What the GPU kernel runs as here (bitsliced: ballot or lanes). */
  variantOf(kernel: string): string;
  /** The throughput test: the empty board, `positions` × `playouts` a call, medians over `runs` calls. */
  throughput(settings: DemoSettings, hooks: ThroughputHooks): Promise<ThroughputMeasurement>;
  validate(settings: DemoSettings): Promise<ValidationOutcome>;
  suite(spec: SuiteSpec, hooks: SuiteHooks): Promise<SuiteReport>;
  /** Frees the GPU device. */
  destroy(): void;
}

/** How many entries differ; a missing or short answer is an error, never "0 mismatches". */
function differences(a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined, what: string): { compared: number; differing: number } {
  if (!a || !b || a.length !== b.length) throw new Error(`${what}: the GPU and CPU answers cannot be compared (missing or of different lengths)`);
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
  return { compared: a.length, differing };
}

/** Ownership counts summed over positions, as shares of all playouts. */
export function ownershipShares(results: readonly PositionResult[], cellCount: number): Float64Array {
  const playouts = results.reduce((t, r) => t + r.playouts, 0);
  const shares = new Float64Array(cellCount);
  for (const r of results) r.ownership?.forEach((v, i) => (shares[i] = (shares[i] as number) + v / playouts));
  return shares;
}

export async function createEngine(): Promise<Engine> {
  const gpu: WebGpuEvaluator = await createWebGpuEvaluator();
  // The page's check: the CPU rebuilds each playout from the same (seed,
  // position, playout) stream and decides it with union-find, independently of BPR.
  const check: Evaluator = await createEvaluator({ backend: 'cpu', cpuMethod: methodByName('wqhuf') });
  // The CPU backend as a user gets it, measured beside the kernels.
  const cpu: Evaluator = await createEvaluator({ backend: 'cpu' });

  return {
    variantOf: (kernel) => gpu.variantOf(parseGpuKernel(kernel)),

    throughput(settings, hooks) {
      return measureThroughput(
        gpu,
        {
          positions: emptyPositions(settings.game, settings.size, settings.positions),
          request: { playouts: settings.playouts, fill: settings.fill, kernel: parseGpuKernel(settings.kernel), ownership: settings.ownership },
          runs: settings.runs,
          seed: settings.seed,
          ...(hooks.signal ? { signal: hooks.signal } : {}),
        },
        hooks,
      );
    },

    async validate(settings) {
      const positions: EvalPosition[] = samplePositions(settings.game, settings.size, settings.positions, settings.seed);
      const request = { playouts: settings.playouts, seed: settings.seed, fill: settings.fill, kernel: parseGpuKernel(settings.kernel), winners: true, ownership: true };
      const onGpu = await gpu.evaluate(positions, request);
      const onCpu = await check.evaluate(positions, request);
      const v = { compared: 0, mismatches: 0, ownershipCells: 0, ownershipMismatches: 0, gpuBlack: 0, cpuBlack: 0 };
      onGpu.results.forEach((g, p) => {
        const c = onCpu.results[p];
        const winners = differences(g.winners, c?.winners, `position ${p}: winners`);
        const ownership = differences(g.ownership, c?.ownership, `position ${p}: ownership`);
        v.compared += winners.compared;
        v.mismatches += winners.differing;
        v.ownershipCells += ownership.compared;
        v.ownershipMismatches += ownership.differing;
        v.gpuBlack += g.blackWins;
        v.cpuBlack += c?.blackWins ?? 0;
      });
      return {
        compared: v.compared,
        mismatches: v.mismatches,
        ownershipCellsCompared: v.ownershipCells,
        ownershipMismatches: v.ownershipMismatches,
        gpuBlackWinRate: v.gpuBlack / v.compared,
        cpuBlackWinRate: v.cpuBlack / v.compared,
      };
    },

    suite: (spec, hooks) => runSuite({ gpu, cpu }, spec, hooks),

    destroy() {
      gpu.destroy();
      check.destroy();
      cpu.destroy();
    },
  };
}
