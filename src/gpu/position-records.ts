/**
 * Positions as the kernels read them (shaders/common.wgsl): per position the
 * side to move, the number of empty cells, then the cells at 2 bits each, 16
 * to a u32, in row-major order.
 */
import { Color } from '../game/color.js';
import type { Cells } from '../game/geometry.js';

export function recordWords(cellCount: number): number {
  return 2 + Math.ceil(cellCount / 16);
}

export interface RecordSource {
  readonly cells: Cells;
  /** Color.Black or Color.White; ignored when boards are decided as given. */
  readonly toMove: Color;
}

/** Records of sources[start … start + count) in one array. */
export function encodeRecords(sources: readonly RecordSource[], start: number, count: number, cellCount: number): Uint32Array<ArrayBuffer> {
  const words = recordWords(cellCount);
  const out = new Uint32Array(count * words);
  for (let p = 0; p < count; p++) {
    const source = sources[start + p] as RecordSource;
    const base = p * words;
    let empty = 0;
    for (let i = 0; i < cellCount; i++) {
      const v = source.cells[i] as number;
      if (v === Color.Empty) empty++;
      const w = base + 2 + (i >>> 4);
      out[w] = (out[w] as number) | (v << (2 * (i & 15)));
    }
    out[base] = source.toMove;
    out[base + 1] = empty;
  }
  return out;
}
