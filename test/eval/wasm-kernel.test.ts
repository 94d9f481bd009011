// The WebAssembly SIMD kernel against its JavaScript twin (cpu-fused.ts),
// itself checked against union-find in cpu-fused.test.ts: the same seeds give
// the same winners, win counts, ownership and black-owned counts, bit for
// bit, at every board size, in both fills, from empty, partial and full
// positions, for chunks that start and end anywhere (part-filled 128-board
// words, playout names near 2³²), and whether the exact fill's draws were
// drawn ahead or drawn one block at a time.
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { makeFusedPlayer } from '../../src/eval/cpu/fused.js';
import { makeWasmFusedPlayer } from '../../src/eval/cpu/fused-wasm.js';
import { type PlayoutJob, packPositions } from '../../src/eval/cpu/job.js';
import type { Chunk, ChunkResult } from '../../src/eval/cpu/playouts.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { loadWasmKernel } from '../../src/eval/cpu/wasm-kernel.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import type { EvalPosition } from '../../src/eval/types.js';
import { randomCells, testRandom } from '../helpers/boards.js';

const SIZES: readonly (readonly [GameKind, number])[] = [
  ...Array.from({ length: 31 }, (_, i) => [GameKind.Hex, i + 1] as const),
  ...Array.from({ length: 32 }, (_, i) => [GameKind.Y, i + 1] as const),
];

interface TestPosition {
  readonly cells: Uint8Array;
  readonly toMove: Player;
}

/** Empty, partly filled at three densities (either side to move), and full. */
function positionsFor(g: Geometry, seed: number): TestPosition[] {
  const random = testRandom(seed);
  return [
    { cells: new Uint8Array(g.cellCount), toMove: Color.Black },
    { cells: randomCells(g, 0.8, random), toMove: Color.White },
    { cells: randomCells(g, 0.5, random, 0.7), toMove: Color.Black },
    { cells: randomCells(g, 0.1, random), toMove: Color.White },
    { cells: randomCells(g, 0, random), toMove: Color.Black },
  ];
}

function jobOf(g: Geometry, positions: readonly TestPosition[], seed: number, fill: FillKind): PlayoutJob {
  return {
    game: g.game,
    size: g.size,
    ...packPositions(positions, g.cellCount),
    seed,
    fill,
    ownership: true,
    winners: true,
    method: 'bitsliced',
  };
}

function same(wasm: ChunkResult, js: ChunkResult): void {
  expect([wasm.blackWins, wasm.whiteWins]).toEqual([js.blackWins, js.whiteWins]);
  expect(wasm.winners).toEqual(js.winners);
  expect(wasm.ownership).toEqual(js.ownership);
  expect(wasm.blackOwned).toEqual(js.blackOwned);
}

