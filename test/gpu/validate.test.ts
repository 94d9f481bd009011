// The validation run (GPU winners rebuilt and decided on the CPU), the
// `validate` command, and the GPU decider behind `winner --backend webgpu`.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { validateGpuAgainstCpu } from '../../src/jobs/validate-gpu.js';
import { createGpuDecider, parseGpuMethod } from '../../src/cli/gpu-winner.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import { gpuAvailability, useTestEvaluator, samplePositions } from '../helpers/gpu-harness.js';
import { randomCells, testRandom } from '../helpers/boards.js';

const gpu = await gpuAvailability();

async function runValidateCli(args: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const { code, out, err } = await runCliInProcess(['validate', ...args]);
  return { stdout: out, stderr: err, exitCode: code };
}

describe('the validate command refuses bad input with exit status 2', () => {
  test.each([
    [['--game', 'chess', '--size', '5', '--playouts', '10']],
    [['--game', 'hex', '--size', '32', '--playouts', '10']],
    [['--game', 'hex', '--size', '5', '--playouts', '0']],
    [['--game', 'hex', '--size', '5', '--playouts', 'many']],
    [['--game', 'hex', '--size', '5', '--playouts', '10', '--kernel', 'magic']],
    [['--game', 'hex', '--size', '5', '--playouts', '10', '--fill', 'dice']],
    [['--game', 'hex', '--size', '5', '--playouts', '10', '--seed', '4294967296']],
    [['--game', 'hex', '--size', '2', '--playouts', '10', '--board', 'bbb']],
  ])('%j', async (args) => {
    expect((await runValidateCli(args)).exitCode).toBe(2);
  });
});

describe.skipIf(!gpu.available)(`validation against the CPU ${gpu.reason}`, () => {
  const evaluator = useTestEvaluator();

  test('every playout of every kernel agrees, and the report says so', async () => {
    const g = geometryOf(GameKind.Y, 9);
    const positions = samplePositions(g, testRandom(8));
    for (const kernel of ['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill'] as const) {
      const report = await validateGpuAgainstCpu(evaluator(), {
        positions,
        playouts: 300,
        seed: 5,
        fill: FillKind.Coin,
        kernel,
      });
      expect(report).toMatchObject({ compared: 900, mismatches: 0, countMismatches: 0, firstMismatches: [] });
      expect(report.gpuWinRate).toBe(report.cpuWinRate);
      expect(report.adapter).toMatch(/swiftshader|\w/i);
    }
  });

  test('a mismatch is caught, with the board that shows it', async () => {
    const g = geometryOf(GameKind.Hex, 4);
    const positions = [{ geometry: g, cells: new Uint8Array(16), toMove: Color.Black as const }];
    // A CPU "method" that always answers black stands in for a wrong GPU.
    const alwaysBlack = {
      ...weightedUnionFind,
      create: () => ({ winner: () => Color.Black, prepare: () => ({ count: 0, decideAll: () => {} }) }),
    };
    const report = await validateGpuAgainstCpu(evaluator(), {
      positions,
      playouts: 200,
      seed: 3,
      cpuMethod: alwaysBlack,
    });
    expect(report.mismatches).toBeGreaterThan(0);
    expect(report.firstMismatches).toHaveLength(5);
    expect(report.firstMismatches[0]).toMatchObject({ gpu: 'white', cpu: 'black' });
    expect(report.firstMismatches[0]?.board).toMatch(/^[bw]{4}\n[bw]{4}\n[bw]{4}\n[bw]{4}$/);
  });

  test('hexbatch validate prints the comparison and exits 0', async () => {
    const run = await runValidateCli([
      '--game',
      'hex',
      '--size',
      '7',
      '--playouts',
      '500',
      '--kernel',
      'bitsliced',
      '--fill',
      'exact',
      '--seed',
      '7',
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /^500 playouts compared: Hex 7×7, empty board, black to move; exact fill, kernel bitsliced \(runs as bitsliced-\w+\), seed 7\n0 mismatches\n/,
    );
    expect(run.stdout).toMatch(/win rate of the side to move: GPU (0\.\d{4}), CPU \1\n/);
    expect(run.stdout).toMatch(/adapter: .+/);
  });

  test('hexbatch validate from a given board', async () => {
    const run = await runValidateCli([
      '--game',
      'y',
      '--size',
      '3',
      '--playouts',
      '100',
      '--board',
      'b.w.b.',
      '--to-move',
      'white',
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/100 playouts compared: Y size 3, given board, white to move/);
  });

  test('the GPU decider of winner --backend webgpu agrees with the CPU', async () => {
    const g = geometryOf(GameKind.Hex, 6);
    const random = testRandom(6);
    const boards = Array.from({ length: 40 }, (_, k) => randomCells(g, k % 2 ? 0 : 0.4, random));
    const want = boards.map((b) => weightedUnionFind.create(g).winner(b));
    for (const method of ['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill']) {
      const decider = await createGpuDecider(g, parseGpuMethod(method));
      try {
        expect(Array.from(await decider.decide(boards))).toEqual(want);
      } finally {
        await decider.close();
      }
    }
    expect(() => parseGpuMethod('wqhuf')).toThrow(
      /--backend webgpu decides with bpr, bitsliced, bitsliced-unrolled, floodfill, not "wqhuf"/,
    );
  });

  test('hexbatch winner --backend webgpu takes every kernel as its --method', async () => {
    // Black joins rows 1 and 3; white holds column c but not a; one board with an empty cell.
    const input = 'bww bww bww\nbbw .ww bbw\n';
    for (const method of ['bpr', 'bitsliced', 'bitsliced-unrolled', 'floodfill']) {
      const run = await runCliInProcess(
        ['winner', '--game', 'hex', '--size', '3', '--backend', 'webgpu', '--method', method],
        input,
      );
      expect({ method, code: run.code, out: run.out }).toEqual({ method, code: 0, out: 'black\nnone\n' });
    }
  });
});
