/**
 * The sets of cells H-search works with, one bit each, side by side in one
 * growing Uint32Array: the first `reserved` are scratch sets, each after
 * them the carrier of a connection, with its size, key and whether it
 * lives. A set is known by its number n and lies at n × words. H-search
 * makes and tests very many small sets; one array spares it an object, and
 * garbage, for each, and keeps them close in memory.
 */
import { popcount as wordPopcount } from '../../fill/fill.js';

/** subset and intersects take four words a step, with one branch: each set is padded to a multiple of four (Hex 11's 121 cells, one step). */
const STEP = 4;

export class CarrierPool {
  /** 32-bit words per set, a multiple of STEP. */
  readonly words: number;
  protected bits: Uint32Array;
  /** Per connection: how many cells its carrier holds. */
  protected sizes: Int32Array;
  /** Per connection: a semi-connection's key. */
  protected keys: Int32Array;
  /** Per connection: 1 while it lives, 0 once dropped. */
  protected alive: Uint8Array;
  private count: number;

  constructor(cellCount: number, reserved: number) {
    this.words = Math.ceil(cellCount / (32 * STEP)) * STEP;
    this.count = reserved;
    // Room for what a middle-game board makes, so that growing is rare.
    const capacity = reserved + 64 * cellCount;
    this.bits = new Uint32Array(capacity * this.words);
    this.sizes = new Int32Array(capacity);
    this.keys = new Int32Array(capacity);
    this.alive = new Uint8Array(capacity);
  }

  /** A new connection, living, its carrier a copy of set `set`. */
  protected store(set: number, size: number, key: number): number {
    const made = this.count++;
    if (made >= this.sizes.length) this.grow();
    this.copy(made, set);
    this.sizes[made] = size;
    this.keys[made] = key;
    this.alive[made] = 1;
    return made;
  }

  private grow(): void {
    const capacity = this.sizes.length * 2;
    const bits = new Uint32Array(capacity * this.words);
    bits.set(this.bits);
    this.bits = bits;
    const sizes = new Int32Array(capacity);
    sizes.set(this.sizes);
    this.sizes = sizes;
    const keys = new Int32Array(capacity);
    keys.set(this.keys);
    this.keys = keys;
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
  }

  /** Whether set `a` lies inside set `b`. */
  protected subset(a: number, b: number): boolean {
    const { bits, words } = this;
    const at = a * words;
    const bt = b * words;
    for (let i = 0; i < words; i += STEP) {
      const out =
        ((bits[at + i] as number) & ~(bits[bt + i] as number)) |
        ((bits[at + i + 1] as number) & ~(bits[bt + i + 1] as number)) |
        ((bits[at + i + 2] as number) & ~(bits[bt + i + 2] as number)) |
        ((bits[at + i + 3] as number) & ~(bits[bt + i + 3] as number));
      if (out !== 0) return false;
    }
    return true;
  }

  protected intersects(a: number, b: number): boolean {
    const { bits, words } = this;
    const at = a * words;
    const bt = b * words;
    for (let i = 0; i < words; i += STEP) {
      const both =
        ((bits[at + i] as number) & (bits[bt + i] as number)) |
        ((bits[at + i + 1] as number) & (bits[bt + i + 1] as number)) |
        ((bits[at + i + 2] as number) & (bits[bt + i + 2] as number)) |
        ((bits[at + i + 3] as number) & (bits[bt + i + 3] as number));
      if (both !== 0) return true;
    }
    return false;
  }

  /**
   * The index in `list` of its first set from `from` on with no cell of set
   * `set`, or list.length: a loop with no call in it, which the compiler
   * keeps tight, to pass over the many sets that do meet it.
   */
  protected nextDisjoint(list: readonly number[], from: number, set: number): number {
    let j = from;
    while (j < list.length && this.intersects(set, list[j] as number)) j++;
    return j;
  }

  /** Set `out` to `a` ∪ `b`. */
  protected orInto(out: number, a: number, b: number): void {
    const { bits, words } = this;
    const ot = out * words;
    const at = a * words;
    const bt = b * words;
    for (let i = 0; i < words; i++) bits[ot + i] = (bits[at + i] as number) | (bits[bt + i] as number);
  }

  /** Set `out` to `a` ∩ `b`; whether it holds a cell. */
  protected andInto(out: number, a: number, b: number): boolean {
    const { bits, words } = this;
    const ot = out * words;
    const at = a * words;
    const bt = b * words;
    let any = 0;
    for (let i = 0; i < words; i++) {
      const word = (bits[at + i] as number) & (bits[bt + i] as number);
      bits[ot + i] = word;
      any |= word;
    }
    return any !== 0;
  }

  protected copy(out: number, a: number): void {
    const { bits, words } = this;
    const ot = out * words;
    const at = a * words;
    for (let i = 0; i < words; i++) bits[ot + i] = bits[at + i] as number;
  }

  protected clear(out: number): void {
    this.bits.fill(0, out * this.words, (out + 1) * this.words);
  }

  protected popcount(a: number): number {
    const { bits, words } = this;
    const at = a * words;
    let count = 0;
    for (let i = 0; i < words; i++) count += wordPopcount(bits[at + i] as number);
    return count;
  }

  protected has(a: number, cell: number): boolean {
    return (((this.bits[a * this.words + (cell >>> 5)] as number) >>> (cell & 31)) & 1) === 1;
  }

  protected addCell(a: number, cell: number): void {
    const at = a * this.words + (cell >>> 5);
    this.bits[at] = (this.bits[at] as number) | (1 << (cell & 31));
  }

  /** The cells of set `a`, in order. */
  protected cellsOf(a: number): number[] {
    const { bits, words } = this;
    const out: number[] = [];
    for (let w = 0; w < words; w++) {
      for (let word = bits[a * words + w] as number; word !== 0; word &= word - 1)
        out.push(w * 32 + (31 - Math.clz32(word & -word)));
    }
    return out;
  }
}
