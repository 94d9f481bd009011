/**
 * Terminal pictures: Hex as a skewed rhombus (each row shifted half a cell
 * further right, so hexagonal neighbours line up), Y as a triangle.
 */
import { Color } from './color.js';
import { type Cells, GameKind, type Geometry } from './geometry.js';
import { columnName } from './notation.js';

const SYMBOL: Readonly<Record<Color, string>> = { [Color.Empty]: '.', [Color.Black]: 'X', [Color.White]: 'O' };

/** A board drawn for a terminal, with column letters and row numbers: X black, O white, . empty. */
export function asciiPicture(g: Geometry, cells: Cells): string {
  const n = g.size as number;
  const label = (r: number) => String(r + 1).padStart(2);
  const lines: string[] = [];
  if (g.game === GameKind.Hex) {
    const header = Array.from({ length: n }, (_, c) => columnName(c).padEnd(2)).join('');
    lines.push(`    ${header.trimEnd()}`);
    for (let r = 0; r < n; r++) {
      const row = Array.from({ length: n }, (_, c) => SYMBOL[cells[g.index(r, c)] as Color]).join(' ');
      lines.push(`${' '.repeat(r)}${label(r)}  ${row}`);
    }
    lines.push(`X (black) joins rows 1 and ${n}; O (white) joins columns a and ${columnName(n - 1)}`);
  } else {
    for (let r = 0; r < n; r++) {
      const row = Array.from({ length: r + 1 }, (_, c) => SYMBOL[cells[g.index(r, c)] as Color]).join(' ');
      lines.push(`${label(r)} ${' '.repeat(n - 1 - r)}${row}`);
    }
    lines.push(`columns a… run along each row; X (black) and O (white) each try to join all three sides`);
  }
  return lines.join('\n');
}
