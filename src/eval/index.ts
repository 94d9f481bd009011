/** The evaluator: one API over the CPU and WebGPU backends. */
export { createEvaluator, type BackendChoice, type EvaluatorOptions } from './create-evaluator.js';
export { type CpuEvaluatorOptions, createCpuEvaluator } from './cpu/backend.js';
export { CPU_KERNELS, type CpuKernelChoice, type CpuKernelInfo, type CpuKernelName } from './cpu/kernels.js';
export { createWebGpuEvaluator, type WebGpuEvaluator, type WebGpuEvaluatorOptions } from './webgpu-backend.js';
export { DeviceLimitError, EvaluatorDestroyedError, InvalidRequestError, KernelFaultError } from './errors.js';
export { WebGpuUnavailableError } from '../gpu/gpu-device.js';
export { GpuLostError } from '../gpu/gpu-runner.js';
export { type AmafCounts, AmafView, amafCounts } from './amaf.js';
export * from './types.js';
