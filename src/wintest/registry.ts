/** Every win-test method, by name. */
import { bpr } from './bpr.js';
import { bprIncremental } from './bpr-incremental.js';
import { bprPacked } from './bpr-packed.js';
import { bitsliced } from './bitsliced.js';
import { components } from './components.js';
import { floodFill } from './floodfill.js';
import type { WinTestMethod } from './method.js';
import { pathFollowing } from './path.js';
import { unionFind, weightedUnionFind } from './union-find.js';

/** Every CPU win-test method, in the order `hexbatch methods` lists them. */
export const METHODS: readonly WinTestMethod[] = [
  bpr,
  bprPacked,
  bprIncremental,
  bitsliced,
  unionFind,
  weightedUnionFind,
  pathFollowing,
  floodFill,
  components,
];

export const DEFAULT_METHOD = 'bpr';

/** The methods' names. */
export function methodNames(): string[] {
  return METHODS.map((m) => m.name);
}

/** The method of that name; throws, listing the names, when there is none. */
export function methodByName(name: string): WinTestMethod {
  const m = METHODS.find((x) => x.name === name);
  if (!m) throw new Error(`unknown method "${name}" (expected one of: ${methodNames().join(', ')})`);
  return m;
}
