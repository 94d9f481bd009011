/**
 * Validates the GPU against the CPU, playout by playout: the GPU writes every
 * playout's winner; the CPU rebuilds each board from the same (seed,
 * position, playout) with fillPlayout and decides it with an independent
 * method (wqhuf, union-find). Every playout must agree.
 */
import { Color, type Winner, colorName } from '../game/color.js';
import { formatBoardText } from '../game/board-text.js';
import { FillKind, fillPlayout } from '../fill/fill.js';
import { adapterText } from '../gpu/gpu-device.js';
import type { WinTestMethod } from '../wintest/method.js';
import { weightedUnionFind } from '../wintest/union-find.js';
import type { EvalPosition, GpuKernel } from '../eval/types.js';
import type { WebGpuEvaluator } from '../eval/webgpu-backend.js';

/** What `validateGpuAgainstCpu` plays on the GPU and replays on the CPU. */
export interface ValidationRequest {
  readonly positions: readonly EvalPosition[];
  readonly playouts: number;
  readonly seed?: number;
  readonly fill?: FillKind;
  readonly kernel?: GpuKernel;
  /** How many mismatches to describe in full (default 5). */
  readonly keepMismatches?: number;
  /** The CPU's method (default wqhuf). */
  readonly cpuMethod?: WinTestMethod;
  /** Also compare the per-cell ownership and black-owned counts with those of the rebuilt boards (default false). */
  readonly ownership?: boolean;
  /** Told how far the CPU's check has got, every 65,536 playouts. */
  readonly onProgress?: (checked: number, total: number) => void;
}

/** One playout where the GPU and the CPU disagree, with its filled board. */
export interface Mismatch {
  readonly position: number;
  readonly playout: number;
  readonly gpu: 'black' | 'white' | 'none';
  readonly cpu: 'black' | 'white' | 'none';
  /** The filled board, as board text with one line per row. */
  readonly board: string;
}

/** What a validation found: the playouts compared, the mismatches, and both win rates. */
export interface ValidationReport {
  readonly compared: number;
  readonly mismatches: number;
  readonly firstMismatches: readonly Mismatch[];
  /** Side to move's wins over playouts, all positions together. */
  readonly gpuWinRate: number;
  readonly cpuWinRate: number;
  /** GPU counts that disagree with its own per-playout winners (must be 0). */
  readonly countMismatches: number;
  /**
   * With `ownership`: cells compared (positions × cells), each by both its
   * counts (owner won, black owned), and in how many either differs; else 0 and 0.
   */
  readonly ownershipCompared: number;
  readonly ownershipMismatches: number;
  readonly kernel: GpuKernel;
  /** How the kernel ran on this device (bitsliced: bitsliced-ballot with subgroups, bitsliced-lanes without). */
  readonly variant: string;
  readonly fill: FillKind;
  readonly adapter: string;
}

/** Plays the request on the GPU with every winner returned, rebuilds each playout on the CPU from the same (seed, position, playout) and decides it again, and counts the disagreements (0 when the kernel is right). */
export async function validateGpuAgainstCpu(
  evaluator: WebGpuEvaluator,
  request: ValidationRequest,
): Promise<ValidationReport> {
  const seed = request.seed ?? 0;
  const fill = request.fill ?? FillKind.Exact;
  const kernel = request.kernel ?? 'bpr';
  const keep = request.keepMismatches ?? 5;
  const ownership = request.ownership ?? false;
  const { results } = await evaluator.evaluate(request.positions, {
    playouts: request.playouts,
    seed,
    fill,
    kernel,
    winners: true,
    ownership,
  });

  const firstMismatches: Mismatch[] = [];
  let mismatches = 0;
  let countMismatches = 0;
  let gpuMine = 0;
  let cpuMine = 0;
  let compared = 0;
  let ownershipCompared = 0;
  let ownershipMismatches = 0;
  const total = request.positions.length * request.playouts;
  for (let p = 0; p < request.positions.length; p++) {
    const position = request.positions[p] as EvalPosition;
    const result = results[p];
    const gpuWinners = result?.winners;
    if (!result || !gpuWinners) throw new Error(`the GPU returned no winners for position ${p}`);
    const test = (request.cpuMethod ?? weightedUnionFind).create(position.geometry);
    const board = new Uint8Array(position.geometry.cellCount);
    let black = 0;
    let white = 0;
    const owned = ownership ? new Uint32Array(board.length) : null;
    const blackOwned = ownership ? new Uint32Array(board.length) : null;
    for (let q = 0; q < request.playouts; q++) {
      fillPlayout(position.cells, position.toMove, { seed, position: p, playout: q }, fill, board);
      const cpu: Winner = test.winner(board);
      if (owned && blackOwned) {
        for (let i = 0; i < board.length; i++) {
          if (board[i] === cpu) owned[i] = (owned[i] as number) + 1;
          if (board[i] === Color.Black) blackOwned[i] = (blackOwned[i] as number) + 1;
        }
      }
      const gpu = gpuWinners[q] as Winner;
      compared++;
      if ((compared & 0xffff) === 0) request.onProgress?.(compared, total);
      if (gpu === Color.Black) black++;
      else if (gpu === Color.White) white++;
      if (gpu === position.toMove) gpuMine++;
      if (cpu === position.toMove) cpuMine++;
      if (gpu !== cpu) {
        mismatches++;
        if (firstMismatches.length < keep) {
          firstMismatches.push({
            position: p,
            playout: q,
            gpu: colorName(gpu),
            cpu: colorName(cpu),
            board: formatBoardText(position.geometry, board, true),
          });
        }
      }
    }
    if (black !== result.blackWins || white !== result.whiteWins) countMismatches++;
    if (owned && blackOwned) {
      const gpuOwned = result.ownership;
      const gpuBlackOwned = result.blackOwned;
      if (gpuOwned?.length !== owned.length || gpuBlackOwned?.length !== blackOwned.length)
        throw new Error(`the GPU returned no ownership counts for position ${p}`);
      ownershipCompared += owned.length;
      for (let i = 0; i < owned.length; i++)
        if (owned[i] !== gpuOwned[i] || blackOwned[i] !== gpuBlackOwned[i]) ownershipMismatches++;
    }
  }
  return {
    compared,
    mismatches,
    firstMismatches,
    gpuWinRate: compared > 0 ? gpuMine / compared : 0,
    cpuWinRate: compared > 0 ? cpuMine / compared : 0,
    countMismatches,
    ownershipCompared,
    ownershipMismatches,
    kernel,
    variant: evaluator.variantOf(kernel, request.positions[0]?.geometry),
    fill,
    adapter: adapterText(evaluator.context.adapter),
  };
}
