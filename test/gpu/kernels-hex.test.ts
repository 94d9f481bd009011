// Every GPU kernel equals the CPU bit for bit on Hex: winners, counts and
// ownership, empty, partial and nearly full positions, exact and coin fills.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { expectGpuEqualsCpu } from './compare.js';
import { gpuAvailability, openTestEvaluator } from './gpu-harness.js';

const HEX_SIZES = [1, 2, 7, 11, 15, 16, 19, 31];
const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`Hex kernels equal the CPU ${gpu.reason}`, () => {
  let withSubgroups: WebGpuEvaluator;
  let withoutSubgroups: WebGpuEvaluator;
  // Uncaptured WebGPU errors of both devices, filled as they arrive.
  let errors: string[][] = [];
  beforeAll(async () => {
    const a = await openTestEvaluator();
    const b = await openTestEvaluator({ subgroups: false, boardsPerInvocation: 3 });
    [withSubgroups, withoutSubgroups] = [a.evaluator, b.evaluator];
    errors = [a.errors, b.errors];
  });
  afterAll(() => {
    withSubgroups?.destroy();
    withoutSubgroups?.destroy();
    expect(errors.flat()).toEqual([]);
  });

  test.each(HEX_SIZES)('Hex %i: bpr, one board per invocation', async (n) => {
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Hex, n), 'bpr');
  });
  test.each(HEX_SIZES)('Hex %i: bpr, three boards per invocation', async (n) => {
    await expectGpuEqualsCpu(withoutSubgroups, geometryOf(GameKind.Hex, n), 'bpr');
  });
  test.each(HEX_SIZES)('Hex %i: bitsliced with subgroupBallot', async (n) => {
    expect(withSubgroups.variantOf('bitsliced')).toBe('bitsliced-ballot');
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Hex, n), 'bitsliced');
  });
  test.each(HEX_SIZES)('Hex %i: bitsliced without subgroups', async (n) => {
    expect(withoutSubgroups.variantOf('bitsliced')).toBe('bitsliced-lanes');
    await expectGpuEqualsCpu(withoutSubgroups, geometryOf(GameKind.Hex, n), 'bitsliced');
  });
  test.each(HEX_SIZES)('Hex %i: floodfill', async (n) => {
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Hex, n), 'floodfill');
  });
});
