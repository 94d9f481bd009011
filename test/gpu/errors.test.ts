// What goes wrong is said clearly: bad requests are refused before any
// dispatch, a missing adapter says how to get WebGPU (and auto falls back to
// the CPU), a lost device rejects the work in flight, and WebGPU's own
// errors surface instead of passing unnoticed.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { createEvaluator } from '../../src/eval/create-evaluator.js';
import { DeviceLimitError, EvaluatorDestroyedError, InvalidRequestError } from '../../src/eval/errors.js';
import { FillKind } from '../../src/fill/fill.js';
import { variantFor } from '../../src/gpu/kernel-table.js';
import { buildShader } from '../../src/gpu/shader-source.js';
import type { EvalPosition, EvaluateOptions } from '../../src/eval/types.js';
import { createWebGpuEvaluator, type WebGpuEvaluator } from '../../src/eval/webgpu-backend.js';
import { WebGpuUnavailableError } from '../../src/gpu/gpu-device.js';
import { GpuLostError, GpuRunner } from '../../src/gpu/gpu-runner.js';
import { gpuAvailability, openTestEvaluator } from '../helpers/gpu-harness.js';

const noAdapter = { requestAdapter: async () => null } as unknown as GPU;

describe('without an adapter', () => {
  test('webgpu says what is missing and how to get WebGPU', async () => {
    const made = createWebGpuEvaluator({ gpu: noAdapter });
    await expect(made).rejects.toThrow(WebGpuUnavailableError);
    await expect(made).rejects.toThrow(/no adapter.*--enable-unsafe-webgpu.*chromium/s);
  });

  test('auto falls back to the CPU and says so once', async () => {
    const notice = vi.fn();
    const evaluator = await createEvaluator({ backend: 'auto', gpu: noAdapter, notice });
    expect(evaluator.backend).toBe('cpu');
    expect(notice).toHaveBeenCalledTimes(1);
    expect(notice.mock.calls[0]?.[0]).toMatch(/CPU backend.*WebGPU is not available/);
    const g = geometryOf(GameKind.Hex, 3);
    const { results } = await evaluator.evaluate([{ geometry: g, cells: new Uint8Array(9), toMove: Color.Black }], {
      playouts: 10,
    });
    expect(results[0]?.playouts).toBe(10);
    expect(notice).toHaveBeenCalledTimes(1);
  });
});

const gpu = await gpuAvailability();

