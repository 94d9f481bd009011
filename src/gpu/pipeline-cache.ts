/**
 * Compute pipelines, cached per device: compiling a kernel costs far more
 * than a dispatch (on SwiftShader, hundreds of milliseconds). Every kernel
 * shares one bind group layout, so any kernel can run on a dispatch's buffers.
 */
import type { ShaderBuild } from './shader-source.js';
import { ShaderStage } from './webgpu-flags.js';

export interface DeviceKernels {
  readonly layout: GPUBindGroupLayout;
  pipeline(build: ShaderBuild, entryPoint?: string): Promise<GPUComputePipeline>;
}

const perDevice = new WeakMap<GPUDevice, DeviceKernels>();

function bindGroupLayout(device: GPUDevice): GPUBindGroupLayout {
  const storage = (binding: number, type: GPUBufferBindingType): GPUBindGroupLayoutEntry => ({
    binding,
    visibility: ShaderStage.COMPUTE,
    buffer: { type },
  });
  return device.createBindGroupLayout({
    label: 'hexbatch kernels',
    entries: [
      storage(0, 'uniform'),
      storage(1, 'read-only-storage'),
      storage(2, 'storage'),
      storage(3, 'storage'),
      storage(4, 'storage'),
    ],
  });
}

async function compile(
  device: GPUDevice,
  layout: GPUPipelineLayout,
  build: ShaderBuild,
  entryPoint: string,
): Promise<GPUComputePipeline> {
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ label: build.key, code: build.code });
  const info = await module.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  const scoped = await device.popErrorScope();
  if (errors.length > 0 || scoped) {
    const text = errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n') || (scoped?.message ?? '');
    throw new Error(`hexbatch: a WGSL kernel failed to compile (${build.key.split('|')[0]}):\n${text}`);
  }
  // Not createComputePipelineAsync: in Node, Dawn 0.6 on SwiftShader aborts
  // the process there ("The futex facility returned an unexpected error
  // code"). In a browser the synchronous call does not block the page
  // either: the GPU process compiles while the page goes on.
  device.pushErrorScope('validation');
  const pipeline = device.createComputePipeline({
    label: build.key,
    layout,
    compute: { module, entryPoint, constants: build.constants },
  });
  const invalid = await device.popErrorScope();
  if (invalid)
    throw new Error(
      `hexbatch: a WGSL kernel could not be made into a pipeline (${build.key.split('|')[0]}): ${invalid.message}`,
    );
  return pipeline;
}

export function deviceKernels(device: GPUDevice): DeviceKernels {
  const known = perDevice.get(device);
  if (known) return known;
  const layout = bindGroupLayout(device);
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
  const pipelines = new Map<string, Promise<GPUComputePipeline>>();
  const kernels: DeviceKernels = {
    layout,
    pipeline(build, entryPoint = 'main') {
      const key = `${entryPoint}|${build.key}`;
      let pipeline = pipelines.get(key);
      if (!pipeline) {
        pipeline = compile(device, pipelineLayout, build, entryPoint);
        // A failed compile is not cached, so the error shows again next time.
        pipeline.catch(() => pipelines.delete(key));
        pipelines.set(key, pipeline);
      }
      return pipeline;
    },
  };
  perDevice.set(device, kernels);
  return kernels;
}
