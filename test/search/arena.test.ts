// The arena (src/search/arena.ts) cuts the tree's small typed arrays from shared buffers: each must behave as a fresh array of its own.
import { expect, test } from 'vitest';
import { arenaCopy, arenaF32, arenaF64, arenaU32, arenaU8 } from '../../src/search/arena.js';

test('every array is zeroed, of its length, aligned for its type, and shares no element with another', () => {
  const made: { array: Uint8Array | Uint32Array | Float32Array | Float64Array; fill: number }[] = [];
  const makers = [arenaU8, arenaU32, arenaF32, arenaF64];
  // Enough arrays, of odd lengths, to pass several chunk boundaries, and one longer than a chunk.
  for (let i = 0; i < 3000; i++) {
    const length = i === 1500 ? 40_000 : (i * 37) % 131;
    const array = (makers[i % 4] as (n: number) => Uint8Array)(length);
    expect(array.length).toBe(length);
    expect(array.byteOffset % array.BYTES_PER_ELEMENT).toBe(0);
    expect(array.every((v) => v === 0)).toBe(true);
    array.fill((i % 200) + 1);
    made.push({ array, fill: (i % 200) + 1 });
  }
  for (const { array, fill } of made) expect(array.every((v) => v === fill)).toBe(true);
});

test("arenaCopy copies, and the copy is the caller's own", () => {
  const cells = Uint8Array.from([0, 1, 2, 1, 0]);
  const copy = arenaCopy(cells);
  expect([...copy]).toEqual([...cells]);
  copy[0] = 2;
  expect(cells[0]).toBe(0);
});
