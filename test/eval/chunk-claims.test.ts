// The CPU backend's chunk claims, which workers and the calling thread draw
// from: whatever order the claimers take turns in, every playout of every
// position is claimed exactly once, no chunk is longer than the plan's
// size, and after close() no one claims another; across real threads too.
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { ChunkClaims } from '../../src/eval/cpu/playouts.js';

function playoutsOf(chunks: readonly { position: number; first: number; end: number }[]): string[] {
  return chunks.flatMap((c) => Array.from({ length: c.end - c.first }, (_, k) => `${c.position}:${c.first + k}`));
}

test('claimers taking turns in any order claim every playout once, in chunks of at most the size', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 1, max: 700 }),
      fc.integer({ min: 1, max: 300 }),
      fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 40 }),
      (positions, playouts, size, turns) => {
        const claims = new ChunkClaims({ positions, playouts, size });
        const byClaimer: { position: number; first: number; end: number }[][] = [[], [], []];
        for (let i = 0; ; i++) {
          const chunk = claims.claim();
          if (chunk === null) break;
          expect(chunk.end).toBeGreaterThan(chunk.first);
          expect(chunk.end - chunk.first).toBeLessThanOrEqual(size);
          byClaimer[turns[i % turns.length] as number]?.push(chunk);
        }
        expect(claims.claim()).toBeNull();
        const claimed = playoutsOf(byClaimer.flat()).sort();
        const expected = Array.from(
          { length: positions * playouts },
          (_, k) => `${Math.floor(k / playouts)}:${k % playouts}`,
        ).sort();
        expect(claimed).toEqual(expected);
        expect(claims.total).toBe(positions * Math.ceil(playouts / size));
      },
    ),
  );
});

test('after close() nothing more is claimed', () => {
  const claims = new ChunkClaims({ positions: 2, playouts: 100, size: 32 });
  expect(claims.claim()).toEqual({ position: 0, first: 0, end: 32 });
  claims.close();
  expect(claims.claim()).toBeNull();
});

test('a request of 2³² − 1 playouts is numbered, not listed: its last chunk is found at once', () => {
  const claims = new ChunkClaims({ positions: 3, playouts: 2 ** 32 - 1, size: 704 });
  expect(claims.total).toBe(3 * Math.ceil((2 ** 32 - 1) / 704));
  expect(claims.chunk(claims.total - 1)).toEqual({
    position: 2,
    first: (Math.ceil((2 ** 32 - 1) / 704) - 1) * 704,
    end: 2 ** 32 - 1,
  });
});

test('bad plans are refused', () => {
  expect(() => new ChunkClaims({ positions: 1, playouts: 10, size: 0 })).toThrow(RangeError);
  expect(() => new ChunkClaims({ positions: 1, playouts: 0, size: 32 })).toThrow(RangeError);
});

test('threads claiming from one shared counter at once claim each chunk exactly once', async () => {
  const claims = ChunkClaims.shared({ positions: 7, playouts: 10_000, size: 3 });
  // Each thread claims as fast as it can and reports the chunk numbers it got.
  const script = `
    const { parentPort, workerData } = require('node:worker_threads');
    const got = [];
    while (true) {
      const i = Number(Atomics.add(workerData.counter, 0, 1n));
      if (i >= workerData.total) break;
      got.push(i);
    }
    parentPort.postMessage(got);
  `;
  const threads = [0, 1, 2].map(
    () => new Worker(script, { eval: true, workerData: { counter: claims.counter, total: claims.total } }),
  );
  const here: number[] = [];
  for (let chunk = claims.claim(); chunk !== null; chunk = claims.claim())
    here.push(chunk.position * Math.ceil(10_000 / 3) + chunk.first / 3);
  const there = await Promise.all(threads.map((t) => new Promise<number[]>((resolve) => t.once('message', resolve))));
  await Promise.all(threads.map((t) => t.terminate()));
  const all = [...here, ...there.flat()].sort((a, b) => a - b);
  expect(all).toEqual(Array.from({ length: claims.total }, (_, i) => i));
});
