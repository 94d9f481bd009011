// The bit-sliced ballot kernel's packing, for every subgroup size a GPU may
// have (SwiftShader, which the GPU tests run on, has only 4 lanes): every
// slot of a workgroup is filled once, into the lane and bit that reduce it.
import { describe, expect, test } from 'vitest';
import { SUBGROUP_SIZES, ballotWorkgroupSize, packWorkgroup } from '../../src/gpu/ballot-packing.js';

describe.each(SUBGROUP_SIZES)('subgroups of %i lanes', (size) => {
  test.each([1, 32, 48, 64, 100, 256])(
    'workgroup asked for %i lanes: every slot lands in the lane and bit that reduce it',
    (requested) => {
      const workgroupSize = ballotWorkgroupSize(requested, size);
      expect(workgroupSize % size).toBe(0);
      expect(workgroupSize).toBeGreaterThanOrEqual(Math.max(requested, size));
      const lanes = packWorkgroup(workgroupSize, size);
      const seen = new Set<number>();
      lanes.forEach((slices, k) => {
        const lane = k % size;
        const order = Math.floor(k / size);
        slices.forEach((slot, bit) => {
          // tally_slices reads lane s's bit b as slot first_slot + 32s + b.
          expect(slot, `subgroup ${order}, lane ${lane}, bit ${bit}`).toBe(order * size * 32 + lane * 32 + bit);
          seen.add(slot);
        });
      });
      expect(seen.size).toBe(workgroupSize * 32);
    },
  );
});

test('a workgroup is never cut inside a subgroup', () => {
  expect(ballotWorkgroupSize(48, 32)).toBe(64);
  expect(ballotWorkgroupSize(64, 128)).toBe(128);
  expect(ballotWorkgroupSize(64, 4)).toBe(64);
});
