/**
 * The words a setting's value may be written in, and the one-line errors for
 * the rest: whole numbers and decimals within bounds, on/off and seconds.
 */
/** A value a setting cannot take; the message reads after the setting's name ("must be …") or after a colon. */
export class SettingValueError extends Error {}

/** A whole number in [min, max]. */
export interface WholeBound {
  readonly min: number;
  readonly max: number;
}

/** A decimal above `above` (not equal) or from `atLeast`, at most `max`. */
export type DecimalBound = { readonly max: number } & ({ readonly above: number } | { readonly atLeast: number });

const GROUPED = new Intl.NumberFormat('en-US');

export function wholeRangeText(bound: WholeBound): string {
  return `${GROUPED.format(bound.min)} to ${GROUPED.format(bound.max)}`;
}

export function decimalRangeText(bound: DecimalBound): string {
  return `${'above' in bound ? `above ${bound.above}` : `at least ${bound.atLeast}`}, at most ${bound.max}`;
}

/** Text as a quoted value in a message: one line, printable, not too long. */
export function quoted(text: string): string {
  const line = text.replace(/[^\x20-\x7e]/g, '?');
  return `"${line.length > 40 ? `${line.slice(0, 40)}…` : line}"`;
}

export function parseWhole(bound: WholeBound, text: string): number {
  const trimmed = text.trim();
  const n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < bound.min || n > bound.max)
    throw new SettingValueError(`must be a whole number from ${wholeRangeText(bound)}, not ${quoted(text)}`);
  return n;
}

export function parseDecimal(bound: DecimalBound, text: string): number {
  const trimmed = text.trim();
  const n = /^\d{1,9}(\.\d{1,9})?$|^\.\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const low = 'above' in bound ? n > bound.above : n >= bound.atLeast;
  if (!(low && n <= bound.max)) {
    throw new SettingValueError(
      `must be a number ${'above' in bound ? `above ${bound.above}` : `at least ${bound.atLeast}`} and at most ${bound.max}, not ${quoted(text)}`,
    );
  }
  return n;
}

/** The one on/off parser: on, true or 1; off, false or 0. */
export function parseOnOff(text: string): boolean {
  const value = ({ on: true, true: true, '1': true, off: false, false: false, '0': false } as Record<string, boolean>)[
    text.trim().toLowerCase()
  ];
  if (value === undefined) throw new SettingValueError(`must be on or off, not ${quoted(text)}`);
  return value;
}

export function formatOnOff(value: boolean): string {
  return value ? 'on' : 'off';
}

/** Seconds per move: a decimal from 0 to 999,999 with at most 3 places, 0 for no time limit (null). */
export function parseSeconds(text: string): number | null {
  const n = /^\d{1,6}(\.\d{1,3})?$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n))
    throw new SettingValueError(`must be a number of seconds from 0 to 999999 (0: no time limit), not ${quoted(text)}`);
  return n === 0 ? null : n;
}
