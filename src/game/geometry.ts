/**
 * Board geometry for Hex N×N (1 ≤ N ≤ 31) and Y of size N (1 ≤ N ≤ 32).
 * Cells are numbered in row-major order (row 1 first, column a first), which
 * is also the board-text order. Rows and columns here are 0-based.
 */

export enum GameKind {
  Hex = 'hex',
  Y = 'y',
}

declare const boardSizeBrand: unique symbol;
/** A board side length already checked against its game's range. */
export type BoardSize = number & { readonly [boardSizeBrand]: true };

/** Index of a cell in row-major order. */
export type CellIndex = number;

/** A board's cells, one Color per cell, in row-major order. */
export type Cells = Uint8Array;

/** The largest board of each game: Hex 31, Y 32. */
export const MAX_SIZE: Readonly<Record<GameKind, number>> = { [GameKind.Hex]: 31, [GameKind.Y]: 32 };

/** `hex` or `y` (any case); throws otherwise. */
export function parseGameKind(text: string): GameKind {
  const t = text.trim().toLowerCase();
  if (t === 'hex') return GameKind.Hex;
  if (t === 'y') return GameKind.Y;
  throw new Error(`unknown game "${text}" (expected hex or y)`);
}

/** `n` as a board size of `game`, 1 to its MAX_SIZE; throws otherwise. */
export function checkSize(game: GameKind, n: number): BoardSize {
  const max = MAX_SIZE[game];
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${game === GameKind.Hex ? 'Hex' : 'Y'} size must be a whole number from 1 to ${max}, not ${n}`);
  }
  return n as BoardSize;
}

/** Hex edges as bits: black's rows 1 and N, white's columns a and the last. */
export enum HexEdge {
  Top = 1,
  Bottom = 2,
  Left = 4,
  Right = 8,
}

/** Y sides as bits: column a, the last cell of each row, and row N. */
export enum YSide {
  Left = 1,
  Right = 2,
  Bottom = 4,
}

export const Y_ALL_SIDES = YSide.Left | YSide.Right | YSide.Bottom;

/** A board: its cells in row-major order, and for each its row, column, edges and neighbours (made once per game and size by `geometryOf`). */
export interface Geometry {
  readonly game: GameKind;
  readonly size: BoardSize;
  readonly cellCount: number;
  /** Row of each cell (0-based). */
  readonly row: Uint8Array;
  /** Column of each cell (0-based). */
  readonly col: Uint8Array;
  /** Edge bits of each cell: HexEdge bits for Hex, YSide bits for Y. */
  readonly edges: Uint8Array;
  /** Neighbours of cell i are neighbors[neighborStart[i] .. neighborStart[i+1]). */
  readonly neighborStart: Int32Array;
  readonly neighbors: Int32Array;
  /** Cells in row r. */
  rowLength(r: number): number;
  /** Index of (row, col), or -1 when off the board. */
  index(r: number, c: number): CellIndex;
}

function hexIndex(n: number, r: number, c: number): number {
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

function yIndex(n: number, r: number, c: number): number {
  return r >= 0 && r < n && c >= 0 && c <= r ? (r * (r + 1)) / 2 + c : -1;
}

/**
 * A Hex cell's six neighbour steps (row, column) in turning order: each
 * touches the next, and step k + 3 is step k turned half round.
 */
export const HEX_RING_STEPS: readonly (readonly [number, number])[] = [
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
  [1, 0],
];

const HEX_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
  [-1, 1],
  [1, -1],
];
const Y_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [-1, -1],
  [-1, 0],
  [1, 0],
  [1, 1],
];

function build(game: GameKind, size: BoardSize): Geometry {
  const n = size as number;
  const isHex = game === GameKind.Hex;
  const index = isHex ? (r: number, c: number) => hexIndex(n, r, c) : (r: number, c: number) => yIndex(n, r, c);
  const rowLength = isHex ? () => n : (r: number) => r + 1;
  const cellCount = isHex ? n * n : (n * (n + 1)) / 2;
  const row = new Uint8Array(cellCount);
  const col = new Uint8Array(cellCount);
  const edges = new Uint8Array(cellCount);
  const neighborStart = new Int32Array(cellCount + 1);
  const list: number[] = [];
  const steps = isHex ? HEX_STEPS : Y_STEPS;
  let i = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < rowLength(r); c++, i++) {
      row[i] = r;
      col[i] = c;
      let e = 0;
      if (isHex) {
        if (r === 0) e |= HexEdge.Top;
        if (r === n - 1) e |= HexEdge.Bottom;
        if (c === 0) e |= HexEdge.Left;
        if (c === n - 1) e |= HexEdge.Right;
      } else {
        if (c === 0) e |= YSide.Left;
        if (c === r) e |= YSide.Right;
        if (r === n - 1) e |= YSide.Bottom;
      }
      edges[i] = e;
      neighborStart[i] = list.length;
      for (const [dr, dc] of steps) {
        const j = index(r + dr, c + dc);
        if (j >= 0) list.push(j);
      }
    }
  }
  neighborStart[cellCount] = list.length;
  return {
    game,
    size,
    cellCount,
    row,
    col,
    edges,
    neighborStart,
    neighbors: Int32Array.from(list),
    rowLength,
    index,
  };
}

const cache = new Map<string, Geometry>();

/** The (cached) geometry of a game and size; throws on a size out of range. */
export function geometryOf(game: GameKind, n: number): Geometry {
  const size = checkSize(game, n);
  const key = `${game}${size}`;
  let g = cache.get(key);
  if (!g) {
    g = build(game, size);
    cache.set(key, g);
  }
  return g;
}

export function describeGeometry(g: Geometry): string {
  return g.game === GameKind.Hex ? `Hex ${g.size}×${g.size}` : `Y size ${g.size}`;
}

/** The neighbours of cell `c`, as a fresh array (for code that runs once per board or per move, not per playout). */
export function neighborsOf(g: Geometry, c: CellIndex): CellIndex[] {
  return Array.from(g.neighbors.subarray(g.neighborStart[c] as number, g.neighborStart[c + 1] as number));
}

/** Whether two boards of one geometry hold the same stones. */
export function sameCells(a: Readonly<Cells>, b: Readonly<Cells>): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The cell across Hex's long diagonal (column and row exchanged): where the swap puts black's first stone. */
export function mirrorCell(g: Geometry, cell: CellIndex): CellIndex {
  return g.index(g.col[cell] as number, g.row[cell] as number);
}

/** Whether cells `a` and `b` touch. */
export function areNeighbors(g: Geometry, a: CellIndex, b: CellIndex): boolean {
  for (let k = g.neighborStart[a] as number; k < (g.neighborStart[a + 1] as number); k++)
    if (g.neighbors[k] === b) return true;
  return false;
}
