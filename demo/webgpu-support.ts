/**
 * Finds out, before anything is compiled, whether this browser can run the
 * GPU evaluator, and if not, what the user can do about it.
 */
import { describeAdapter } from '../src/index.js';

export interface AdapterSummary {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  /** SwiftShader, or another adapter that runs on the CPU. */
  readonly software: boolean;
  readonly features: readonly string[];
}

export type WebGpuSupport =
  | { readonly kind: 'ok'; readonly adapter: AdapterSummary }
  | { readonly kind: 'missing' | 'no-adapter'; readonly reason: string; readonly help: readonly string[] };

const ENABLE_HELP: readonly string[] = [
  'Use a browser with WebGPU: Chrome or Edge 113 or later on Windows, macOS or ChromeOS, Safari 26, or Firefox 141 on Windows.',
  'On Linux, Chrome and Chromium keep WebGPU behind a flag: turn on chrome://flags/#enable-unsafe-webgpu, or start the browser with --enable-unsafe-webgpu (add --enable-features=Vulkan for a real GPU).',
  'Check chrome://gpu: “WebGPU: Hardware accelerated” means it is on.',
];

export function describeAdapterWithFeatures(info: GPUAdapterInfo, features: Iterable<string>): AdapterSummary {
  return { ...describeAdapter(info), features: [...features].sort() };
}

export async function detectWebGpu(): Promise<WebGpuSupport> {
  if (!('gpu' in navigator) || !navigator.gpu) {
    const reason = window.isSecureContext
      ? 'This browser has no WebGPU: navigator.gpu is missing.'
      : 'WebGPU needs a secure page (https:, or http://localhost), and this page is served over plain http from another host.';
    return { kind: 'missing', reason, help: ENABLE_HELP };
  }
  let adapter: GPUAdapter | null = null;
  try {
    adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (e) {
    return { kind: 'no-adapter', reason: `Asking for a WebGPU adapter failed: ${String(e)}`, help: ENABLE_HELP };
  }
  if (!adapter) {
    return {
      kind: 'no-adapter',
      reason:
        'WebGPU is present, but the browser offers no adapter (the GPU is blocklisted, or WebGPU is switched off).',
      help: ENABLE_HELP,
    };
  }
  return { kind: 'ok', adapter: describeAdapterWithFeatures(adapter.info, adapter.features) };
}

/** One line naming the adapter, for the banner and the results. */
export function adapterLabel(a: AdapterSummary): string {
  const name = [a.vendor, a.architecture, a.device, a.description].filter((s) => s !== '').join(' · ');
  return name === '' ? 'an unnamed adapter' : name;
}
