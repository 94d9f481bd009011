// Given boards, full or partial, decided on the GPU without a fill (the
// `winner --backend webgpu` path), on every kernel, equal the CPU's winners.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import type { GpuKernel } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { oracleWinner } from '../helpers/oracle.js';
import { gpuAvailability, openTestEvaluator } from '../helpers/gpu-harness.js';
import { randomCells, testRandom } from '../helpers/boards.js';

const gpu = await gpuAvailability();
const CASES: [GameKind, number][] = [
  [GameKind.Hex, 1],
  [GameKind.Hex, 2],
  [GameKind.Hex, 5],
  [GameKind.Hex, 11],
  [GameKind.Hex, 16],
  [GameKind.Hex, 31],
  [GameKind.Y, 1],
  [GameKind.Y, 4],
  [GameKind.Y, 11],
  [GameKind.Y, 17],
  [GameKind.Y, 32],
];

describe.skipIf(!gpu.available)(`deciding given boards on the GPU ${gpu.reason}`, () => {
  let evaluators: WebGpuEvaluator[] = [];
  let errors: string[][] = [];
  beforeAll(async () => {
    const opened = [await openTestEvaluator(), await openTestEvaluator({ subgroups: false, boardsPerInvocation: 2 })];
    evaluators = opened.map((o) => o.evaluator);
    errors = opened.map((o) => o.errors);
  });
  afterAll(() => {
    for (const e of evaluators) e.destroy();
    expect(errors.flat()).toEqual([]);
  });

  test.each(CASES)('%s %i: full, partial and empty boards', async (game, n) => {
    const g = geometryOf(game, n);
    const random = testRandom(n * 13);
    // 100 boards: a bitsliced invocation's last group of 32 is partly empty.
    const boards = Array.from({ length: 100 }, (_, k) =>
      randomCells(g, k % 3 === 0 ? 0 : k % 3 === 1 ? 0.3 : 0.9, random),
    );
    boards.push(new Uint8Array(g.cellCount));
    const test = weightedUnionFind.create(g);
    const want = boards.map((b) => test.winner(b));
    expect(want).toEqual(boards.map((b) => oracleWinner(game, n, b)));
    for (const evaluator of evaluators) {
      for (const kernel of ['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill'] as GpuKernel[]) {
        expect(await evaluator.decide(g, boards, { kernel }), `${evaluator.variantOf(kernel)}`).toEqual(want);
      }
    }
  });
});
