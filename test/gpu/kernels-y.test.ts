// Every GPU kernel equals the CPU bit for bit on Y: winners, counts and
// ownership, empty, partial and nearly full positions, exact and coin fills.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { expectGpuEqualsCpu } from './compare.js';
import { gpuAvailability, openTestEvaluator } from './gpu-harness.js';

const Y_SIZES = [1, 2, 11, 16, 17, 32];
const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`Y kernels equal the CPU ${gpu.reason}`, () => {
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

  test.each(Y_SIZES)('Y %i: bpr, one board per invocation', async (n) => {
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Y, n), 'bpr');
  });
  test.each(Y_SIZES)('Y %i: bpr, three boards per invocation', async (n) => {
    await expectGpuEqualsCpu(withoutSubgroups, geometryOf(GameKind.Y, n), 'bpr');
  });
  test.each(Y_SIZES)('Y %i: bitsliced with subgroupBallot', async (n) => {
    expect(withSubgroups.variantOf('bitsliced')).toBe('bitsliced-ballot');
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Y, n), 'bitsliced');
  });
  test.each(Y_SIZES)('Y %i: bitsliced without subgroups', async (n) => {
    expect(withoutSubgroups.variantOf('bitsliced')).toBe('bitsliced-lanes');
    await expectGpuEqualsCpu(withoutSubgroups, geometryOf(GameKind.Y, n), 'bitsliced');
  });
  test.each(Y_SIZES)('Y %i: floodfill', async (n) => {
    await expectGpuEqualsCpu(withSubgroups, geometryOf(GameKind.Y, n), 'floodfill');
  });
});
