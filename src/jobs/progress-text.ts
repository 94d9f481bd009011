/** Progress in words, the same on the page and in the terminal. */
import type { SuiteProgress } from './suite.js';

/** "about 1 min 20 s left" from milliseconds; null while unknown. */
export function timeLeft(ms: number | null): string {
  if (ms === null) return 'time left not known yet';
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `about ${Math.floor(s / 60)} min ${s % 60} s left` : `about ${s} s left`;
}

/** "step 3 of 24: hex 11, bpr kernel, exact fill (about 40 s left)" */
export function stepText(p: SuiteProgress): string {
  return `step ${p.step} of ${p.steps}: ${p.label} (${timeLeft(p.remainingMs)})`;
}

/**
 * "3/24: hex 11, bpr (about 40 s left)" for step `index` (0-based) of
 * `total`: the time left from the work done so far, in whatever unit of cost
 * the caller weighs its steps by (unknown before any is done).
 */
export function costStepText(
  index: number,
  total: number,
  label: string,
  elapsedMs: number,
  costDone: number,
  costLeft: number,
): string {
  return `${index + 1}/${total}: ${label} (${timeLeft(costDone > 0 ? (elapsedMs / costDone) * costLeft : null)})`;
}
