// The 32 × 32 bit transpose behind the bit-sliced filler, against the plain
// bit-by-bit definition on random matrices.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { transpose32 } from '../../src/fill/fill-slices.js';

test('bit k of row b afterwards is bit b of row k before', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 32, maxLength: 32 }), (rows) => {
      const m = Uint32Array.from(rows);
      transpose32(m);
      for (let b = 0; b < 32; b++) {
        let want = 0;
        for (let k = 0; k < 32; k++) want |= (((rows[k] as number) >>> b) & 1) << k;
        expect(m[b]).toBe(want >>> 0);
      }
    }),
    { numRuns: 200 },
  );
});
