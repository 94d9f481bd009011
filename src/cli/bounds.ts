/**
 * Whole-number options with bounds a person can read in --help, checked
 * before any work starts: one declaration per option gives both the help
 * text and the check, so the two cannot drift apart.
 */
import { usageError } from './cli-error.js';

export interface Bound {
  /** As written on the command line, e.g. `--runs`. */
  readonly option: string;
  readonly min: number;
  readonly max: number;
}

const GROUPED = new Intl.NumberFormat('en-US');

/** "1 to 1,000". */
export function rangeText(bound: Bound): string {
  return `${GROUPED.format(bound.min)} to ${GROUPED.format(bound.max)}`;
}

/** The option's help: what it is, then its range. */
export function boundedHelp(bound: Bound, what: string): string {
  return `${what} (${rangeText(bound)})`;
}

/** The whole number `text` names, inside the bound, or a usage error naming the option. */
export function parseBounded(bound: Bound, text: string): number {
  const trimmed = text.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < bound.min || n > bound.max) {
    throw usageError(`${bound.option} must be a whole number from ${rangeText(bound)}, not "${text}"`);
  }
  return n;
}
