/**
 * The CPU backend's fastest exact path: fill and test fused. 32 playouts are
 * filled straight into one bit-sliced plane (src/fill/fill-slices.ts) and
 * decided by one bit-sliced reduction (src/wintest/bitsliced.ts). Playouts
 * fill every cell, so the black plane alone decides them (a full board's
 * white plane is its complement), and the counts, winners and ownership are
 * read from slice words with population counts, never board by board.
 */
import type { Geometry } from '../game/geometry.js';
import { type SliceFillBase, fillSlices, sliceFillBase } from '../fill/fill-slices.js';
import { SLICE_BOARDS, decideSlices, sliceLayoutOf, winners32 } from '../wintest/bitsliced.js';
import type { Chunk, ChunkResult, PlayoutJob } from './cpu-playouts.js';

/** Set bits of a u32 (SWAR). */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function makeFusedPlayer(g: Geometry, job: PlayoutJob): (chunk: Chunk) => ChunkResult {
  const layout = sliceLayoutOf(g);
  const bases: (SliceFillBase | undefined)[] = new Array(job.positions.length);
  const plane = new Int32Array(layout.planeWords);
  const result = new Int32Array(2);
  const slotOfCell = layout.slotOfCell;
  return (chunk) => {
    const position = job.positions[chunk.position];
    if (!position) throw new RangeError(`no position ${chunk.position} in this job`);
    const base = (bases[chunk.position] ??= sliceFillBase(position.cells, position.toMove, slotOfCell, layout.blackTemplate));
    const ownership = job.ownership ? new Uint32Array(g.cellCount) : null;
    const blackOwned = job.ownership ? new Uint32Array(g.cellCount) : null;
    const winners = job.winners ? new Uint8Array(chunk.end - chunk.first) : null;
    let blackWins = 0;
    let whiteWins = 0;
    for (let first = chunk.first; first < chunk.end; first += SLICE_BOARDS) {
      const count = Math.min(SLICE_BOARDS, chunk.end - first);
      const mask = count === SLICE_BOARDS ? -1 : (1 << count) - 1;
      plane.set(base.plane);
      fillSlices(base, job.seed, chunk.position, first, count, job.fill, plane);
      decideSlices(layout, plane, null, result);
      const black = (result[0] as number) & mask;
      blackWins += popcount(black);
      whiteWins += count - popcount(black);
      if (winners) winners32(black, ~black & mask, count, winners, first - chunk.first);
      if (ownership && blackOwned) {
        // A cell's owner won where its bit equals the black-wins bit.
        for (let i = 0; i < ownership.length; i++) {
          const owner = plane[slotOfCell[i] as number] as number;
          ownership[i] = (ownership[i] as number) + popcount(~(owner ^ black) & mask);
          blackOwned[i] = (blackOwned[i] as number) + popcount(owner & mask);
        }
      }
    }
    return { ...chunk, blackWins, whiteWins, ownership, blackOwned, winners };
  };
}
