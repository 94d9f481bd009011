// Every GPU kernel equals the CPU bit for bit on Hex: winners, counts and
// ownership, empty, partial and nearly full positions, exact and coin fills.
import { describe } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { kernelEqualityTests } from './compare.js';
import { gpuAvailability } from '../helpers/gpu-harness.js';

const HEX_SIZES = [1, 2, 7, 11, 15, 16, 19, 31];
const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`Hex kernels equal the CPU ${gpu.reason}`, () =>
  kernelEqualityTests(GameKind.Hex, HEX_SIZES),
);
