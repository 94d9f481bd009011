/**
 * Counter-based random numbers from 32-bit operations only, so that the WGSL
 * twin (shaders/rng.wgsl) yields the very same words.
 *
 * A playout is named by (seed, position, playout). Its stream is the sequence
 * of u32 words w[0], w[1], …; block k = pcg4d(seed, position, playout, k)
 * gives words 4k … 4k+3. pcg4d is the 4-D hash of Jarzynski & Olano, "Hash
 * Functions for GPU Rendering" (JCGT 2020), applied twice here so that
 * neighbouring names and counters decorrelate fully.
 */

export interface PlayoutKey {
  readonly seed: number;
  readonly position: number;
  readonly playout: number;
}

/** Writes block `counter` of the stream named by key into out[0..3]. */
export function pcgBlock(seed: number, position: number, playout: number, counter: number, out: Uint32Array): void {
  let x = seed >>> 0;
  let y = position >>> 0;
  let z = playout >>> 0;
  let w = counter >>> 0;
  for (let round = 0; round < 2; round++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    y = (Math.imul(y, 1664525) + 1013904223) >>> 0;
    z = (Math.imul(z, 1664525) + 1013904223) >>> 0;
    w = (Math.imul(w, 1664525) + 1013904223) >>> 0;
    x = (x + Math.imul(y, w)) >>> 0;
    y = (y + Math.imul(z, x)) >>> 0;
    z = (z + Math.imul(x, y)) >>> 0;
    w = (w + Math.imul(y, z)) >>> 0;
    x ^= x >>> 16;
    y ^= y >>> 16;
    z ^= z >>> 16;
    w ^= w >>> 16;
    x = (x + Math.imul(y, w)) >>> 0;
    y = (y + Math.imul(z, x)) >>> 0;
    z = (z + Math.imul(x, y)) >>> 0;
    w = (w + Math.imul(y, z)) >>> 0;
  }
  out[0] = x;
  out[1] = y;
  out[2] = z;
  out[3] = w;
}

/** The words of one playout's stream, read in order. */
export class PlayoutStream {
  private readonly block = new Uint32Array(4);
  private next = 4;
  private counter = 0;

  constructor(private readonly key: PlayoutKey) {}

  /** The stream's next 32-bit word. */
  word(): number {
    if (this.next === 4) {
      pcgBlock(this.key.seed, this.key.position, this.key.playout, this.counter++, this.block);
      this.next = 0;
    }
    return this.block[this.next++] as number;
  }
}

/**
 * A uniform index below m (1 ≤ m ≤ 2^16): the high half of r·m, computed from
 * 16-bit halves of r so that 32-bit WGSL gets the same result.
 */
export function uniformBelow(r: number, m: number): number {
  const hi = (r >>> 16) * m;
  const lo = ((r & 0xffff) * m) >>> 16;
  return (hi + lo) >>> 16;
}
