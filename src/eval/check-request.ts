/**
 * Refuses a bad request before anything is dispatched, naming what is wrong:
 * WebGPU would otherwise decide garbage, or fail far from the cause. Callers
 * may be plain JavaScript, so nothing here trusts the declared types: a null,
 * a non-array or a foreign geometry gets an InvalidRequestError, never a
 * TypeError from deep inside.
 */
import { Color } from '../game/color.js';
import { type Cells, GameKind, type Geometry, MAX_SIZE, describeGeometry, geometryOf } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { InvalidRequestError } from './errors.js';
import { type DecideOptions, type EvalPosition, type EvaluateOptions, GPU_KERNELS } from './types.js';

export { InvalidRequestError };

const MAX_U32 = 0xffffffff;
/** The longest Uint8Array every JS engine makes. */
const MAX_WINNERS = 2 ** 30;

/** How a value that is not what was wanted reads in a message. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return `a Uint8Array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The library's own geometry for whatever the caller passed, or an error naming it. */
function checkGeometry(value: unknown, what: string): Geometry {
  if (!isObject(value))
    throw new InvalidRequestError(
      `${what}: the geometry must come from geometryOf(game, size), not ${describeValue(value)}`,
    );
  const { game, size } = value;
  if ((game !== GameKind.Hex && game !== GameKind.Y) || typeof size !== 'number') {
    throw new InvalidRequestError(
      `${what}: the geometry must come from geometryOf(game, size); this one has game ${describeValue(game)} and size ${describeValue(size)}`,
    );
  }
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE[game]) {
    throw new InvalidRequestError(
      `${what}: the size of a ${game === GameKind.Hex ? 'Hex' : 'Y'} board must be a whole number from 1 to ${MAX_SIZE[game]}, not ${size}`,
    );
  }
  return geometryOf(game, size);
}

function checkCells(g: Geometry, cells: unknown, what: string): asserts cells is Cells {
  if (!(cells instanceof Uint8Array))
    throw new InvalidRequestError(`${what}: cells must be a Uint8Array, not ${describeValue(cells)}`);
  if (cells.length !== g.cellCount) {
    throw new InvalidRequestError(`${what}: ${describeGeometry(g)} has ${g.cellCount} cells, not ${cells.length}`);
  }
  // A Uint8Array holds no negative value, so one comparison finds a bad cell.
  for (let i = 0; i < cells.length; i++) {
    if ((cells[i] as number) > Color.White) {
      throw new InvalidRequestError(`${what}: cell ${i} holds ${cells[i]}, not a Color (0 empty, 1 black, 2 white)`);
    }
  }
}

function checkKernel(kernel: unknown): void {
  if (kernel !== undefined && !(GPU_KERNELS as readonly unknown[]).includes(kernel)) {
    const named = typeof kernel === 'string' ? `"${kernel}"` : describeValue(kernel);
    throw new InvalidRequestError(`unknown kernel ${named} (expected one of: ${GPU_KERNELS.join(', ')})`);
  }
}

function checkSignal(signal: unknown): void {
  if (
    signal !== undefined &&
    !(isObject(signal) && typeof signal['aborted'] === 'boolean' && typeof signal['addEventListener'] === 'function')
  ) {
    throw new InvalidRequestError(`signal must be an AbortSignal, not ${describeValue(signal)}`);
  }
}

function checkOptionsObject(options: unknown, call: string): asserts options is Record<string, unknown> {
  if (!isObject(options) || Array.isArray(options)) {
    throw new InvalidRequestError(`${call}: the options must be an object, not ${describeValue(options)}`);
  }
}

function checkList(list: unknown, call: string, what: string): asserts list is readonly unknown[] {
  if (!Array.isArray(list))
    throw new InvalidRequestError(`${call}: ${what} must be an array, not ${describeValue(list)}`);
}

/** The request's shared geometry, or null for no positions. */
export function checkEvaluateRequest(positions: readonly EvalPosition[], options: EvaluateOptions): Geometry | null {
  checkList(positions, 'evaluate', 'the positions');
  checkOptionsObject(options, 'evaluate');
  const { playouts, seed, fill } = options;
  if (typeof playouts !== 'number' || !Number.isInteger(playouts) || playouts < 1 || playouts > MAX_U32) {
    throw new InvalidRequestError(
      `playouts must be a whole number from 1 to ${MAX_U32}, not ${describeValue(playouts)}`,
    );
  }
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > MAX_U32)) {
    throw new InvalidRequestError(`the seed must be a whole number from 0 to ${MAX_U32}, not ${describeValue(seed)}`);
  }
  if (fill !== undefined && fill !== FillKind.Exact && fill !== FillKind.Coin) {
    throw new InvalidRequestError(`unknown fill "${String(fill)}" (expected exact or coin)`);
  }
  checkKernel(options.kernel);
  checkSignal(options.signal);
  if (options.winners === true && playouts > MAX_WINNERS) {
    throw new InvalidRequestError(
      `winners: true returns a byte a playout, so at most ${MAX_WINNERS} playouts a position, not ${playouts}`,
    );
  }
  let shared: Geometry | null = null;
  positions.forEach((p: unknown, k) => {
    const what = `position ${k}`;
    if (!isObject(p))
      throw new InvalidRequestError(`${what}: must be an object { geometry, cells, toMove }, not ${describeValue(p)}`);
    const g = checkGeometry(p['geometry'], what);
    shared ??= g;
    if (g !== shared) {
      throw new InvalidRequestError(
        `${what}: all positions of a request must share one geometry (${describeGeometry(shared)}), not ${describeGeometry(g)}`,
      );
    }
    if (p['toMove'] !== Color.Black && p['toMove'] !== Color.White) {
      throw new InvalidRequestError(
        `${what}: the side to move must be Color.Black or Color.White, not ${describeValue(p['toMove'])}`,
      );
    }
    checkCells(g, p['cells'], what);
  });
  return shared;
}

/** The library's geometry for the boards to decide. */
export function checkDecideRequest(geometry: Geometry, boards: readonly Cells[], options: DecideOptions): Geometry {
  const g = checkGeometry(geometry, 'decide');
  checkList(boards, 'decide', 'the boards');
  checkOptionsObject(options, 'decide');
  checkKernel(options.kernel);
  checkSignal(options.signal);
  boards.forEach((cells: unknown, k) => checkCells(g, cells, `board ${k}`));
  return g;
}
