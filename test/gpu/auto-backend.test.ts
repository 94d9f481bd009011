// `auto` picks the faster backend: a software adapter (SwiftShader, or any
// that says it is a fallback) runs the kernels on the CPU several times
// slower than the CPU backend, so auto never takes it, and says why in one
// line; `webgpu` still takes it for whoever asks. This machine has no GPU,
// so here auto gives the CPU backend.
import { describe, expect, test, vi } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { createEvaluator } from '../../src/eval/create-evaluator.js';
import { createWebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { gpuAvailability } from '../helpers/gpu-harness.js';

/** A GPU whose only adapter is `info`; a device asked of it is counted and refused. */
function oneAdapter(info: Partial<GPUAdapterInfo>) {
  const requestDevice = vi.fn(() => Promise.reject(new Error('no device here')));
  const adapter = {
    info: { vendor: '', architecture: '', device: '', description: '', ...info },
    features: new Set(),
    limits: {},
    requestDevice,
  };
  return { gpu: { requestAdapter: async () => adapter } as unknown as GPU, requestDevice };
}

const hex3 = geometryOf(GameKind.Hex, 3);

describe('auto', () => {
  test('passes over an adapter that says it is a fallback, before making a device on it, and says why in one line', async () => {
    const { gpu, requestDevice } = oneAdapter({ vendor: 'mesa', architecture: 'llvmpipe', isFallbackAdapter: true });
    const notice = vi.fn();
    const evaluator = await createEvaluator({ backend: 'auto', gpu, notice });
    try {
      expect(evaluator.backend).toBe('cpu');
      expect(requestDevice).not.toHaveBeenCalled();
      expect(notice).toHaveBeenCalledTimes(1);
      const [line] = notice.mock.calls[0] as [string];
      expect(line).not.toContain('\n');
      expect(line).toBe(
        "hexbatch: using the CPU backend, since the only WebGPU adapter (mesa / llvmpipe) is software: it runs the kernels on the CPU, slower than the CPU backend (backend: 'webgpu' takes it anyway)",
      );
      const { results } = await evaluator.evaluate(
        [{ geometry: hex3, cells: new Uint8Array(9), toMove: Color.Black }],
        { playouts: 64 },
      );
      expect(results[0]?.playouts).toBe(64);
    } finally {
      evaluator.destroy();
    }
  });

  test('takes a hardware adapter: it goes on to make a device there', async () => {
    const { gpu, requestDevice } = oneAdapter({ vendor: 'nvidia', architecture: 'hopper' });
    const notice = vi.fn();
    // The fake refuses the device, so auto falls back, saying so; what matters is that it asked.
    const evaluator = await createEvaluator({ backend: 'auto', gpu, notice });
    evaluator.destroy();
    expect(requestDevice).toHaveBeenCalledTimes(1);
    expect(notice.mock.calls[0]?.[0]).toMatch(/WebGPU could not be used: no device here/);
  });
});

const dawn = await gpuAvailability();

describe.skipIf(!dawn.available)(`on this machine's own adapter ${dawn.reason}`, () => {
  test('auto gives the CPU backend where the only adapter is software, and webgpu still gives that adapter', async () => {
    const webgpu = await createWebGpuEvaluator();
    const software = webgpu.context.adapter.software;
    webgpu.destroy();
    const notice = vi.fn();
    const auto = await createEvaluator({ backend: 'auto', notice });
    auto.destroy();
    // Without a GPU (this machine, CI), Dawn's only adapter is SwiftShader.
    expect(auto.backend).toBe(software ? 'cpu' : 'webgpu');
    if (software) {
      expect(notice).toHaveBeenCalledTimes(1);
      expect(notice.mock.calls[0]?.[0]).toMatch(
        /^hexbatch: using the CPU backend, since the only WebGPU adapter \(google \/ swiftshader.*\) is software/,
      );
    }
    const asked = await createEvaluator({ backend: 'webgpu' });
    try {
      expect(asked.backend).toBe('webgpu');
      expect(asked.adapter?.software).toBe(software);
    } finally {
      asked.destroy();
    }
  });
});
