/**
 * Refuses a bad request before anything is dispatched, naming what is wrong:
 * WebGPU would otherwise decide garbage, or fail far from the cause.
 */
import { Color } from '../game/color.js';
import { type Cells, type Geometry, describeGeometry } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { type DecideOptions, type EvalPosition, type EvaluateOptions, GPU_KERNELS } from './types.js';

const MAX_U32 = 0xffffffff;

export class InvalidRequestError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'InvalidRequestError';
  }
}

function checkCells(g: Geometry, cells: Cells, what: string): void {
  if (!(cells instanceof Uint8Array)) throw new InvalidRequestError(`${what}: cells must be a Uint8Array`);
  if (cells.length !== g.cellCount) {
    throw new InvalidRequestError(`${what}: ${describeGeometry(g)} has ${g.cellCount} cells, not ${cells.length}`);
  }
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i] as number;
    if (v !== Color.Empty && v !== Color.Black && v !== Color.White) {
      throw new InvalidRequestError(`${what}: cell ${i} holds ${v}, not a Color (0 empty, 1 black, 2 white)`);
    }
  }
}

function checkKernel(kernel: string | undefined): void {
  if (kernel !== undefined && !(GPU_KERNELS as readonly string[]).includes(kernel)) {
    throw new InvalidRequestError(`unknown kernel "${kernel}" (expected one of: ${GPU_KERNELS.join(', ')})`);
  }
}

/** The request's shared geometry. */
export function checkEvaluateRequest(positions: readonly EvalPosition[], options: EvaluateOptions): Geometry | null {
  const { playouts, seed, fill } = options;
  if (!Number.isInteger(playouts) || playouts < 1 || playouts > MAX_U32) {
    throw new InvalidRequestError(`playouts must be a whole number from 1 to ${MAX_U32}, not ${playouts}`);
  }
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > MAX_U32)) {
    throw new InvalidRequestError(`the seed must be a whole number from 0 to ${MAX_U32}, not ${seed}`);
  }
  if (fill !== undefined && fill !== FillKind.Exact && fill !== FillKind.Coin) {
    throw new InvalidRequestError(`unknown fill "${String(fill)}" (expected exact or coin)`);
  }
  checkKernel(options.kernel);
  const first = positions[0];
  if (!first) return null;
  const g = first.geometry;
  positions.forEach((p, k) => {
    const what = `position ${k}`;
    if (p.geometry !== g && (p.geometry.game !== g.game || p.geometry.size !== g.size)) {
      throw new InvalidRequestError(`${what}: all positions of a request must share one geometry (${describeGeometry(g)}), not ${describeGeometry(p.geometry)}`);
    }
    if (p.toMove !== Color.Black && p.toMove !== Color.White) {
      throw new InvalidRequestError(`${what}: the side to move must be Color.Black or Color.White, not ${String(p.toMove)}`);
    }
    checkCells(g, p.cells, what);
  });
  return g;
}

export function checkDecideRequest(g: Geometry, boards: readonly Cells[], options: DecideOptions): void {
  checkKernel(options.kernel);
  boards.forEach((cells, k) => checkCells(g, cells, `board ${k}`));
}
