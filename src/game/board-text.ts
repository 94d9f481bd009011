/**
 * Board text: one character per cell in row-major order, `b`, `w` or `.`;
 * white space is ignored (DESIGN.md).
 */
import { Color } from './color.js';
import { type Cells, type Geometry, describeGeometry } from './geometry.js';

const CELL_CHAR = ['.', 'b', 'w'] as const;

/** Board text's cells (`b`, `w`, `.` in row-major order, white space ignored); throws with the position of a bad character or a wrong count. */
export function parseBoardText(g: Geometry, text: string): Cells {
  const cells = new Uint8Array(g.cellCount);
  let k = 0;
  for (let p = 0; p < text.length; p++) {
    const ch = text[p] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    let v: Color;
    if (ch === '.') v = Color.Empty;
    else if (ch === 'b') v = Color.Black;
    else if (ch === 'w') v = Color.White;
    else throw new Error(`unknown character "${ch}" at position ${p + 1} (expected b, w or .)`);
    if (k < g.cellCount) cells[k] = v;
    k++;
  }
  if (k !== g.cellCount) {
    throw new Error(`${describeGeometry(g)} needs ${g.cellCount} cells, but the text has ${k}`);
  }
  return cells;
}

/** Board text, one line per board row when `rows` is true, else one line. */
export function formatBoardText(g: Geometry, cells: Cells, rows = false): string {
  let out = '';
  let i = 0;
  for (let r = 0; r < g.size; r++) {
    if (rows && r > 0) out += '\n';
    for (let c = 0; c < g.rowLength(r); c++, i++) out += CELL_CHAR[cells[i] ?? 0];
  }
  return out;
}
