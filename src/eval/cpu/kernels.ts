/**
 * The CPU backend's kernels: what plays the bitsliced method's fused fill and
 * win test. Both play the very same playouts (the same boards, winners and
 * counts); they differ in how many boards one instruction works on.
 */
import { wasmSimdSupported } from './wasm-kernel.js';

/** A kernel of the CPU backend: WebAssembly SIMD (128 boards a step) or JavaScript (32). */
export type CpuKernelName = 'wasm-simd' | 'js';

/** A kernel, or 'auto': WebAssembly SIMD where the runtime has it, else JavaScript. */
export type CpuKernelChoice = CpuKernelName | 'auto';

/** A kernel, what it does, and whether this runtime has it (`hexbatch methods` lists them). */
export interface CpuKernelInfo {
  readonly name: CpuKernelName;
  /** Boards one slice word holds: one majority step decides this many. */
  readonly boards: number;
  readonly summary: string;
  /** Whether this runtime can run it. */
  readonly available: () => boolean;
}

/** Every CPU kernel, the fastest first. */
export const CPU_KERNELS: readonly CpuKernelInfo[] = [
  {
    name: 'wasm-simd',
    boards: 128,
    summary: 'WebAssembly SIMD (assembly/playout-kernel.ts): fill and bit-sliced test on v128 words, 128 boards a step',
    available: wasmSimdSupported,
  },
  {
    name: 'js',
    boards: 32,
    summary: 'JavaScript (cpu-fused.ts): fill and bit-sliced test on 32-bit words, 32 boards a step; runs anywhere',
    available: () => true,
  },
];

export function parseCpuKernel(text: string): CpuKernelChoice {
  if (text === 'auto' || CPU_KERNELS.some((k) => k.name === text)) return text as CpuKernelChoice;
  throw new Error(`unknown CPU kernel "${text}" (expected auto, ${CPU_KERNELS.map((k) => k.name).join(' or ')})`);
}

/** The kernel a choice runs here; asking for one this runtime lacks is an error. */
export function resolveCpuKernel(choice: CpuKernelChoice): CpuKernelName {
  if (choice === 'auto') return wasmSimdSupported() ? 'wasm-simd' : 'js';
  if (choice === 'wasm-simd' && !wasmSimdSupported())
    throw new Error(
      'the wasm-simd CPU kernel needs WebAssembly SIMD, which this runtime lacks (use kernel auto or js)',
    );
  return choice;
}

/** Boards a kernel fills and decides at once: chunks of playouts are cut in multiples of it. */
export function kernelBoards(kernel: CpuKernelName): number {
  return kernel === 'wasm-simd' ? 128 : 32;
}
