/**
 * The CPU backend's WebAssembly SIMD kernel (assembly/playout-kernel.ts,
 * built by assembly/build.mjs into generated/playout-kernel-wasm.ts): whether
 * this runtime can run it, and one instance a thread, made on first use. It
 * is compiled and instantiated asynchronously, since a browser's main
 * thread may not compile a module of this size synchronously.
 */
import { PLAYOUT_KERNEL_WASM } from './generated/playout-kernel-wasm.js';

/** What the module exports (addresses are byte offsets into its memory). */
interface KernelExports {
  readonly memory: WebAssembly.Memory;
  readonly EMPTY_SLOTS: WebAssembly.Global;
  readonly STONE_SLOTS: WebAssembly.Global;
  readonly TEMPLATE_SLOTS: WebAssembly.Global;
  readonly OWNERSHIP: WebAssembly.Global;
  readonly WINNERS: WebAssembly.Global;
  readonly MAX_DRAWS: WebAssembly.Global;
  readonly MAX_CALL_PLAYOUTS: WebAssembly.Global;
  configure(
    board: number,
    side: number,
    lastCell: number,
    empty: number,
    black: number,
    white: number,
    template: number,
    whiteToMove: number,
    ahead: number,
  ): void;
  play(
    seed: number,
    position: number,
    first: number,
    count: number,
    exact: number,
    ownership: number,
    winners: number,
  ): number;
}

/** One instance of the kernel, with views of its memory where the host writes a position and reads results. */
export class WasmPlayoutKernel {
  /** Each empty cell's plane slot, in row-major order (configure reads them). */
  readonly emptySlots: Int32Array;
  /** The black stones' plane slots, then the white ones'. */
  readonly stoneSlots: Int32Array;
  /** The plane slots of the template's black cells. */
  readonly templateSlots: Int32Array;
  /** After play() with ownership: per empty cell, the playouts its owner won, then those black owned it. */
  readonly ownership: Uint32Array;
  /** After play() with winners: each playout's winner. */
  readonly winners: Uint8Array;
  /** The most draws a playout's stream is drawn ahead (configure's `ahead`). */
  readonly maxDraws: number;
  /** The most playouts one play() may ask for. */
  readonly maxCallPlayouts: number;
  /** Whoever configured it last: a player that finds another one here configures it again. */
  owner: object | null = null;

  constructor(private readonly exports: KernelExports) {
    const buffer = exports.memory.buffer;
    const at = (global: WebAssembly.Global) => global.value as number;
    this.maxDraws = at(exports.MAX_DRAWS);
    this.maxCallPlayouts = at(exports.MAX_CALL_PLAYOUTS);
    this.emptySlots = new Int32Array(buffer, at(exports.EMPTY_SLOTS), 1024);
    this.stoneSlots = new Int32Array(buffer, at(exports.STONE_SLOTS), 1024);
    this.templateSlots = new Int32Array(buffer, at(exports.TEMPLATE_SLOTS), 64);
    this.ownership = new Uint32Array(buffer, at(exports.OWNERSHIP), 2048);
    this.winners = new Uint8Array(buffer, at(exports.WINNERS), this.maxCallPlayouts);
  }

  /**
   * Takes the position written into the slot arrays. `board` names the game
   * and size (a new one clears the plane and writes its template); `ahead`:
   * the exact fill's draws drawn ahead per playout.
   */
  configure(
    board: number,
    side: number,
    lastCell: number,
    empty: number,
    black: number,
    white: number,
    template: number,
    whiteToMove: boolean,
    ahead: number,
  ): void {
    this.exports.configure(board, side, lastCell, empty, black, white, template, whiteToMove ? 1 : 0, ahead);
  }

  /** Plays playouts first … first + count − 1 (count ≤ maxCallPlayouts) of the configured position; black's wins. */
  play(
    seed: number,
    position: number,
    first: number,
    count: number,
    exact: boolean,
    ownership: boolean,
    winners: boolean,
  ): number {
    return this.exports.play(seed, position, first, count, exact ? 1 : 0, ownership ? 1 : 0, winners ? 1 : 0);
  }
}

/** The module's bytes, decoded once. */
let bytes: Uint8Array<ArrayBuffer> | null = null;

function kernelBytes(): Uint8Array<ArrayBuffer> {
  if (bytes === null) {
    const text = atob(PLAYOUT_KERNEL_WASM);
    bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  }
  return bytes;
}

let supported: boolean | null = null;

/** Whether this runtime has WebAssembly with SIMD: validating the module is synchronous, and allowed anywhere. */
export function wasmSimdSupported(): boolean {
  if (supported === null) {
    try {
      supported = typeof WebAssembly === 'object' && WebAssembly.validate(kernelBytes());
    } catch {
      supported = false;
    }
  }
  return supported;
}

let loading: Promise<WasmPlayoutKernel> | null = null;
let loaded: WasmPlayoutKernel | null = null;

/** This thread's kernel instance, made on the first call; rejects where WebAssembly SIMD is missing. */
export function loadWasmKernel(): Promise<WasmPlayoutKernel> {
  loading ??= (async () => {
    if (!wasmSimdSupported()) throw new Error('this runtime has no WebAssembly SIMD');
    const { instance } = await WebAssembly.instantiate(kernelBytes());
    loaded = new WasmPlayoutKernel(instance.exports as unknown as KernelExports);
    return loaded;
  })();
  return loading;
}

/** This thread's kernel instance if loadWasmKernel has made it, else null. */
export function loadedWasmKernel(): WasmPlayoutKernel | null {
  return loaded;
}
