// Batch sizes that cross every edge where the kernels pack boards: 1, 31,
// 32, 33, 127, 128, 129, a subgroup's 32·S ± 1, a workgroup's worth ± 1, and
// a few thousand that is a multiple of nothing. Every kernel variant, Hex and
// Y, u32 columns and u32-pair columns, for decide (given boards) and
// evaluate (playouts), against union-find on the CPU. Issue 7: the ballot
// kernel decided only the first 32·S boards of each workgroup.
import { beforeAll, describe, expect, test } from 'vitest';
import { Color, type Winner } from '../../src/game/color.js';
import { type Cells, GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { ballotWorkgroupSize } from '../../src/gpu/ballot-packing.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import type { GpuKernel, PositionResult } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import { gpuAvailability, useTestEvaluators } from '../helpers/gpu-harness.js';
import { randomCells, testRandom } from '../helpers/boards.js';

const gpu = await gpuAvailability();
const WORKGROUP = 64;
const MANY = 4099; // prime
// u32 columns up to Hex 15 and Y 16; u32 pairs above.
const GEOMETRIES: Geometry[] = [
  geometryOf(GameKind.Hex, 11),
  geometryOf(GameKind.Hex, 16),
  geometryOf(GameKind.Y, 11),
  geometryOf(GameKind.Y, 17),
];

function itemsPerWorkgroup(evaluator: WebGpuEvaluator, kernel: GpuKernel, boardsPerInvocation: number): number {
  if (kernel !== 'bitsliced' && kernel !== 'bitsliced-unrolled') return WORKGROUP * boardsPerInvocation;
  const lanes =
    evaluator.variantOf(kernel) === 'bitsliced-ballot'
      ? ballotWorkgroupSize(WORKGROUP, evaluator.context.subgroupMaxSize)
      : WORKGROUP;
  return lanes * 32;
}

/** The batch sizes at which `kernel` on `evaluator` changes how it packs boards. */
function edgeSizes(evaluator: WebGpuEvaluator, kernel: GpuKernel, boardsPerInvocation: number): number[] {
  const subgroupSlots = 32 * Math.max(1, evaluator.context.subgroupMaxSize);
  const workgroup = itemsPerWorkgroup(evaluator, kernel, boardsPerInvocation);
  const sizes = [
    1,
    31,
    32,
    33,
    127,
    128,
    129,
    subgroupSlots - 1,
    subgroupSlots + 1,
    workgroup - 1,
    workgroup,
    workgroup + 1,
    MANY,
  ];
  return [...new Set(sizes)].filter((n) => n >= 1 && n <= MANY).sort((a, b) => a - b);
}

interface Variant {
  readonly name: string;
  readonly kernel: GpuKernel;
  readonly evaluator: () => WebGpuEvaluator;
  readonly boardsPerInvocation: number;
}

describe.skipIf(!gpu.available)(`batch sizes across packing edges ${gpu.reason}`, () => {
  const [withSubgroups, withoutSubgroups] = useTestEvaluators({}, { subgroups: false, boardsPerInvocation: 2 });
  const variants: Variant[] = [
    { name: 'bpr', kernel: 'bpr', evaluator: withSubgroups, boardsPerInvocation: 1 },
    { name: 'bpr, 2 boards an invocation', kernel: 'bpr', evaluator: withoutSubgroups, boardsPerInvocation: 2 },
    { name: 'bitsliced with subgroupBallot', kernel: 'bitsliced', evaluator: withSubgroups, boardsPerInvocation: 1 },
    { name: 'bitsliced without subgroups', kernel: 'bitsliced', evaluator: withoutSubgroups, boardsPerInvocation: 2 },
    {
      name: 'bitsliced-unrolled (bitsliced-lanes on Hex 16)',
      kernel: 'bitsliced-unrolled',
      evaluator: withoutSubgroups,
      boardsPerInvocation: 2,
    },
    { name: 'floodfill', kernel: 'floodfill', evaluator: withSubgroups, boardsPerInvocation: 1 },
    {
      name: 'floodfill, 2 boards an invocation',
      kernel: 'floodfill',
      evaluator: withoutSubgroups,
      boardsPerInvocation: 2,
    },
  ];

  // Per geometry, MANY boards (mostly full, every fourth partial) and the
  // playouts of one partial position; a batch of n is the first n of them,
  // since a playout's name (seed, position, playout) does not depend on n.
  const boards = new Map<Geometry, { cells: Cells[]; want: Winner[] }>();
  const playouts = new Map<Geometry, { cells: Cells; want: PositionResult }>();
  beforeAll(async () => {
    const cpu = createCpuEvaluator(weightedUnionFind);
    for (const g of GEOMETRIES) {
      const random = testRandom(g.cellCount);
      const cells = Array.from({ length: MANY }, (_, k) => randomCells(g, k % 4 === 3 ? 0.4 : 0, random));
      const test = weightedUnionFind.create(g);
      boards.set(g, { cells, want: cells.map((b) => test.winner(b)) });
      const start = randomCells(g, 0.7, random);
      const { results } = await cpu.evaluate([{ geometry: g, cells: start, toMove: Color.White }], {
        playouts: MANY,
        seed: 7,
        winners: true,
      });
      playouts.set(g, { cells: start, want: results[0] as PositionResult });
    }
  }, 120_000);

  describe.each(GEOMETRIES.map((g) => [`${g.game} ${g.size}`, g] as const))('%s', (_, g) => {
    test.each(variants.map((v) => [v.name, v] as const))('decide, %s', async (__, v) => {
      const { cells, want } = boards.get(g) as { cells: Cells[]; want: Winner[] };
      for (const n of edgeSizes(v.evaluator(), v.kernel, v.boardsPerInvocation)) {
        const got = await v.evaluator().decide(g, cells.slice(0, n), { kernel: v.kernel });
        expect(got, `${n} boards`).toEqual(want.slice(0, n));
      }
    });

    test.each(variants.map((v) => [v.name, v] as const))('evaluate, %s', async (__, v) => {
      const { cells, want } = playouts.get(g) as { cells: Cells; want: PositionResult };
      const wantWinners = want.winners as Uint8Array;
      for (const n of edgeSizes(v.evaluator(), v.kernel, v.boardsPerInvocation)) {
        const { results } = await v.evaluator().evaluate([{ geometry: g, cells, toMove: Color.White }], {
          playouts: n,
          seed: 7,
          winners: true,
          kernel: v.kernel,
        });
        const got = results[0] as PositionResult;
        const prefix = wantWinners.subarray(0, n);
        expect(got.winners, `${n} playouts`).toEqual(prefix);
        expect(got.blackWins, `${n} playouts`).toBe(prefix.filter((w) => w === Color.Black).length);
        expect(got.whiteWins, `${n} playouts`).toBe(n - got.blackWins);
      }
    });
  });
});
