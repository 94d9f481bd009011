// The CPU backend's chunk queue, which workers and the calling thread take
// from in turn: whatever sizes they ask for, every playout of every position
// is taken exactly once, in order, and no take exceeds its ask unless one
// playout would.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ChunkQueue, chunksOf } from '../src/eval/cpu-playouts.js';

test('takes of any sizes cover the request once, in order, each within its ask', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 300 }), fc.array(fc.integer({ min: 1, max: 900 }), { minLength: 1, maxLength: 20 }), (positions, playouts, size, asks) => {
      const queue = new ChunkQueue(chunksOf(positions, playouts, size));
      const seen: [number, number][] = [];
      for (let i = 0; !queue.empty; i++) {
        const ask = asks[i % asks.length] as number;
        const taken = queue.take(ask);
        expect(taken.length).toBeGreaterThan(0);
        const count = taken.reduce((n, c) => n + c.end - c.first, 0);
        expect(count).toBeLessThanOrEqual(Math.max(ask, 1));
        for (const c of taken) {
          expect(c.end).toBeGreaterThan(c.first);
          expect(c.end - c.first).toBeLessThanOrEqual(size);
          for (let q = c.first; q < c.end; q++) seen.push([c.position, q]);
        }
      }
      expect(queue.take(1)).toEqual([]);
      const expected = Array.from({ length: positions * playouts }, (_, k) => [Math.floor(k / playouts), k % playouts]);
      expect(seen).toEqual(expected);
    }),
  );
});

test('whole chunks travel together while they fit; a larger first chunk is cut to the ask', () => {
  const queue = new ChunkQueue(chunksOf(3, 128, 1000));
  expect(queue.take(300)).toEqual([
    { position: 0, first: 0, end: 128 },
    { position: 1, first: 0, end: 128 },
  ]);
  expect(queue.take(64)).toEqual([{ position: 2, first: 0, end: 64 }]);
  expect(queue.take(1000)).toEqual([{ position: 2, first: 64, end: 128 }]);
  expect(queue.empty).toBe(true);
});
