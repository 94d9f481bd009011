/**
 * The page's one door to the library's evaluator: everything the buttons
 * need, in the page's terms (settings in, numbers out), so the rest of the
 * page does not depend on the evaluator's request and result shapes.
 */
import { Color } from '../src/game/color.js';
import { geometryOf } from '../src/game/geometry.js';
import { createEvaluator } from '../src/eval/create-evaluator.js';
import { weightedUnionFind } from '../src/wintest/union-find.js';
import { type EvalPosition, type Evaluator, GPU_KERNELS, type GpuKernel, type PositionResult } from '../src/eval/types.js';
import type { DemoSettings } from './settings.js';
import { validationPositions } from './validation-positions.js';

export interface BatchOutcome {
  readonly playouts: number;
  /** From the call to its results, readback included. */
  readonly wallMs: number;
  readonly kernelMs: number | null;
  readonly blackWins: number;
  /** Per cell, over all positions: the fraction of playouts won by the cell's owner; null unless asked. */
  readonly ownership: Float64Array | null;
}

export interface ValidationOutcome {
  /** Playouts whose winner both backends reported. */
  readonly compared: number;
  /** Playouts on which they disagree. */
  readonly mismatches: number;
  /** Per-cell ownership counts compared (positions × cells), and how many differ. */
  readonly ownershipCellsCompared: number;
  readonly ownershipMismatches: number;
  readonly gpuBlackWinRate: number;
  readonly cpuBlackWinRate: number;
}

/** The GPU kernels, known without a device, so the form can list them before (or without) WebGPU. */
export const KERNELS: readonly string[] = GPU_KERNELS;
export const DEFAULT_KERNEL: string = 'bpr' satisfies GpuKernel;

export interface Engine {
  runBatch(settings: DemoSettings, seed: number): Promise<BatchOutcome>;
  validate(settings: DemoSettings): Promise<ValidationOutcome>;
  /** Frees the GPU device. */
  destroy(): void;
}

function kernelOf(settings: DemoSettings): GpuKernel {
  const k = GPU_KERNELS.find((name) => name === settings.kernel);
  if (!k) throw new Error(`unknown kernel "${settings.kernel}" (expected one of: ${GPU_KERNELS.join(', ')})`);
  return k;
}

/** The throughput test and the heat map play out the empty board, black to move. */
function emptyPositions(settings: DemoSettings): EvalPosition[] {
  const geometry = geometryOf(settings.game, settings.size);
  const cells = new Uint8Array(geometry.cellCount);
  return Array.from({ length: settings.positions }, () => ({ geometry, cells, toMove: Color.Black }));
}

function requestOf(settings: DemoSettings, seed: number) {
  return { playouts: settings.playouts, seed, fill: settings.fill, kernel: kernelOf(settings) };
}

/** How many entries differ; a missing or short answer is an error, never "0 mismatches". */
function differences(a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined, what: string): { compared: number; differing: number } {
  if (!a || !b || a.length !== b.length) throw new Error(`${what}: the GPU and CPU answers cannot be compared (missing or of different lengths)`);
  let differing = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
  return { compared: a.length, differing };
}

/** Ownership counts summed over positions, as shares of all playouts. */
function ownershipShares(results: readonly PositionResult[], cellCount: number, playouts: number): Float64Array {
  const shares = new Float64Array(cellCount);
  for (const r of results) r.ownership?.forEach((v, i) => (shares[i] = (shares[i] as number) + v / playouts));
  return shares;
}

export async function createEngine(): Promise<Engine> {
  const gpu: Evaluator = await createEvaluator({ backend: 'webgpu' });
  // The CPU backend rebuilds each playout from the same (seed, position,
  // playout) stream and decides it with union-find, independently of BPR.
  const cpu: Evaluator = await createEvaluator({ backend: 'cpu', cpuMethod: weightedUnionFind });

  return {
    async runBatch(settings, seed) {
      const positions = emptyPositions(settings);
      const { results, stats } = await gpu.evaluate(positions, { ...requestOf(settings, seed), ownership: settings.ownership });
      const playouts = results.reduce((t, r) => t + r.playouts, 0);
      return {
        playouts,
        wallMs: stats.wallMs,
        kernelMs: stats.kernelMs,
        blackWins: results.reduce((t, r) => t + r.blackWins, 0),
        ownership: settings.ownership ? ownershipShares(results, positions[0]?.geometry.cellCount ?? 0, playouts) : null,
      };
    },

    async validate(settings) {
      const positions = validationPositions(settings);
      const request = { ...requestOf(settings, settings.seed), winners: true, ownership: true };
      const onGpu = await gpu.evaluate(positions, request);
      const onCpu = await cpu.evaluate(positions, request);
      const v = { compared: 0, mismatches: 0, ownershipCells: 0, ownershipMismatches: 0, gpuBlack: 0, cpuBlack: 0 };
      onGpu.results.forEach((g, p) => {
        const c = onCpu.results[p];
        const winners = differences(g.winners, c?.winners, `position ${p}: winners`);
        const ownership = differences(g.ownership, c?.ownership, `position ${p}: ownership`);
        v.compared += winners.compared;
        v.mismatches += winners.differing;
        v.ownershipCells += ownership.compared;
        v.ownershipMismatches += ownership.differing;
        v.gpuBlack += g.blackWins;
        v.cpuBlack += c?.blackWins ?? 0;
      });
      return {
        compared: v.compared,
        mismatches: v.mismatches,
        ownershipCellsCompared: v.ownershipCells,
        ownershipMismatches: v.ownershipMismatches,
        gpuBlackWinRate: v.gpuBlack / v.compared,
        cpuBlackWinRate: v.cpuBlack / v.compared,
      };
    },

    destroy() {
      gpu.destroy();
      cpu.destroy();
    },
  };
}
