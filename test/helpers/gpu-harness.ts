/**
 * Shared set-up of the GPU tests: one WebGPU evaluator per test file (Dawn on
 * SwiftShader here), and the rule that these tests never skip in CI: with
 * CI set, no adapter is a failure; elsewhere the tests skip and say why.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import type { Cells, Geometry } from '../../src/game/geometry.js';
import { randomCells } from './boards.js';
import type { EvalPosition } from '../../src/eval/types.js';
import {
  type WebGpuEvaluator,
  type WebGpuEvaluatorOptions,
  createWebGpuEvaluator,
} from '../../src/eval/webgpu-backend.js';

export interface GpuAvailability {
  readonly available: boolean;
  readonly reason: string;
}

let probe: Promise<GpuAvailability> | null = null;

/** Whether WebGPU can be had; throws in CI when it cannot. */
export function gpuAvailability(): Promise<GpuAvailability> {
  probe ??= (async () => {
    try {
      const evaluator = await createWebGpuEvaluator();
      evaluator.destroy();
      return { available: true, reason: '' };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (process.env['CI']) throw new Error(`GPU tests must run in CI, but WebGPU is unavailable: ${reason}`);
      return { available: false, reason: `skipped: ${reason}` };
    }
  })();
  return probe;
}

/** An evaluator whose device reports any uncaptured WebGPU error to the test. */
export async function openTestEvaluator(
  options: WebGpuEvaluatorOptions = {},
): Promise<{ evaluator: WebGpuEvaluator; errors: string[] }> {
  const evaluator = await createWebGpuEvaluator(options);
  const errors: string[] = [];
  evaluator.context.device.addEventListener('uncapturederror', (event) => {
    errors.push((event as GPUUncapturedErrorEvent).error.message);
  });
  return { evaluator, errors };
}

/**
 * Opens one evaluator per entry of `options` (in turn) before the tests of
 * the enclosing describe, and after them destroys each and expects that no
 * device reported an uncaptured WebGPU error. Returns one accessor per
 * evaluator, for use inside the tests.
 */
export function useTestEvaluators<const T extends readonly WebGpuEvaluatorOptions[]>(
  ...options: T
): { [K in keyof T]: () => WebGpuEvaluator } {
  const opened: { evaluator: WebGpuEvaluator; errors: string[] }[] = [];
  beforeAll(async () => {
    for (const o of options) opened.push(await openTestEvaluator(o));
  });
  afterAll(() => {
    for (const { evaluator } of opened) evaluator.destroy();
    expect(opened.flatMap((o) => o.errors)).toEqual([]);
  });
  return options.map((_, k) => () => {
    const evaluator = opened[k]?.evaluator;
    if (!evaluator) throw new Error(`test evaluator ${k} is not open (beforeAll has not run or failed)`);
    return evaluator;
  }) as { [K in keyof T]: () => WebGpuEvaluator };
}

/** useTestEvaluators for one evaluator. */
export function useTestEvaluator(options: WebGpuEvaluatorOptions = {}): () => WebGpuEvaluator {
  const [evaluator] = useTestEvaluators(options);
  return evaluator;
}

/** Empty, partial (half empty) and nearly full (3 empty cells or fewer) positions. */
export function samplePositions(g: Geometry, random: () => number): EvalPosition[] {
  const nearlyFull = randomCells(g, 0, random);
  for (let k = 0; k < Math.min(3, g.cellCount); k++) nearlyFull[Math.floor(random() * g.cellCount)] = Color.Empty;
  const position = (cells: Cells, toMove: Player): EvalPosition => ({ geometry: g, cells, toMove });
  return [
    position(new Uint8Array(g.cellCount), Color.Black),
    position(randomCells(g, 0.5, random), Color.White),
    position(nearlyFull, Color.Black),
  ];
}
