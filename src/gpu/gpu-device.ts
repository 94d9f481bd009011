/**
 * Opens a WebGPU device for the evaluator, in a browser (navigator.gpu) or in
 * Node (Dawn, through dawn-node.ts), with the optional features the kernels
 * use and the largest buffers the adapter allows.
 */

export interface AdapterDescription {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  /** True for a software adapter (SwiftShader): its timings are CPU figures. */
  readonly software: boolean;
}

/** An open WebGPU device and what it offers the kernels. */
export interface GpuContext {
  readonly device: GPUDevice;
  readonly adapter: AdapterDescription;
  readonly subgroups: boolean;
  readonly timestamps: boolean;
  /** The largest subgroup the adapter may use (0 without subgroups). */
  readonly subgroupMaxSize: number;
  /** Resolves when the device is lost, with the reason in words. */
  readonly lost: Promise<GPUDeviceLostInfo>;
  /** Node: the Dawn instance behind the device, referenced so that it is not collected first. */
  readonly instance: GPU | null;
}

export interface OpenGpuOptions {
  /** A GPU to use instead of navigator.gpu or Dawn. */
  readonly gpu?: GPU;
  readonly powerPreference?: GPUPowerPreference;
  /** Ask for the subgroups feature where the adapter has it (default true). */
  readonly subgroups?: boolean;
  /** Ask for timestamp queries where the adapter has them (default true). */
  readonly timestamps?: boolean;
  /** Told once when Node falls back to SwiftShader. */
  readonly notice?: (message: string) => void;
  /** Refuse a software adapter (SoftwareAdapterError) before a device is made on it: `auto` does. */
  readonly hardwareOnly?: boolean;
}

/** Thrown when WebGPU cannot be had at all; says what is missing and what to do. */
export class WebGpuUnavailableError extends Error {
  constructor(what: string) {
    super(
      `WebGPU is not available: ${what}. ` +
        'In a browser, use Chrome or Edge 113+ (on Linux start Chromium with --enable-unsafe-webgpu). ' +
        'In Node, hexbatch uses the `webgpu` package (Dawn), which needs a Vulkan driver: a GPU driver, ' +
        "or SwiftShader from Debian's chromium package with libvulkan1 " +
        '(apt-get install chromium libvulkan1; VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json).',
    );
    this.name = 'WebGpuUnavailableError';
  }
}

/** The only adapter runs on the CPU (SwiftShader, or one that says it is a fallback), and a GPU was asked for. */
export class SoftwareAdapterError extends Error {
  constructor(readonly adapter: AdapterDescription) {
    super(`the only WebGPU adapter (${adapterText({ ...adapter, software: false })}) is software`);
    this.name = 'SoftwareAdapterError';
  }
}

function browserGpu(): GPU | undefined {
  const nav = (globalThis as { navigator?: { gpu?: GPU } }).navigator;
  return nav?.gpu;
}

function runningInNode(): boolean {
  return typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
}

interface FoundAdapter {
  readonly adapter: GPUAdapter;
  /** Dawn's instance, kept referenced for as long as its device lives. */
  readonly instance: GPU | null;
}

async function requestAdapter(options: OpenGpuOptions): Promise<FoundAdapter> {
  const request: GPURequestAdapterOptions = options.powerPreference ? { powerPreference: options.powerPreference } : {};
  const gpu = options.gpu ?? browserGpu();
  if (gpu) {
    const adapter = await gpu.requestAdapter(request);
    if (!adapter) throw new WebGpuUnavailableError('the browser offers WebGPU, but no adapter');
    return { adapter, instance: null };
  }
  if (!runningInNode()) throw new WebGpuUnavailableError('this browser has no navigator.gpu');
  const { requestDawnAdapter } = await import('./dawn-node.js');
  const found = await requestDawnAdapter(request, options.notice ?? (() => {}));
  if (!found.adapter) throw new WebGpuUnavailableError(`Dawn found no adapter (tried ${found.tried.join(', then ')})`);
  return { adapter: found.adapter, instance: found.instance };
}

/** The adapter's names, and whether it is a software renderer (SwiftShader and the like), whose figures are CPU figures. */
export function describeAdapter(info: GPUAdapterInfo): AdapterDescription {
  const text = (value: string | undefined) => value ?? '';
  const architecture = text(info.architecture);
  const description = text(info.description);
  return {
    vendor: text(info.vendor),
    architecture,
    device: text(info.device),
    description,
    // By name (Dawn in Node says nothing else), or because the browser says it fell back to one.
    software:
      /swiftshader|llvmpipe|lavapipe|software/i.test(`${architecture} ${description} ${text(info.device)}`) ||
      info.isFallbackAdapter === true,
  };
}

/** The adapter in one line, marked when its figures are CPU figures. */
export function adapterText(a: AdapterDescription): string {
  const parts = [a.vendor, a.architecture, a.device, a.description].filter((s) => s !== '');
  const name = [...new Set(parts)].join(' / ') || 'unnamed adapter';
  return a.software ? `${name} (software: CPU figures)` : name;
}

export async function openGpu(options: OpenGpuOptions = {}): Promise<GpuContext> {
  const { adapter, instance } = await requestAdapter(options);
  if (options.hardwareOnly) {
    const description = describeAdapter(adapter.info);
    if (description.software) throw new SoftwareAdapterError(description);
  }
  const subgroups = (options.subgroups ?? true) && adapter.features.has('subgroups');
  const timestamps = (options.timestamps ?? true) && adapter.features.has('timestamp-query');
  const requiredFeatures: GPUFeatureName[] = [];
  if (subgroups) requiredFeatures.push('subgroups');
  if (timestamps) requiredFeatures.push('timestamp-query');
  const device = await adapter.requestDevice({
    requiredFeatures,
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
  return {
    device,
    adapter: describeAdapter(adapter.info),
    subgroups,
    timestamps,
    subgroupMaxSize: subgroups ? (adapter.info.subgroupMaxSize ?? 0) : 0,
    lost: device.lost,
    instance,
  };
}
