/**
 * Plain-text tables for terminals: columns padded to their widest cell,
 * numbers (cells that start with a digit) right-aligned, the rest left.
 * The last column is not padded, so long summaries do not leave trailing
 * spaces.
 */
const NUMERIC = /^[-+]?[0-9]/;

/** The cell for a value that does not exist (a method that skips a game). */
export const MISSING = '—';

export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  const isNumber = (cell: string | undefined) => cell === MISSING || NUMERIC.test(cell ?? '');
  const rightAligned = header.map((_, c) => rows.length > 0 && rows.every((row) => isNumber(row[c])));
  const line = (row: readonly string[]) =>
    row
      .map((cell, c) => {
        const width = widths[c] ?? 0;
        if (rightAligned[c]) return cell.padStart(width);
        return c === row.length - 1 ? cell : cell.padEnd(width);
      })
      .join('  ');
  return `${all.map(line).join('\n')}\n`;
}
