/**
 * createEvaluator: one entry for both backends. `auto` takes WebGPU on a
 * hardware adapter, and the CPU backend otherwise, saying why once through
 * `notice`: when WebGPU cannot be had, and when its only adapter is software
 * (SwiftShader), which runs the kernels on the CPU several times slower than
 * the CPU backend. `webgpu` takes a software adapter too.
 */
import { SoftwareAdapterError } from '../gpu/gpu-device.js';
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
  // Held back until the choice is made: when the CPU backend wins, its one line says why, and Dawn's is beside the point.
  const notices: string[] = [];
  let gpu: Evaluator;
  try {
    gpu = await createWebGpuEvaluator({ ...options, hardwareOnly: true, notice: (message) => notices.push(message) });
  } catch (error) {
    if (error instanceof SoftwareAdapterError) {
      options.notice?.(
        `hexbatch: using the CPU backend, since ${error.message}: it runs the kernels on the CPU, slower than the CPU backend (backend: 'webgpu' takes it anyway)`,
      );
      return cpu();
    }
    const why = error instanceof Error ? error.message : String(error);
    for (const message of notices) options.notice?.(message);
    options.notice?.(`hexbatch: using the CPU backend, since WebGPU could not be used: ${why}`);
    return cpu();
  }
  for (const message of notices) options.notice?.(message);
  return gpu;
}
