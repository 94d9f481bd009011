/**
 * createEvaluator: one entry for both backends. `auto` tries WebGPU and falls
 * back to the CPU when WebGPU cannot be had, saying so once through `notice`.
 */
import type { WinTestMethod } from '../wintest/method.js';
import { createCpuEvaluator } from './cpu/backend.js';
import type { CpuKernelChoice } from './cpu/kernels.js';
import type { Evaluator } from './types.js';
import { type WebGpuEvaluatorOptions, createWebGpuEvaluator } from './webgpu-backend.js';

export type BackendChoice = 'webgpu' | 'cpu' | 'auto';

export interface EvaluatorOptions extends WebGpuEvaluatorOptions {
  /** Default auto. */
  readonly backend?: BackendChoice;
  /** The CPU backend's win test (default bitsliced, fused with the fill). */
  readonly cpuMethod?: WinTestMethod;
  /** The CPU backend's worker threads (default one a core; see CpuEvaluatorOptions). */
  readonly cpuWorkers?: number | 'cores';
  /** Whether the calling thread plays too, beside the CPU backend's workers (see CpuEvaluatorOptions). */
  readonly cpuCallerPlays?: boolean;
  /** The CPU backend's kernel for the bitsliced method (default auto: WebAssembly SIMD where the runtime has it; see CpuEvaluatorOptions). */
  readonly cpuKernel?: CpuKernelChoice;
}

export async function createEvaluator(options: EvaluatorOptions = {}): Promise<Evaluator> {
  const backend = options.backend ?? 'auto';
  const cpu = () =>
    createCpuEvaluator(options.cpuMethod, {
      ...(options.cpuWorkers === undefined ? {} : { workers: options.cpuWorkers }),
      ...(options.cpuCallerPlays === undefined ? {} : { callerPlays: options.cpuCallerPlays }),
      ...(options.cpuKernel === undefined ? {} : { kernel: options.cpuKernel }),
    });
  if (backend === 'cpu') return cpu();
  if (backend === 'webgpu') return createWebGpuEvaluator(options);
  try {
    return await createWebGpuEvaluator(options);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    options.notice?.(`hexbatch: using the CPU backend, since WebGPU could not be used: ${why}`);
    return cpu();
  }
}
