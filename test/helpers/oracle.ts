/**
 * The tests' own brute-force winner: a plain search over each colour's
 * groups, with adjacency written again from DESIGN.md rather than taken from
 * src/, so that a mistake in the library's geometry cannot hide here.
 * Returns 0 none, 1 black, 2 white.
 */
export type OracleGame = 'hex' | 'y';

/** Cells in row r (0-based): n on Hex, r + 1 on Y. */
export function oracleRowLength(game: OracleGame, n: number, r: number): number {
  return game === 'hex' ? n : r + 1;
}

/** The index of cell (r, c), or −1 off the board. */
export function oracleCell(game: OracleGame, n: number, r: number, c: number): number {
  if (r < 0 || r >= n || c < 0 || c >= oracleRowLength(game, n, r)) return -1;
  return game === 'hex' ? r * n + c : (r * (r + 1)) / 2 + c;
}

/** The six (row, column) steps to a cell's neighbours. */
export function oracleSteps(game: OracleGame): readonly (readonly [number, number])[] {
  return game === 'hex'
    ? [
        [0, -1],
        [0, 1],
        [-1, 0],
        [1, 0],
        [-1, 1],
        [1, -1],
      ]
    : [
        [0, -1],
        [0, 1],
        [-1, -1],
        [-1, 0],
        [1, 0],
        [1, 1],
      ];
}

function neighbours(game: OracleGame, n: number, r: number, c: number): number[] {
  return oracleSteps(game)
    .map(([dr, dc]) => oracleCell(game, n, r + dr, c + dc))
    .filter((j) => j >= 0);
}

export function oracleWinner(game: OracleGame, n: number, cells: ArrayLike<number>): number {
  const coords: [number, number][] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < oracleRowLength(game, n, r); c++) coords.push([r, c]);
  if (coords.length !== cells.length) throw new Error('oracle: wrong cell count');
  const seen = new Uint8Array(cells.length);
  for (let start = 0; start < cells.length; start++) {
    const colour = cells[start] as number;
    if (colour === 0 || seen[start]) continue;
    // Sides touched by this group: bit 0/1/2 as described below.
    let touched = 0;
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop() as number;
      const [r, c] = coords[i] as [number, number];
      if (game === 'hex') {
        if (colour === 1 && r === 0) touched |= 1;
        if (colour === 1 && r === n - 1) touched |= 2;
        if (colour === 2 && c === 0) touched |= 1;
        if (colour === 2 && c === n - 1) touched |= 2;
      } else {
        if (c === 0) touched |= 1;
        if (c === r) touched |= 2;
        if (r === n - 1) touched |= 4;
      }
      for (const j of neighbours(game, n, r, c)) {
        if (!seen[j] && cells[j] === colour) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    if (touched === (game === 'hex' ? 3 : 7)) return colour;
  }
  return 0;
}
