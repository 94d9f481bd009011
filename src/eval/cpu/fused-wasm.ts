/**
 * The fused player of cpu-fused.ts on the WebAssembly SIMD kernel
 * (wasm-kernel.ts): the same playouts, 128 at a time. The kernel fills and
 * decides; this module tells it the position (its empty cells, stones and
 * template as plane slots) and turns its counts into a ChunkResult.
 */
import { Color } from '../../game/color.js';
import { type Cells, GameKind, type Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { FillKind } from '../../fill/fill.js';
import { type SliceLayout, sliceLayoutOf } from '../../wintest/bitsliced.js';
import { countStones } from './fused.js';
import { type ChunkPlayer, type PlayoutJob, chunkCounts, chunkResult, jobPosition } from './job.js';
import type { WasmPlayoutKernel } from './wasm-kernel.js';

/** Boards the kernel fills and decides at once: the bits of a v128. */
export const WASM_SLICE_BOARDS = 128;

/**
 * The exact fill's draws drawn ahead for a position with `empty` empty
 * cells. A playout needs about 0.8·√E draws on average (it is |k − ⌈E/2⌉|
 * flips of about one draw in two); those past the ones drawn ahead are
 * drawn one at a time, more slowly, and those drawn ahead but not needed
 * are wasted.
 */
export function drawsAheadFor(empty: number): number {
  return Math.ceil(1.6 * Math.sqrt(empty));
}

export interface WasmPlayerOptions {
  /** Overrides drawsAheadFor (tests set 0, so that every draw takes the slow path). */
  readonly drawsAhead?: number;
}

/** The plane slots of a layout's black template cells (a search's round makes a player per thread). */
const templateSlotsOf: (g: Geometry) => Int32Array = perGeometry((g) => {
  const layout: SliceLayout = sliceLayoutOf(g);
  return Int32Array.from(Array.from(layout.blackTemplate).flatMap((word, slot) => (word === -1 ? [slot] : [])));
});

export function makeWasmFusedPlayer(
  g: Geometry,
  job: PlayoutJob,
  kernel: WasmPlayoutKernel,
  options: WasmPlayerOptions = {},
): ChunkPlayer {
  const layout = sliceLayoutOf(g);
  const templateSlots = templateSlotsOf(g);
  // Names the board for the kernel, which lays its plane out again only for a new one.
  const board = (g.game === GameKind.Hex ? 64 : 0) + g.size;
  const emptyCells = new Int32Array(g.cellCount);
  /** This player, as the kernel's owner: another player may use the same kernel between two chunks. */
  const me = {};
  let basePosition = -1;
  let empty = 0;
  let cells: Cells = new Uint8Array(0);

  function configure(position: number): void {
    const p = jobPosition(job, g.cellCount, position);
    cells = p.cells;
    const slots = layout.slotOfCell;
    let black = 0;
    for (let i = 0; i < cells.length; i++)
      if (cells[i] === Color.Black) kernel.stoneSlots[black++] = slots[i] as number;
    let stones = black;
    empty = 0;
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === Color.White) kernel.stoneSlots[stones++] = slots[i] as number;
      else if (cells[i] === Color.Empty) {
        kernel.emptySlots[empty] = slots[i] as number;
        emptyCells[empty++] = i;
      }
    }
    kernel.templateSlots.set(templateSlots);
    const ahead = Math.min(kernel.maxDraws, options.drawsAhead ?? drawsAheadFor(empty));
    kernel.configure(
      board,
      layout.side,
      layout.lastCell,
      empty,
      black,
      stones - black,
      templateSlots.length,
      p.toMove === Color.White,
      ahead,
    );
    kernel.owner = me;
    basePosition = position;
  }

  return (chunk, into) => {
    if (kernel.owner !== me || chunk.position !== basePosition) configure(chunk.position);
    const counts = chunkCounts(job, g.cellCount, into ?? null);
    const ownership = counts?.ownership ?? null;
    const blackOwned = counts?.blackOwned ?? null;
    const playouts = chunk.end - chunk.first;
    const winners = job.winners ? new Uint8Array(playouts) : null;
    const exact = job.fill === FillKind.Exact;
    let blackWins = 0;
    for (let first = chunk.first; first < chunk.end; first += kernel.maxCallPlayouts) {
      const count = Math.min(kernel.maxCallPlayouts, chunk.end - first);
      blackWins += kernel.play(job.seed, chunk.position, first, count, exact, ownership !== null, winners !== null);
      if (winners) winners.set(kernel.winners.subarray(0, count), first - chunk.first);
      if (ownership && blackOwned) {
        const owned = kernel.ownership;
        for (let e = 0; e < empty; e++) {
          const i = emptyCells[e] as number;
          ownership[i] = (ownership[i] as number) + (owned[2 * e] as number);
          blackOwned[i] = (blackOwned[i] as number) + (owned[2 * e + 1] as number);
        }
      }
    }
    const whiteWins = playouts - blackWins;
    if (ownership && blackOwned) countStones(cells, playouts, blackWins, whiteWins, ownership, blackOwned);
    return chunkResult(chunk, blackWins, whiteWins, counts, into ?? null, winners);
  };
}
