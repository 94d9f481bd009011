// take_for_round (shaders/ballot-take.wgsl) equals its CPU twin takeForRound
// for every subgroup size, round and lane: the twin is where the packing is
// checked for sizes SwiftShader cannot run (test/gpu/ballot-packing.test.ts).
import { describe, expect, test } from 'vitest';
import ballotTakeWgsl from '../../shaders/ballot-take.wgsl?raw';
import { SUBGROUP_SIZES, takeForRound } from '../../src/gpu/ballot-packing.js';
import { BufferUsage, MapMode } from '../../src/gpu/webgpu-flags.js';
import { gpuAvailability, useTestEvaluator } from '../helpers/gpu-harness.js';

const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`the ballot take on the GPU ${gpu.reason}`, () => {
  const evaluator = useTestEvaluator();

  test('equals takeForRound for subgroups of 4 to 128 lanes', async () => {
    const cases: [number, number, number][] = [];
    for (const size of SUBGROUP_SIZES)
      for (let round = 0; round < 32; round++) for (let lane = 0; lane < size; lane++) cases.push([round, lane, size]);
    const device = evaluator().context.device;
    const code = `${ballotTakeWgsl}
@group(0) @binding(0) var<storage, read> cases: array<vec3u>;
@group(0) @binding(1) var<storage, read_write> takes: array<vec3u>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (id.x >= arrayLength(&cases)) { return; }
  let c = cases[id.x];
  let t = take_for_round(c.x, c.y, c.z);
  takes[id.x] = vec3u(t.word, t.shift, select(0u, 1u, t.wanted));
}`;
    const bytes = cases.length * 16;
    const input = device.createBuffer({ size: bytes, usage: BufferUsage.STORAGE | BufferUsage.COPY_DST });
    const output = device.createBuffer({ size: bytes, usage: BufferUsage.STORAGE | BufferUsage.COPY_SRC });
    const read = device.createBuffer({ size: bytes, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST });
    const words = new Uint32Array(cases.length * 4);
    cases.forEach((c, k) => words.set(c, 4 * k));
    device.queue.writeBuffer(input, 0, words);
    const pipeline = device.createComputePipeline({
      layout: 'auto',
      compute: { module: device.createShaderModule({ code }), entryPoint: 'main' },
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(
      0,
      device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [input, output].map((buffer, binding) => ({ binding, resource: { buffer } })),
      }),
    );
    pass.dispatchWorkgroups(Math.ceil(cases.length / 64));
    pass.end();
    encoder.copyBufferToBuffer(output, 0, read, 0, bytes);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(MapMode.READ);
    const got = new Uint32Array(read.getMappedRange().slice(0));
    read.unmap();
    for (const buffer of [input, output, read]) buffer.destroy();
    cases.forEach(([round, lane, size], k) => {
      const want = takeForRound(round, lane, size);
      const onGpu = { word: got[4 * k], shift: got[4 * k + 1], wanted: got[4 * k + 2] === 1 };
      // Unwanted takes are never read, so only their flag must agree.
      const compared = want.wanted ? onGpu : { ...onGpu, word: want.word, shift: want.shift };
      expect(compared, `round ${round}, lane ${lane}, ${size} lanes`).toEqual(want);
    });
  });
});
