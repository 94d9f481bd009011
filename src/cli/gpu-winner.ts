/**
 * Deciding given boards on the GPU (no fill), for `hexbatch winner --backend
 * webgpu --method bpr|bitsliced|floodfill`: a BoardDecider like the CPU one,
 * so the winner command reads, checks and prints lines as before.
 */
import type { Geometry } from '../game/geometry.js';
import { GPU_KERNELS, type GpuKernel, parseGpuKernel } from '../eval/types.js';
import { type WebGpuEvaluator, createWebGpuEvaluator } from '../eval/webgpu-backend.js';
import type { BoardDecider } from './board-decider.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';

export const GPU_WINNER_METHODS: readonly GpuKernel[] = GPU_KERNELS;

export interface GpuDecider extends BoardDecider {
  /** What decides: the adapter. */
  readonly description: string;
  /** Frees the device, which would keep Node alive. */
  close(): Promise<void>;
}

/**
 * The GpuKernel a --method name picks; a usage error for any other method,
 * worded for --method (with --backend webgpu) rather than as a kernel name.
 */
export function parseGpuMethod(name: string): GpuKernel {
  try {
    return parseGpuKernel(name);
  } catch {
    throw usageError(`--backend webgpu decides with ${GPU_WINNER_METHODS.join(', ')}, not "${name}"`);
  }
}

export async function createGpuDecider(
  g: Geometry,
  kernel: GpuKernel,
  notice: (message: string) => void = () => {},
): Promise<GpuDecider> {
  let evaluator: WebGpuEvaluator;
  try {
    evaluator = await createWebGpuEvaluator({ notice });
  } catch (error) {
    throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
  }
  return {
    decide: (boards) => evaluator.decide(g, boards, { kernel }),
    description: evaluator.description,
    close: async () => evaluator.destroy(),
  };
}
