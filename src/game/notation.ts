/**
 * Cell names: a column letter and a row number (`a1` … `k11`). Columns past
 * the 26th are `aa`, `ab`, … as in HexGui.
 */
import type { CellIndex, Geometry } from './geometry.js';

/** The name of 0-based column `c`: `a` … `z`, then `aa`, `ab`, …. */
export function columnName(c: number): string {
  const letter = (k: number) => String.fromCharCode(97 + k);
  return c < 26 ? letter(c) : letter(Math.floor(c / 26) - 1) + letter(c % 26);
}

function parseColumn(letters: string): number {
  if (letters.length === 1) return letters.charCodeAt(0) - 97;
  return (letters.charCodeAt(0) - 97 + 1) * 26 + (letters.charCodeAt(1) - 97);
}

/** A cell's name: its column's name and its 1-based row (`c4`). */
export function cellName(g: Geometry, cell: CellIndex): string {
  return `${columnName(g.col[cell] ?? 0)}${(g.row[cell] ?? 0) + 1}`;
}

/** The cell a name denotes; throws when the name is malformed or off the board. */
export function parseCell(g: Geometry, name: string): CellIndex {
  const m = /^([a-z]{1,2})([0-9]{1,2})$/.exec(name.trim().toLowerCase());
  if (!m || !m[1] || !m[2])
    throw new Error(`"${name}" is not a cell name (expected a column letter and a row number, like c4)`);
  const c = parseColumn(m[1]);
  const r = Number(m[2]) - 1;
  const i = g.index(r, c);
  if (i < 0) throw new Error(`${name} is off the board`);
  return i;
}
