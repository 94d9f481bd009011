/** The search's own seeded randomness: the order in which a node's moves are expanded. */
import { remainder } from '../remainder.js';

/** A small seeded generator (xorshift32). */
export function randomStream(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** Shuffles `items` in place (Fisher–Yates) with `next`'s draws, and returns it. */
export function shuffled<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = remainder(next(), i + 1);
    const item = items[i] as T;
    items[i] = items[j] as T;
    items[j] = item;
  }
  return items;
}
