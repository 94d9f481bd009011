/**
 * The page's one door to the library: everything the buttons need, in the
 * page's terms (settings in, numbers out). It imports only the library's
 * entry point, and measures through the library's jobs (measureThroughput,
 * runSuite), which the CLI and the headless report also use.
 */
import {
  type Evaluator,
  GPU_KERNELS,
  type GpuKernel,
  type PositionResult,
  type SuiteHooks,
  type SuiteReport,
  type SuiteSpec,
  type ThroughputMeasurement,
  type ThroughputRun,
  type ValidationReport,
  type WebGpuEvaluator,
  createEvaluator,
  createWebGpuEvaluator,
  emptyPositions,
  measureThroughput,
  parseGpuKernel,
  runSuite,
  samplePositions,
  validateGpuAgainstCpu,
} from '../src/index.js';
import type { DemoSettings } from './settings.js';

/** The library's GPU-vs-CPU check, as the page shows it. */
export type ValidationOutcome = Pick<
  ValidationReport,
  | 'compared'
  | 'mismatches'
  | 'countMismatches'
  | 'ownershipCompared'
  | 'ownershipMismatches'
  | 'gpuWinRate'
  | 'cpuWinRate'
  | 'kernel'
>;

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
  /** The throughput test: the empty board, `positions` × `playouts` a call, medians over `runs` runs of at least 100 ms. */
  throughput(settings: DemoSettings, hooks: ThroughputHooks): Promise<ThroughputMeasurement>;
  validate(settings: DemoSettings): Promise<ValidationOutcome>;
  suite(spec: SuiteSpec, hooks: SuiteHooks): Promise<SuiteReport>;
  /** Frees the GPU device. */
  destroy(): void;
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
  // The CPU backend as a user gets it, measured beside the kernels.
  const cpu: Evaluator = await createEvaluator({ backend: 'cpu' });

  return {
    variantOf: (kernel) => gpu.variantOf(parseGpuKernel(kernel)),

    throughput(settings, hooks) {
      return measureThroughput(
        gpu,
        {
          positions: emptyPositions(settings.game, settings.size, settings.positions),
          request: {
            playouts: settings.playouts,
            fill: settings.fill,
            kernel: parseGpuKernel(settings.kernel),
            ownership: settings.ownership,
          },
          runs: settings.runs,
          seed: settings.seed,
          ...(hooks.signal ? { signal: hooks.signal } : {}),
        },
        hooks,
      );
    },

    // The one validation the CLI and the suite use: every playout rebuilt on the CPU and decided by union-find.
    async validate(settings) {
      const report = await validateGpuAgainstCpu(gpu, {
        positions: samplePositions(settings.game, settings.size, settings.positions, settings.seed),
        playouts: settings.playouts,
        seed: settings.seed,
        fill: settings.fill,
        kernel: parseGpuKernel(settings.kernel),
        ownership: true,
      });
      const {
        compared,
        mismatches,
        countMismatches,
        ownershipCompared,
        ownershipMismatches,
        gpuWinRate,
        cpuWinRate,
        kernel,
      } = report;
      return {
        compared,
        mismatches,
        countMismatches,
        ownershipCompared,
        ownershipMismatches,
        gpuWinRate,
        cpuWinRate,
        kernel,
      };
    },

    suite: (spec, hooks) => runSuite({ gpu, cpu }, spec, hooks),

    destroy() {
      gpu.destroy();
      cpu.destroy();
    },
  };
}
