/** H-search's bounds on its work, and the widths the tree's nodes may use. */
/** Bounds on the work; the defaults are what the search uses. */
export interface HSearchLimits {
  /** Full connections kept per pair of points. */
  readonly fullPerPair: number;
  /** Semi-connections kept per pair of points. */
  readonly semiPerPair: number;
  /** How many semi-connections, the new one included, the OR rule may combine. */
  readonly orDepth: number;
}

export const DEFAULT_H_SEARCH_LIMITS: HSearchLimits = { fullPerPair: 8, semiPerPair: 12, orDepth: 3 };

/** The limits of a width W: W full connections per pair and half as many again semi-connections; the defaults are width 8. */
export function hSearchLimitsOfWidth(width: number): HSearchLimits {
  return width === DEFAULT_H_SEARCH_LIMITS.fullPerPair
    ? DEFAULT_H_SEARCH_LIMITS
    : { fullPerPair: width, semiPerPair: Math.ceil(1.5 * width), orDepth: DEFAULT_H_SEARCH_LIMITS.orDepth };
}

/** Whether two bounds are the same. */
export function sameLimits(a: HSearchLimits, b: HSearchLimits): boolean {
  return a.fullPerPair === b.fullPerPair && a.semiPerPair === b.semiPerPair && a.orDepth === b.orDepth;
}