describe('the wasm-simd kernel plays what the JavaScript kernel plays', () => {
  // Chunks inside one 128-board word, across words, longer than one, and at the top of the u32 playout range.
  const CHUNKS: readonly (readonly [number, number, number])[] = [
    [0, 0, 300],
    [1, 5, 6],
    [2, 40, 169],
    [3, 127, 257],
    [4, 3, 50],
    [1, 2 ** 32 - 140, 2 ** 32 - 1],
  ];
  for (const [game, size] of SIZES) {
    test(`${game} ${size}: both fills, empty to full positions`, async () => {
      const kernel = await loadWasmKernel();
      const g = geometryOf(game, size);
      const positions = positionsFor(g, size * 2 + (game === GameKind.Y ? 1 : 0));
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const job = jobOf(g, positions, 1000 + size, fill);
        const js = makeFusedPlayer(g, job);
        const wasm = makeWasmFusedPlayer(g, job, kernel);
        for (const [position, first, end] of CHUNKS) same(wasm({ position, first, end }), js({ position, first, end }));
      }
    });
  }

  // Every draw past the coins drawn one block at a time (none ahead), one ahead, and the most ahead.
  for (const [game, size] of [
    [GameKind.Hex, 3],
    [GameKind.Hex, 8],
    [GameKind.Hex, 11],
    [GameKind.Hex, 12],
    [GameKind.Hex, 19],
    [GameKind.Hex, 31],
    [GameKind.Y, 15],
    [GameKind.Y, 16],
    [GameKind.Y, 32],
  ] as const) {
    test(`${game} ${size}: the exact fill's draws, drawn ahead or not, correct alike`, async () => {
      const kernel = await loadWasmKernel();
      const g = geometryOf(game, size);
      const positions = positionsFor(g, size + 77);
      const job = jobOf(g, positions, 9, FillKind.Exact);
      const js = makeFusedPlayer(g, job);
      for (const drawsAhead of [0, 1, kernel.maxDraws]) {
        const wasm = makeWasmFusedPlayer(g, job, kernel, { drawsAhead });
        for (const position of [0, 1, 2])
          same(wasm({ position, first: 11, end: 11 + 256 }), js({ position, first: 11, end: 11 + 256 }));
      }
    });
  }

  test('two players sharing one kernel take turns: each sets its own position again', async () => {
    const kernel = await loadWasmKernel();
    const hex = geometryOf(GameKind.Hex, 9);
    const y = geometryOf(GameKind.Y, 12);
    const hexJob = jobOf(hex, positionsFor(hex, 5), 3, FillKind.Exact);
    const yJob = jobOf(y, positionsFor(y, 6), 4, FillKind.Coin);
    const [hexWasm, yWasm] = [makeWasmFusedPlayer(hex, hexJob, kernel), makeWasmFusedPlayer(y, yJob, kernel)];
    const [hexJs, yJs] = [makeFusedPlayer(hex, hexJob), makeFusedPlayer(y, yJob)];
    for (const chunk of [
      { position: 1, first: 0, end: 200 },
      { position: 1, first: 200, end: 333 },
      { position: 2, first: 0, end: 64 },
    ]) {
      same(hexWasm(chunk), hexJs(chunk));
      same(yWasm(chunk), yJs(chunk));
    }
  });

  test('random positions, seeds and chunks, Hex up to 31 and Y up to 32 (fast-check)', async () => {
    const kernel = await loadWasmKernel();
    fc.assert(
      fc.property(
        fc.constantFrom(...SIZES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.constantFrom(FillKind.Exact, FillKind.Coin),
        fc.constantFrom(Color.Black, Color.White),
        fc.integer({ min: 0, max: 2 ** 32 - 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        ([game, size], emptyShare, seed, fill, toMove, first, count, boardSeed) => {
          const g = geometryOf(game, size);
          const positions = [{ cells: randomCells(g, emptyShare, testRandom(boardSeed)), toMove: toMove as Player }];
          const job = jobOf(g, positions, seed, fill);
          const chunk: Chunk = { position: 0, first, end: first + count };
          same(makeWasmFusedPlayer(g, job, kernel)(chunk), makeFusedPlayer(g, job)(chunk));
        },
      ),
      { numRuns: 150 },
    );
  });

  test("its answers are union-find's on the boards fillPlayout fills (an oracle outside both kernels)", async () => {
    const kernel = await loadWasmKernel();
    for (const [game, size] of [
      [GameKind.Hex, 11],
      [GameKind.Y, 11],
      [GameKind.Hex, 19],
    ] as const) {
      const g = geometryOf(game, size);
      const uf = weightedUnionFind.create(g);
      const positions = positionsFor(g, 31).slice(0, 3);
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const wasm = makeWasmFusedPlayer(g, jobOf(g, positions, 17, fill), kernel);
        for (const [p, position] of positions.entries()) {
          const r = wasm({ position: p, first: 100, end: 300 });
          const board = new Uint8Array(g.cellCount);
          for (let q = 100; q < 300; q++) {
            fillPlayout(position.cells, position.toMove, { seed: 17, position: p, playout: q }, fill, board);
            expect(r.winners?.[q - 100]).toBe(uf.winner(board));
          }
        }
      }
    }
  });
});

describe('the CPU evaluator on either kernel', () => {
  const g = geometryOf(GameKind.Hex, 7);
  const random = testRandom(8);
  const positions: EvalPosition[] = Array.from({ length: 300 }, (_, i) => ({
    geometry: g,
    cells: randomCells(g, 0.3 + (i % 7) / 10, random),
    toMove: (i % 2 === 0 ? Color.Black : Color.White) as Player,
  }));

  for (const workers of [0, 2]) {
    test(`many positions of few playouts each, ${workers === 0 ? 'on this thread' : 'on two workers'}: the same results`, async () => {
      const wasm = createCpuEvaluator(undefined, { workers, kernel: 'wasm-simd' });
      const js = createCpuEvaluator(undefined, { workers, kernel: 'js' });
      try {
        expect(wasm.description).toBe('CPU, method bitsliced, kernel wasm-simd');
        expect(js.description).toBe('CPU, method bitsliced, kernel js');
        for (const fill of [FillKind.Exact, FillKind.Coin]) {
          const options = { playouts: 5, seed: 44, fill, ownership: true, winners: true };
          const [a, b] = await Promise.all([wasm.evaluate(positions, options), js.evaluate(positions, options)]);
          expect(a.results).toEqual(b.results);
        }
      } finally {
        wasm.destroy();
        js.destroy();
      }
    });
  }

  test('the default is the wasm-simd kernel where the runtime has WebAssembly SIMD (Node does)', () => {
    const evaluator = createCpuEvaluator();
    expect(evaluator.description).toBe('CPU, method bitsliced, kernel wasm-simd');
    evaluator.destroy();
  });
});

describe('where WebAssembly SIMD is missing', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function withoutSimd() {
    // A runtime without SIMD fails to validate the kernel's module.
    vi.stubGlobal('WebAssembly', { ...WebAssembly, validate: () => false });
    vi.resetModules();
    return import('../../src/eval/cpu/backend.js');
  }

  test("'auto' plays in JavaScript, and the description says why", async () => {
    const { createCpuEvaluator: create } = await withoutSimd();
    const evaluator = create(undefined, { workers: 0 });
    try {
      expect(evaluator.description).toBe('CPU, method bitsliced, kernel js (no WebAssembly SIMD here)');
      const position = { geometry: g5(), cells: new Uint8Array(25), toMove: Color.Black as Player };
      const r = await evaluator.evaluate([position], { playouts: 100, seed: 1 });
      const reference = createCpuEvaluator(undefined, { workers: 0, kernel: 'wasm-simd' });
      expect(r.results).toEqual((await reference.evaluate([position], { playouts: 100, seed: 1 })).results);
      reference.destroy();
    } finally {
      evaluator.destroy();
    }
  });

  test("asking for 'wasm-simd' there is an error that says what to use", async () => {
    const { createCpuEvaluator: create } = await withoutSimd();
    expect(() => create(undefined, { kernel: 'wasm-simd' })).toThrow(/needs WebAssembly SIMD.*use kernel auto or js/);
  });
});

function g5(): Geometry {
  return geometryOf(GameKind.Hex, 5);
}
