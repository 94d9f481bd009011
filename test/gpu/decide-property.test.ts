// Property: random batches of random size (up to 10⁴ boards), random game and
// board size, random fullness, decided on the GPU by every kernel variant,
// equal union-find on the CPU board for board.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { GameKind, MAX_SIZE, geometryOf } from '../../src/game/geometry.js';
import { GPU_KERNELS } from '../../src/eval/types.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import { gpuAvailability, useTestEvaluators } from '../helpers/gpu-harness.js';
import { randomCells, testRandom } from '../helpers/boards.js';

const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`random batches decided on the GPU ${gpu.reason}`, () => {
  const evaluators = useTestEvaluators({}, { subgroups: false, boardsPerInvocation: 3 });

  test('every kernel agrees with union-find', async () => {
    const batch = fc.record({
      game: fc.constantFrom(GameKind.Hex, GameKind.Y),
      size: fc.integer({ min: 1, max: 32 }),
      count: fc.integer({ min: 1, max: 10_000 }),
      emptyShare: fc.constantFrom(0, 0, 0.1, 0.5),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(batch, async ({ game, size, count, emptyShare, seed }) => {
        const n = Math.min(size, MAX_SIZE[game]);
        const g = geometryOf(game, n);
        // Big boards cost SwiftShader (a CPU) the most: keep their batches smaller.
        const boards = Math.min(count, Math.floor(1_500_000 / g.cellCount));
        const random = testRandom(seed);
        const cells = Array.from({ length: boards }, () => randomCells(g, emptyShare, random));
        const uf = weightedUnionFind.create(g);
        const want = cells.map((b) => uf.winner(b));
        for (const evaluator of evaluators) {
          for (const kernel of GPU_KERNELS) {
            const got = await evaluator().decide(g, cells, { kernel });
            expect(got, `${evaluator().variantOf(kernel)} on ${boards} boards of ${game} ${n}`).toEqual(want);
          }
        }
      }),
      { numRuns: 8, seed: 20121, endOnFailure: true },
    );
  }, 180_000);
});
