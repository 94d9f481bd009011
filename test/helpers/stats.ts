/** Small statistics helpers for the tests' goodness-of-fit checks. */

/**
 * Upper critical value of chi-square with k degrees of freedom at
 * significance alpha = 1e-4 (z = 3.719), by the Wilson–Hilferty cube
 * approximation, which is accurate to a few percent for k ≥ 3.
 */
export function chiSquareCritical(k: number, z = 3.719): number {
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

export function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i] as number;
    s += ((observed[i] as number) - e) ** 2 / e;
  }
  return s;
}
