/**
 * Small zeroed typed arrays cut from large buffers, for the tree and its
 * knowledge: a typed array with a buffer of its own costs as much to make
 * as a level of a descent, and a search made several a leaf (a node's
 * weights and priors, its reduced board, a leaf's cells), where a view of a
 * shared buffer costs a small part of that. A buffer is collected once no
 * array cut from it is left.
 *
 * Never transfer one of these arrays to another thread, or read its
 * `buffer`: that is the shared chunk, and other arrays live in it too.
 */

/** Bytes of each buffer the arrays are cut from. */
const CHUNK_BYTES = 1 << 16;

let chunk = new ArrayBuffer(CHUNK_BYTES);
let used = 0;

/** The offset of `bytes` fresh bytes aligned to `align` (a power of two) in `chunk`, taking a new chunk when this one is full. */
function take(bytes: number, align: number): number {
  let at = (used + align - 1) & ~(align - 1);
  if (at + bytes > chunk.byteLength) {
    chunk = new ArrayBuffer(Math.max(CHUNK_BYTES, bytes));
    at = 0;
  }
  used = at + bytes;
  return at;
}

/** A typed array type that can be cut from a buffer. */
interface ArrayType<T> {
  readonly BYTES_PER_ELEMENT: number;
  new (buffer: ArrayBuffer, offset: number, length: number): T;
}

/** `length` fresh elements of `Type`, aligned to its element. */
function cut<T>(Type: ArrayType<T>, length: number): T {
  const at = take(Type.BYTES_PER_ELEMENT * length, Type.BYTES_PER_ELEMENT);
  return new Type(chunk, at, length);
}

export const arenaU8 = (length: number): Uint8Array => cut(Uint8Array, length);
export const arenaU16 = (length: number): Uint16Array => cut(Uint16Array, length);
export const arenaU32 = (length: number): Uint32Array => cut(Uint32Array, length);
export const arenaF32 = (length: number): Float32Array => cut(Float32Array, length);
export const arenaF64 = (length: number): Float64Array => cut(Float64Array, length);

/** A copy of `cells` in the arena: Uint8Array.prototype.slice makes a buffer of its own. */
export function arenaCopy(cells: Readonly<Uint8Array>): Uint8Array {
  const copy = arenaU8(cells.length);
  copy.set(cells);
  return copy;
}
