/**
 * The CPU backend's fastest exact path: fill and test fused. 32 playouts are
 * filled straight into one bit-sliced plane (src/fill/fill-slices.ts) and
 * decided by one bit-sliced reduction (src/wintest/bitsliced.ts). Playouts
 * fill every cell, so the black plane alone decides them (a full board's
 * white plane is its complement), and the counts, winners and ownership are
 * read from slice words with population counts, never board by board.
 */
import { Color } from '../../game/color.js';
import { popcount } from '../../fill/fill.js';
import type { Cells, Geometry } from '../../game/geometry.js';
import { type SliceFillBase, fillSlices, sliceFillBase, sliceFillScratch } from '../../fill/fill-slices.js';
import { SLICE_BOARDS, decideSlices, sliceLayoutOf, winners32 } from '../../wintest/bitsliced.js';
import { type ChunkPlayer, type PlayoutJob, chunkCounts, chunkResult, jobPosition } from './job.js';

export function makeFusedPlayer(g: Geometry, job: PlayoutJob): ChunkPlayer {
  const layout = sliceLayoutOf(g);
  const plane = new Int32Array(layout.planeWords);
  const result = new Int32Array(2);
  // One position's fill base at a time: a thread claims a position's chunks
  // one after another, so it is made again only when the position changes.
  const scratch = sliceFillScratch(layout.planeWords, g.cellCount);
  let basePosition = -1;
  let base: SliceFillBase | null = null;
  let cells: Cells = new Uint8Array(0);
  return (chunk, into) => {
    if (base === null || chunk.position !== basePosition) {
      const position = jobPosition(job, g.cellCount, chunk.position);
      cells = position.cells;
      base = sliceFillBase(cells, position.toMove, layout.slotOfCell, layout.blackTemplate, scratch);
      basePosition = chunk.position;
    }
    const { emptyCells, emptySlots } = base;
    const counts = chunkCounts(job, g.cellCount, into ?? null);
    const ownership = counts?.ownership ?? null;
    const blackOwned = counts?.blackOwned ?? null;
    const winners = job.winners ? new Uint8Array(chunk.end - chunk.first) : null;
    let blackWins = 0;
    for (let first = chunk.first; first < chunk.end; first += SLICE_BOARDS) {
      const count = Math.min(SLICE_BOARDS, chunk.end - first);
      const mask = count === SLICE_BOARDS ? -1 : (1 << count) - 1;
      plane.set(base.plane);
      fillSlices(base, job.seed, chunk.position, first, count, job.fill, plane);
      decideSlices(layout, plane, null, result);
      const black = (result[0] as number) & mask;
      blackWins += popcount(black);
      if (winners) winners32(black, ~black & mask, count, winners, first - chunk.first);
      if (ownership && blackOwned) {
        // A cell's owner won where its bit equals the black-wins bit. Only
        // the empty cells are counted here: a stone's owner never changes.
        for (let e = 0; e < emptyCells.length; e++) {
          const owner = plane[emptySlots[e] as number] as number;
          const i = emptyCells[e] as number;
          ownership[i] = (ownership[i] as number) + popcount(~(owner ^ black) & mask);
          blackOwned[i] = (blackOwned[i] as number) + popcount(owner & mask);
        }
      }
    }
    const whiteWins = chunk.end - chunk.first - blackWins;
    if (ownership && blackOwned)
      countStones(cells, chunk.end - chunk.first, blackWins, whiteWins, ownership, blackOwned);
    return chunkResult(chunk, blackWins, whiteWins, counts, into ?? null, winners);
  };
}

/** A stone's cell: its colour owned it in every playout, and won in all that colour won (added to the counts so far). */
export function countStones(
  cells: Cells,
  playouts: number,
  blackWins: number,
  whiteWins: number,
  ownership: Uint32Array,
  blackOwned: Uint32Array,
): void {
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === Color.Black) {
      ownership[i] = (ownership[i] as number) + blackWins;
      blackOwned[i] = (blackOwned[i] as number) + playouts;
    } else if (cells[i] === Color.White) ownership[i] = (ownership[i] as number) + whiteWins;
  }
}
