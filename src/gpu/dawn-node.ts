/**
 * Node only: WebGPU through Dawn (the `webgpu` npm package).
 *
 * Reached only through a dynamic import from gpu-device.ts, and it imports
 * Node modules only dynamically, with specifiers bundlers leave alone, so a
 * browser build never pulls Node code in.
 *
 * Without a GPU, Dawn finds an adapter only through a Vulkan driver it can
 * use; Debian's Mesa lavapipe is too old, but the SwiftShader driver that
 * Debian's chromium package ships works. When VK_ICD_FILENAMES is unset and
 * the system drivers give no adapter, this module points it at SwiftShader
 * and says so. A user's own setting is never overridden, and a real GPU's
 * driver is always tried first.
 */

export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

interface DawnModule {
  create(options: string[]): GPU;
}

export interface DawnAdapter {
  /**
   * The Dawn instance: whoever uses the adapter must hold on to it, since a
   * collected instance takes its devices down (a crash, or a hang).
   */
  readonly instance: GPU | null;
  readonly adapter: GPUAdapter | null;
  /** Why no adapter was found, for the error message. */
  readonly tried: readonly string[];
}

function importDynamic<T>(specifier: string): Promise<T> {
  return import(/* @vite-ignore */ specifier) as Promise<T>;
}

async function fileExists(path: string): Promise<boolean> {
  const fs = await importDynamic<{ existsSync(path: string): boolean }>('node:fs');
  return fs.existsSync(path);
}

/** Device nodes through which Linux GPU drivers are reached (DRM, NVIDIA, AMD compute). */
const GPU_DEVICE_NODES = ['/dev/dri', '/dev/nvidiactl', '/dev/kfd'];

async function hasGpuDeviceNodes(): Promise<boolean> {
  const os = await importDynamic<{ platform(): string }>('node:os');
  if (os.platform() !== 'linux') return true;
  for (const node of GPU_DEVICE_NODES) if (await fileExists(node)) return true;
  return false;
}

function environment(): Record<string, string | undefined> {
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
}

export async function requestDawnAdapter(
  options: GPURequestAdapterOptions,
  notice: (message: string) => void,
): Promise<DawnAdapter> {
  let dawn: DawnModule;
  try {
    dawn = await importDynamic<DawnModule>('webgpu');
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { instance: null, adapter: null, tried: [`the webgpu package could not be loaded (${why})`] };
  }
  const env = environment();
  const userIcd = env['VK_ICD_FILENAMES'];
  // Extra Dawn instance flags, space-separated, for diagnosis: for example
  // `enable-dawn-features=dump_shaders` prints each pipeline's SPIR-V.
  const flags = (env['HEXBATCH_DAWN_FLAGS'] ?? '').split(/\s+/).filter((f) => f !== '');
  let instance: GPU | null = null;
  let adapter: GPUAdapter | null = null;
  const tried: string[] = [];
  // Without GPU device nodes the system drivers cannot succeed, and probing
  // them only fills standard error with driver complaints.
  if (userIcd !== undefined || (await hasGpuDeviceNodes())) {
    instance = dawn.create(flags);
    adapter = await instance.requestAdapter(options);
    tried.push(userIcd === undefined ? 'the system Vulkan drivers' : `VK_ICD_FILENAMES=${userIcd}`);
    if (adapter || userIcd !== undefined) return { instance, adapter, tried };
  } else {
    tried.push(`no GPU device (${GPU_DEVICE_NODES.join(', ')} missing)`);
  }

  if (!(await fileExists(SWIFTSHADER_ICD))) {
    tried.push(`SwiftShader (${SWIFTSHADER_ICD} is missing: install Debian's chromium package)`);
    return { instance, adapter, tried };
  }
  env['VK_ICD_FILENAMES'] = SWIFTSHADER_ICD;
  // Mesa's implicit device-select layer has nothing to select among with one
  // software driver, and only complains on standard error about the display.
  env['VK_LOADER_LAYERS_DISABLE'] ??= '~implicit~';
  instance = dawn.create(flags);
  adapter = await instance.requestAdapter(options);
  tried.push(`SwiftShader (${SWIFTSHADER_ICD})`);
  if (adapter) {
    notice(
      `hexbatch: no GPU driver gave a WebGPU adapter, so VK_ICD_FILENAMES now points at SwiftShader ` +
        `(${SWIFTSHADER_ICD}): WebGPU runs on the CPU and its timings are CPU figures`,
    );
  }
  return { instance, adapter, tried };
}
