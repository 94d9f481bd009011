// Figures from repeated timings: a difference smaller than its noise, or a
// negative one, never prints as a time, and a share of a bounding rate never
// prints above 100%.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  differenceOf,
  differenceText,
  meanFigure,
  medianFigure,
  ratioOf,
  shareText,
  studentT975,
} from '../../src/jobs/noisy-figures.js';

const ms = (x: number) => x.toFixed(2);

describe('a difference of two noisy timings', () => {
  it('reads "below noise (± half-width)" when it is smaller than its noise', () => {
    // With testing 10.0 ± 1.0 ms, without 9.5 ± 1.0 ms: 0.5 ms against a noise of ±1.41 ms.
    const d = differenceOf({ value: 10, halfWidth: 1 }, { value: 9.5, halfWidth: 1 });
    expect(d.value).toBeCloseTo(0.5, 12);
    expect(d.halfWidth).toBeCloseTo(Math.SQRT2, 12);
    expect(differenceText(d, ms)).toBe('below noise (± 1.41)');
  });

  it('never prints a negative time: the paper bench once printed BPR at -24.73 ms', () => {
    // Two sets whose differences straddle zero, as bench:paper --quick measured them.
    const perSet = meanFigure([-40, -9.46]);
    expect(perSet.value).toBeCloseTo(-24.73, 2);
    expect(differenceText(perSet, ms)).toMatch(/^below noise \(± \d+\.\d\d\)$/);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (samples) => {
          expect(differenceText(meanFigure(samples), ms)).not.toMatch(/^-/);
        },
      ),
    );
  });

  it('prints a difference larger than its noise with its half-width', () => {
    expect(differenceText({ value: 3.16, halfWidth: 0.1 }, ms)).toBe('3.16 ± 0.10');
  });

  it('has no half-width from one sample, and then says nothing is resolved', () => {
    const one = meanFigure([5]);
    expect(one.halfWidth).toBe(Infinity);
    expect(differenceText(one, ms)).toBe('below noise (± ?)');
  });
});

describe('a share of a bounding rate', () => {
  it('is a percentage with its noise below the bound', () => {
    expect(shareText({ value: 83, halfWidth: 0 }, { value: 100, halfWidth: 4 })).toBe('83% ± 3%');
  });

  it('reads 100% within noise, never above, when it tops the bound by less than its noise', () => {
    expect(shareText({ value: 103, halfWidth: 5 }, { value: 100, halfWidth: 5 })).toBe('100% (within noise, ± 7%)');
  });

  it('says the bound was mismeasured instead of printing a share above 100%', () => {
    // bench-search --quick once printed the search at 733% of the bare rate.
    const text = shareText({ value: 7.33, halfWidth: 0.1 }, { value: 1, halfWidth: 0.1 });
    expect(text).not.toMatch(/\d{3,}%/);
    expect(text).toMatch(/^n\/a: measured above its bound/);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (part, bound, noise) => {
          const shown = shareText({ value: part, halfWidth: noise }, { value: bound, halfWidth: noise }).match(
            /^(\d+)%/,
          );
          if (shown) expect(Number(shown[1])).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});

describe('figures from samples', () => {
  it("takes Student's t for the samples' degrees of freedom", () => {
    // Mean 2, sample standard deviation 1, three samples: t(2) = 4.303.
    expect(meanFigure([1, 2, 3]).halfWidth).toBeCloseTo((4.303 * 1) / Math.sqrt(3), 6);
    expect(medianFigure([1, 2, 9]).value).toBe(2);
  });

  it('matches published t quantiles past its table (df 40, 60, 120) and tends to the normal 1.96', () => {
    expect(studentT975(40)).toBeCloseTo(2.021, 3);
    expect(studentT975(60)).toBeCloseTo(2.0, 3);
    expect(studentT975(120)).toBeCloseTo(1.98, 3);
    expect(studentT975(1e6)).toBeCloseTo(1.96, 3);
    for (let df = 1; df < 200; df++) expect(studentT975(df + 1)).toBeLessThan(studentT975(df));
  });

  it('propagates relative noise through a ratio', () => {
    const r = ratioOf({ value: 200, halfWidth: 6 }, { value: 100, halfWidth: 4 });
    expect(r.value).toBe(2);
    expect(r.halfWidth).toBeCloseTo(2 * Math.hypot(0.03, 0.04), 12);
  });
});