describe.skipIf(!gpu.available)(`errors on a WebGPU evaluator ${gpu.reason}`, () => {
  let evaluator: WebGpuEvaluator;
  let errors: string[];
  let submits = 0;
  beforeAll(async () => {
    ({ evaluator, errors } = await openTestEvaluator());
    const queue = evaluator.context.device.queue;
    const submit = queue.submit.bind(queue);
    queue.submit = (buffers) => {
      submits++;
      submit(buffers);
    };
  });
  afterAll(() => {
    evaluator?.destroy();
    expect(errors).toEqual([]);
  });

  const hex5 = geometryOf(GameKind.Hex, 5);
  const good: EvalPosition = { geometry: hex5, cells: new Uint8Array(25), toMove: Color.Black };
  const bad: [string, EvalPosition[], EvaluateOptions, RegExp][] = [
    [
      'too few cells',
      [{ ...good, cells: new Uint8Array(24) }],
      { playouts: 5 },
      /position 0: Hex 5×5 has 25 cells, not 24/,
    ],
    ['a cell that is no colour', [{ ...good, cells: new Uint8Array(25).fill(3) }], { playouts: 5 }, /cell 0 holds 3/],
    [
      'two geometries',
      [good, { ...good, geometry: geometryOf(GameKind.Y, 5), cells: new Uint8Array(15) }],
      { playouts: 5 },
      /share one geometry/,
    ],
    ['nobody to move', [{ ...good, toMove: Color.Empty as unknown as Color.Black }], { playouts: 5 }, /side to move/],
    ['no playouts', [good], { playouts: 0 }, /playouts must be/],
    ['a fraction of a playout', [good], { playouts: 1.5 }, /playouts must be/],
    ['too many playouts', [good], { playouts: 2 ** 32 }, /playouts must be/],
    ['a negative seed', [good], { playouts: 5, seed: -1 }, /seed/],
    ['an unknown kernel', [good], { playouts: 5, kernel: 'magic' as 'bpr' }, /unknown kernel "magic"/],
    ['an unknown fill', [good], { playouts: 5, fill: 'dice' as never }, /unknown fill "dice"/],
  ];

  test.each(bad)('refuses %s before dispatching', async (_, positions, options, message) => {
    const before = submits;
    const result = evaluator.evaluate(positions, options);
    await expect(result).rejects.toThrow(InvalidRequestError);
    await expect(result).rejects.toThrow(message);
    expect(submits).toBe(before);
  });

  const malformed: [string, () => Promise<unknown>, RegExp][] = [
    [
      'evaluate([null])',
      () => evaluator.evaluate([null as unknown as EvalPosition], { playouts: 5 }),
      /position 0: must be an object \{ geometry, cells, toMove \}, not null/,
    ],
    [
      'evaluate({})',
      () => evaluator.evaluate({} as unknown as EvalPosition[], { playouts: 5 }),
      /evaluate: the positions must be an array, not an object/,
    ],
    [
      'evaluate without options',
      () => evaluator.evaluate([good], undefined as unknown as EvaluateOptions),
      /evaluate: the options must be an object, not undefined/,
    ],
    [
      'a geometry made by hand',
      () => evaluator.evaluate([{ ...good, geometry: { game: 'hex', size: 40 } as never }], { playouts: 5 }),
      /position 0: the size of a Hex board must be a whole number from 1 to 31, not 40/,
    ],
    [
      'cells that are an array',
      () => evaluator.evaluate([{ ...good, cells: [0, 1] as never }], { playouts: 5 }),
      /position 0: cells must be a Uint8Array, not an array/,
    ],
    [
      'playouts as text',
      () => evaluator.evaluate([good], { playouts: '5' as never }),
      /playouts must be a whole number from 1 to 4294967295, not the string "5"/,
    ],
    [
      'every winner of 2³¹ playouts',
      () => evaluator.evaluate([good], { playouts: 2 ** 31, winners: true }),
      /winners: true returns a byte a playout, so at most 1073741824 playouts a position/,
    ],
    [
      'a signal that is not one',
      () => evaluator.evaluate([good], { playouts: 5, signal: {} as never }),
      /signal must be an AbortSignal/,
    ],
    ['decide(g, null)', () => evaluator.decide(hex5, null as never), /decide: the boards must be an array, not null/],
    [
      'decide(g, [null])',
      () => evaluator.decide(hex5, [null as never]),
      /board 0: cells must be a Uint8Array, not null/,
    ],
    [
      'decide with no geometry',
      () => evaluator.decide(undefined as never, []),
      /decide: the geometry must come from geometryOf\(game, size\), not undefined/,
    ],
    [
      'decide with a numeric kernel',
      () => evaluator.decide(hex5, [], { kernel: 5 as never }),
      /unknown kernel number 5/,
    ],
  ];

  test.each(malformed)('%s is refused with InvalidRequestError, before dispatching', async (_, call, message) => {
    const before = submits;
    const result = call();
    await expect(result).rejects.toThrow(InvalidRequestError);
    await expect(result).rejects.toThrow(message);
    expect(submits).toBe(before);
  });

  test('refuses a bad board to decide before dispatching', async () => {
    const before = submits;
    await expect(evaluator.decide(hex5, [new Uint8Array(25), new Uint8Array(26)])).rejects.toThrow(
      /board 1: Hex 5×5 has 25 cells, not 26/,
    );
    expect(submits).toBe(before);
  });

  test('a workgroup beyond the device limits is refused when the evaluator is made, naming the limit', async () => {
    const made = createWebGpuEvaluator({ workgroupSize: 100_000 });
    await expect(made).rejects.toThrow(DeviceLimitError);
    await expect(made).rejects.toThrow(
      /workgroupSize must be a whole number from 1 to \d+ on this adapter \(maxComputeInvocationsPerWorkgroup \d+, maxComputeWorkgroupSizeX \d+\), not 100000/,
    );
    await expect(createWebGpuEvaluator({ boardsPerInvocation: 0 })).rejects.toThrow(
      /boardsPerInvocation must be a whole number from 1 to 64, not 0/,
    );
  });

  test('a kernel WebGPU refuses is reported, not swallowed', async () => {
    const g = geometryOf(GameKind.Hex, 5);
    const runner = new GpuRunner(
      evaluator.context,
      { maxWorkgroupsPerDimension: 65535, maxBufferBytes: 1 << 20, maxItemsPerDispatch: 1 << 10 },
      1,
    );
    const build = buildShader({
      variant: variantFor('bpr', false),
      geometry: g,
      fill: FillKind.Exact,
      workgroupSize: 64,
      boardsPerInvocation: 1,
      writeWinners: false,
      ownership: false,
    });
    // It compiles, but names a constant the module does not declare.
    const broken = { ...build, key: `${build.key}|broken`, constants: { ...build.constants, NOT_AN_OVERRIDE: 1 } };
    const dispatch = {
      positionStart: 0,
      positionCount: 1,
      playoutStart: 0,
      playoutCount: 64,
      chunksPerPosition: 1,
      groupsX: 1,
      groupsY: 1,
    };
    const job = {
      build: broken,
      sources: [good],
      cellCount: 25,
      seed: 0,
      dispatches: [dispatch],
      ownership: false,
      outputWords: () => 0,
    };
    await expect(runner.run(job, () => {})).rejects.toThrow(/could not be made into a pipeline/);
    runner.destroy();
  });

  const hex11 = geometryOf(GameKind.Hex, 11);
  const long: EvalPosition = { geometry: hex11, cells: new Uint8Array(121), toMove: Color.Black };
  /** Resolves after one turn of the event loop: long enough for promise chains, far too short for a dispatch. */
  const oneTurn = () => new Promise((resolve) => setImmediate(resolve));

  test('destroy() rejects the calls in flight at once, saying the evaluator was destroyed', async () => {
    const { evaluator: doomed } = await openTestEvaluator({
      maxInFlight: 2,
      dispatchLimits: { maxItemsPerDispatch: 256 },
    });
    const pending = [
      doomed.evaluate([long], { playouts: 200_000 }),
      doomed.decide(
        hex11,
        Array.from({ length: 5000 }, () => new Uint8Array(121)),
        { kernel: 'bpr' },
      ),
    ];
    const settled: unknown[] = [];
    for (const p of pending) p.catch((error: unknown) => settled.push(error));
    await oneTurn();
    doomed.destroy();
    await oneTurn();
    expect(settled).toHaveLength(2);
    for (const error of settled) {
      expect(error).toBeInstanceOf(EvaluatorDestroyedError);
      expect((error as Error).message).toMatch(/evaluator was destroyed/);
    }
    await expect(doomed.evaluate([good], { playouts: 5 })).rejects.toThrow(EvaluatorDestroyedError);
  });

  test('an AbortSignal cancels a call at once, and the evaluator goes on working', async () => {
    const { evaluator: own } = await openTestEvaluator({
      maxInFlight: 2,
      dispatchLimits: { maxItemsPerDispatch: 256 },
    });
    let ownSubmits = 0;
    const queue = own.context.device.queue;
    const submit = queue.submit.bind(queue);
    queue.submit = (buffers) => {
      ownSubmits++;
      submit(buffers);
    };
    try {
      await expect(own.evaluate([long], { playouts: 10, signal: AbortSignal.abort() })).rejects.toThrow(/aborted/);
      expect(ownSubmits).toBe(0);
      const controller = new AbortController();
      const pending = own.evaluate([long], { playouts: 200_000, signal: controller.signal });
      let rejected: unknown = null;
      pending.catch((error: unknown) => {
        rejected = error;
      });
      await oneTurn();
      controller.abort(new Error('enough'));
      await oneTurn();
      expect(rejected).toEqual(new Error('enough'));
      // 200,000 playouts at 256 a dispatch would be 782 dispatches; no more start after the abort.
      const submittedAtAbort = ownSubmits;
      expect(submittedAtAbort).toBeLessThan(782);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ownSubmits).toBe(submittedAtAbort);
      const decideController = new AbortController();
      const deciding = own.decide(
        hex11,
        Array.from({ length: 5000 }, () => new Uint8Array(121)),
        { signal: decideController.signal },
      );
      decideController.abort();
      await expect(deciding).rejects.toThrow(/aborted/);
      // Slots freed by the cancelled calls are reused cleanly.
      const after = await own.evaluate([long], { playouts: 1000, seed: 3, winners: true });
      const fresh = await evaluator.evaluate([long], { playouts: 1000, seed: 3, winners: true });
      expect(after.results).toEqual(fresh.results);
    } finally {
      own.destroy();
    }
  });

  test('a lost device rejects the work in flight, and a new evaluator works', async () => {
    const { evaluator: doomed } = await openTestEvaluator({
      maxInFlight: 2,
      dispatchLimits: { maxItemsPerDispatch: 256 },
    });
    const g = geometryOf(GameKind.Hex, 11);
    const pending = doomed.evaluate([{ geometry: g, cells: new Uint8Array(121), toMove: Color.Black }], {
      playouts: 100_000,
    });
    setTimeout(() => doomed.context.device.destroy(), 20);
    await expect(pending).rejects.toThrow(GpuLostError);
    await expect(pending).rejects.toThrow(/device was lost.*create a new one/);
    await expect(doomed.evaluate([good], { playouts: 5 })).rejects.toThrow(GpuLostError);
    doomed.destroy();

    const { evaluator: fresh } = await openTestEvaluator();
    const { results } = await fresh.evaluate([good], { playouts: 64 });
    expect((results[0]?.blackWins ?? 0) + (results[0]?.whiteWins ?? 0)).toBe(64);
    fresh.destroy();
  });
});
