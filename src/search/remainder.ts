/**
 * x mod n for a 32-bit unsigned x (a draw of randomStream) and 0 < n < 2^15,
 * in small integers: x itself may pass 2^31, and the remainder of such a
 * number is a floating-point one, several times slower (most of a
 * shuffle's time, profiled). The same value as x % n.
 */
export function remainder(x: number, n: number): number {
  return ((((x >>> 16) % n) << 16) + (x & 0xffff)) % n;
}
