// shaders/rng.wgsl and shaders/fill.wgsl are twins of counter-rng.ts and
// fill.ts: a test kernel writes out stream words and filled boards, which
// must equal the TS functions' word for word.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { PlayoutStream } from '../../src/fill/counter-rng.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import type { Dispatch } from '../../src/gpu/dispatch-plan.js';
import { GpuRunner } from '../../src/gpu/gpu-runner.js';
import { FILL_DUMP } from '../../src/gpu/kernel-table.js';
import { type ShaderBuild, buildShader } from '../../src/gpu/shader-source.js';
import type { EvalPosition } from '../../src/eval/types.js';
import type { WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { gpuAvailability, openTestEvaluator, samplePositions } from '../helpers/gpu-harness.js';
import { testRandom } from '../helpers/boards.js';

const WORDS = 12;
const gpu = await gpuAvailability();

/** One dispatch of 64-invocation workgroups over positions × [playoutStart, +count). */
function dispatchOf(positions: number, playoutStart: number, playoutCount: number): Dispatch {
  const chunks = Math.ceil(playoutCount / 64);
  return {
    positionStart: 0,
    positionCount: positions,
    playoutStart,
    playoutCount,
    chunksPerPosition: chunks,
    groupsX: positions * chunks,
    groupsY: 1,
  };
}

describe.skipIf(!gpu.available)(`the WGSL generator and fills equal their TS twins ${gpu.reason}`, () => {
  let evaluator: WebGpuEvaluator;
  let runner: GpuRunner;
  let errors: string[];
  beforeAll(async () => {
    ({ evaluator, errors } = await openTestEvaluator());
    runner = new GpuRunner(
      evaluator.context,
      { maxWorkgroupsPerDimension: 65535, maxBufferBytes: 1 << 26, maxItemsPerDispatch: 1 << 20 },
      1,
    );
  });
  afterAll(() => {
    runner?.destroy();
    evaluator?.destroy();
    expect(errors).toEqual([]);
  });

  async function dump(
    build: ShaderBuild,
    entryPoint: string,
    positions: EvalPosition[],
    seed: number,
    dispatch: Dispatch,
    perItem: number,
  ) {
    let out: Uint32Array = new Uint32Array(0);
    await runner.run(
      {
        build,
        entryPoint,
        sources: positions,
        cellCount: positions[0]?.geometry.cellCount ?? 0,
        seed,
        dispatches: [dispatch],
        ownership: false,
        outputWords: (d) => d.positionCount * d.playoutCount * perItem,
      },
      (output) => {
        out = output.winners ?? out;
      },
    );
    return out;
  }

  function dumpBuild(g: Geometry, fill: FillKind): ShaderBuild {
    const build = buildShader({
      variant: FILL_DUMP,
      geometry: g,
      fill,
      workgroupSize: 64,
      boardsPerInvocation: 1,
      writeWinners: false,
      ownership: false,
    });
    return { ...build, key: `${build.key}|words ${WORDS}`, constants: { ...build.constants, WORDS_PER_ITEM: WORDS } };
  }

  test.each([
    [0, 0],
    [1, 0],
    [0xffffffff, 0],
    [2012, 0xffffff00],
  ])('stream words of seed %i from playout %i on', async (seed, playoutStart) => {
    const g = geometryOf(GameKind.Hex, 3);
    const positions = samplePositions(g, testRandom(1));
    const words = await dump(
      dumpBuild(g, FillKind.Exact),
      'dump_words',
      positions,
      seed,
      dispatchOf(positions.length, playoutStart, 70),
      WORDS,
    );
    for (let p = 0; p < positions.length; p++) {
      for (let q = 0; q < 70; q++) {
        const stream = new PlayoutStream({ seed, position: p, playout: playoutStart + q });
        const want = Array.from({ length: WORDS }, () => stream.word());
        const at = (p * 70 + q) * WORDS;
        expect(Array.from(words.subarray(at, at + WORDS)), `position ${p}, playout ${playoutStart + q}`).toEqual(want);
      }
    }
  });

  test.each([
    [GameKind.Hex, 1],
    [GameKind.Hex, 5],
    [GameKind.Hex, 11],
    [GameKind.Hex, 31],
    [GameKind.Y, 6],
    [GameKind.Y, 32],
  ])('%s %i: filled boards, both fills', async (game, n) => {
    const g = geometryOf(game, n);
    const positions = samplePositions(g, testRandom(n));
    const board = new Uint8Array(g.cellCount);
    for (const fill of [FillKind.Exact, FillKind.Coin]) {
      const seed = 77;
      const boards = await dump(
        dumpBuild(g, fill),
        'dump_boards',
        positions,
        seed,
        dispatchOf(positions.length, 0, 40),
        g.cellCount,
      );
      for (let p = 0; p < positions.length; p++) {
        const position = positions[p] as EvalPosition;
        for (let q = 0; q < 40; q++) {
          fillPlayout(position.cells, position.toMove, { seed, position: p, playout: q }, fill, board);
          const at = (p * 40 + q) * g.cellCount;
          expect(Array.from(boards.subarray(at, at + g.cellCount)), `${fill}, position ${p}, playout ${q}`).toEqual(
            Array.from(board),
          );
          expect(board.includes(Color.Empty)).toBe(false);
        }
      }
    }
  });
});
