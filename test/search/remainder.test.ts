// remainder (src/search/remainder.ts) is x % n computed in small integers: the shuffles and the bridge draws depend on it being exactly that.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { remainder } from '../../src/search/remainder.js';

test('remainder(x, n) is x % n for every 32-bit unsigned x and every n below 2^15', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: (1 << 15) - 1 }), (x, n) => {
      expect(remainder(x, n)).toBe(x % n);
    }),
    { numRuns: 20_000 },
  );
  for (const x of [0, 1, 0x7fffffff, 0x80000000, 0xffffffff])
    for (const n of [1, 2, 3, 121, 122, (1 << 15) - 1]) expect(remainder(x, n)).toBe(x % n);
});
