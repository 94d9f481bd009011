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
export function encodeRecords(
  sources: readonly RecordSource[],
  start: number,
  count: number,
  cellCount: number,
): Uint32Array<ArrayBuffer> {
  const words = recordWords(cellCount);
  const out = new Uint32Array(count * words);
  for (let p = 0; p < count; p++) {
    const source = sources[start + p] as RecordSource;
    const cells = source.cells;
    const base = p * words;
    let empty = 0;
    // A word's 16 cells gather in a local before one store: the search sends
    // thousands of positions a call, and this loop is its host cost.
    for (let first = 0, w = base + 2; first < cellCount; first += 16, w++) {
      const last = Math.min(first + 16, cellCount);
      let word = 0;
      for (let i = first; i < last; i++) {
        const v = cells[i] as number;
        empty += v === Color.Empty ? 1 : 0;
        word |= v << (2 * (i - first));
      }
      out[w] = word;
    }
    out[base] = source.toMove;
    out[base + 1] = empty;
  }
  return out;
}
