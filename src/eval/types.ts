/**
 * The evaluator's one API, the same on the CPU and WebGPU backends.
 *
 * A playout of a position fills every empty cell (src/fill/fill.ts) and
 * decides the full board. Playout q of position p (p its index in the
 * request) is named (seed, p, q), so either backend, and the CPU rebuilding
 * a GPU board, plays exactly the same game.
 */
import type { Player, Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import type { FillKind } from '../fill/fill.js';
import type { AdapterDescription } from '../gpu/gpu-device.js';
import type { GpuKernel } from '../gpu/kernel-table.js';

/** A position to play out: all positions of one request share a geometry. */
export interface EvalPosition {
  readonly geometry: Geometry;
  /** One Color per cell, row-major (board-text order). */
  readonly cells: Cells;
  readonly toMove: Player;
}

export { GPU_KERNELS, type GpuKernel, parseGpuKernel } from '../gpu/kernel-table.js';

/** What one `evaluate` call plays: every position gets the same playouts, seed, fill and kernel. */
export interface EvaluateOptions {
  /** Playouts per position, 1 … 2³² − 1. */
  readonly playouts: number;
  /** Names the random streams, with the position and playout; a u32 (default 0). */
  readonly seed?: number;
  /** Default exact. */
  readonly fill?: FillKind;
  /** WebGPU only (the CPU backend uses its method); default bpr. */
  readonly kernel?: GpuKernel;
  /**
   * Also count, per cell, the playouts won by the player owning the cell
   * (`ownership`) and the playouts in which black owned it (`blackOwned`).
   */
  readonly ownership?: boolean;
  /** Also return every playout's winner (validation). */
  readonly winners?: boolean;
  /** Cancels the call: it rejects with the signal's reason, and no more work is started for it. */
  readonly signal?: AbortSignal;
}

/** One position's outcome: its wins by colour over its playouts, and what the options asked for besides. */
export interface PositionResult {
  readonly playouts: number;
  readonly blackWins: number;
  readonly whiteWins: number;
  /**
   * The side to move's wins divided by the playouts: the chance that the
   * player about to move wins a random playout from here.
   */
  readonly winRate: number;
  /**
   * Per cell: the playouts in which the player who owned the cell at the end
   * won. A cell the side to move already holds counts the side's wins, and so
   * on; divided by playouts, it is that cell's share in winning.
   */
  readonly ownership?: Uint32Array;
  /**
   * Per cell: the playouts in which black owned the cell at the end (white
   * owned it in the others: playouts fill every cell). A black stone already
   * on the board counts every playout, a white one none. With `ownership` and
   * the win counts it gives every joint count of owner and winner
   * (src/eval/amaf.ts). Both arrays of every result of a call are views
   * of one buffer: copy one (`slice()`) before transferring its buffer.
   */
  readonly blackOwned?: Uint32Array;
  /** Per playout, its winner (Color.Black or Color.White). */
  readonly winners?: Uint8Array;
}

/** How a call ran: the backend, its GPU dispatches and times. */
export interface EvaluationStats {
  readonly backend: 'cpu' | 'webgpu';
  /** Kernel dispatches (CPU: 0). */
  readonly dispatches: number;
  /** Sum of the dispatches' kernel times from timestamp queries; null without them. */
  readonly kernelMs: number | null;
  /** From the call to its results, readback included. */
  readonly wallMs: number;
  /** CPU: the worker threads that played the request (0: the calling thread alone). */
  readonly workers?: number;
}

/** What `evaluate` resolves with: a result per position, and how the call ran. */
export interface Evaluation {
  /** One result per position, in request order. */
  readonly results: readonly PositionResult[];
  readonly stats: EvaluationStats;
}

/** Options of `decide`, which decides given boards without filling them. */
export interface DecideOptions {
  /** WebGPU only; default bpr. */
  readonly kernel?: GpuKernel;
  /** Cancels the call, as for evaluate. */
  readonly signal?: AbortSignal;
}

/** Plays positions out in batches and decides boards, on the CPU or on WebGPU (made by `createEvaluator`). */
export interface Evaluator {
  readonly backend: 'cpu' | 'webgpu';
  /** What runs the work: the adapter, or the CPU method. */
  readonly description: string;
  /** The WebGPU adapter; null on the CPU backend. */
  readonly adapter: AdapterDescription | null;
  /**
   * Evaluate calls worth keeping in flight at once: on the CPU backend the
   * threads that play (its workers, and the calling thread with
   * `callerPlays`), which claim the calls' chunks as they come free; 1 on a
   * single thread or on WebGPU (one queue). The search keeps this many
   * rounds in flight unless told otherwise.
   */
  readonly concurrency: number;
  /** Plays `options.playouts` random fills of every position and counts who wins; rejects with an `InvalidRequestError` before any work when the request is malformed. */
  evaluate(positions: readonly EvalPosition[], options: EvaluateOptions): Promise<Evaluation>;
  /** Decides boards as given, full or partial (no fill): one Winner per board. */
  decide(geometry: Geometry, boards: readonly Cells[], options?: DecideOptions): Promise<Winner[]>;
  /** Frees the device; the evaluator cannot be used afterwards. */
  destroy(): void;
}
