// Every GPU kernel equals the CPU bit for bit on Y: winners, counts and
// ownership, empty, partial and nearly full positions, exact and coin fills.
import { describe } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { kernelEqualityTests } from './compare.js';
import { gpuAvailability } from '../helpers/gpu-harness.js';

const Y_SIZES = [1, 2, 11, 16, 17, 32];
const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`Y kernels equal the CPU ${gpu.reason}`, () =>
  kernelEqualityTests(GameKind.Y, Y_SIZES),
);
