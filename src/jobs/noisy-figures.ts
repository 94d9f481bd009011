/**
 * Figures made of repeated timings, and the two figures that can come out
 * impossible when the noise is forgotten: the difference of two timings (a
 * negative time) and a rate's share of a rate that bounds it (above 100%).
 * Every benchmark prints those two through this module, so that a figure
 * smaller than its noise reads "below noise (± half-width)" everywhere.
 *
 * A figure is a value with the half-width of its 95% confidence interval:
 * Student's t times the standard error of the samples' mean. A median (the
 * benchmarks' headline, robust to one slow run) takes the same half-width.
 */

/** A figure from repeated timings, with its noise. */
export interface NoisyFigure {
  readonly value: number;
  /** Half-width of the 95% interval; Infinity from fewer than two samples. */
  readonly halfWidth: number;
}

/**
 * Student's t at 0.975 for 1 … 30 degrees of freedom (any statistics table).
 * Written out rather than taken from a library: the one small package that
 * computes it brings two hundred more with it.
 */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Student's t quantile at 0.975; past the table, the Cornish–Fisher expansion about the normal's 1.96 (exact to 4 digits there). */
export function studentT975(degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1)
    throw new RangeError(`degrees of freedom must be a whole number ≥ 1, not ${degreesOfFreedom}`);
  const tabled = T_975[degreesOfFreedom - 1];
  if (tabled !== undefined) return tabled;
  const z = 1.959964;
  const v = degreesOfFreedom;
  return z + (z ** 3 + z) / (4 * v) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * v * v);
}

function mean(values: readonly number[]): number {
  return values.reduce((t, v) => t + v, 0) / values.length;
}

/** The 95% half-width of the samples' mean. */
function halfWidthOf(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return Infinity;
  const m = mean(values);
  const variance = values.reduce((t, v) => t + (v - m) ** 2, 0) / (n - 1);
  return studentT975(n - 1) * Math.sqrt(variance / n);
}

/** The middle value (the mean of the middle two of an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The samples' mean with its 95% half-width. */
export function meanFigure(samples: readonly number[]): NoisyFigure {
  if (samples.length === 0) throw new Error('a figure from no samples');
  return { value: mean(samples), halfWidth: halfWidthOf(samples) };
}

/** The samples' median with the 95% half-width of their mean. */
export function medianFigure(samples: readonly number[]): NoisyFigure {
  return { value: median(samples), halfWidth: halfWidthOf(samples) };
}

/** a − b; independent noises add in quadrature. */
export function differenceOf(a: NoisyFigure, b: NoisyFigure): NoisyFigure {
  return { value: a.value - b.value, halfWidth: Math.hypot(a.halfWidth, b.halfWidth) };
}

/** a / b; relative noises add in quadrature (to first order), written so that a of 0 is no division by 0. */
export function ratioOf(a: NoisyFigure, b: NoisyFigure): NoisyFigure {
  const value = a.value / b.value;
  return { value, halfWidth: Math.hypot(a.halfWidth / b.value, (a.value * b.halfWidth) / (b.value * b.value)) };
}

/** How a number is written: the caller's digits and unit. */
export type NumberFormat = (value: number) => string;

/** "152 ± 4.1": a figure with its half-width ("± ?" from one sample). */
export function figureText(f: NoisyFigure, format: NumberFormat): string {
  return `${format(f.value)} ± ${Number.isFinite(f.halfWidth) ? format(f.halfWidth) : '?'}`;
}

/** Whether the figure is no larger than its noise (a negative figure included). */
export function belowNoise(f: NoisyFigure): boolean {
  return !(f.value > f.halfWidth);
}

/**
 * A time (or any amount that cannot be negative) obtained as a difference:
 * the figure with its half-width, or "below noise (± h)" when it is not
 * larger than its noise, a negative difference included.
 */
export function differenceText(f: NoisyFigure, format: NumberFormat): string {
  const h = Number.isFinite(f.halfWidth) ? format(f.halfWidth) : '?';
  return belowNoise(f) ? `below noise (± ${h})` : `${format(f.value)} ± ${h}`;
}

const percent: NumberFormat = (share) => `${(100 * share).toFixed(0)}%`;

/**
 * A rate as a share of a rate that bounds it (the search's rate of the bare
 * evaluator's, a short call's of a long call's): "83% ± 4%". A share above
 * 100% within its noise reads "100% (within noise, ± h)"; beyond it, the
 * bound was mismeasured, and the text says so instead of a share.
 */
export function shareText(part: NoisyFigure, bound: NoisyFigure): string {
  return shareFigureText(ratioOf(part, bound));
}

/** As shareText, for a share already made (a median of paired shares). */
export function shareFigureText(share: NoisyFigure): string {
  const h = Number.isFinite(share.halfWidth) ? percent(share.halfWidth) : '?';
  if (share.value <= 1) return `${percent(share.value)} ± ${h}`;
  if (share.value - share.halfWidth <= 1) return `100% (within noise, ± ${h})`;
  return 'n/a: measured above its bound, so the bound was mismeasured';
}
