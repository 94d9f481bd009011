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

export const MAX_SIZE: Readonly<Record<GameKind, number>> = { [GameKind.Hex]: 31, [GameKind.Y]: 32 };

export function parseGameKind(text: string): GameKind {
  const t = text.trim().toLowerCase();
  if (t === 'hex') return GameKind.Hex;
  if (t === 'y') return GameKind.Y;
  throw new Error(`unknown game "${text}" (expected hex or y)`);
}

export function checkSize(game: GameKind, n: number): BoardSize {
  const max = MAX_SIZE[game];
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`${game === GameKind.Hex ? 'Hex' : 'Y'} size must be a whole number from 1 to ${max}, not ${n}`);
  }
  return n as BoardSize;
}

/**
 * Which board edges a cell lies on, as bits. Hex: the two black edges (rows 1
 * and N) and the two white edges (columns a and the last). Y: the three sides.
 */
export enum Edge {
  HexTop = 1,
  HexBottom = 2,
  HexLeft = 4,
  HexRight = 8,
  YLeft = 1,
  YRight = 2,
  YBottom = 4,
}

export const Y_ALL_SIDES = Edge.YLeft | Edge.YRight | Edge.YBottom;

export interface Geometry {
  readonly game: GameKind;
  readonly size: BoardSize;
  readonly cellCount: number;
  /** Row of each cell (0-based). */
  readonly row: Uint8Array;
  /** Column of each cell (0-based). */
  readonly col: Uint8Array;
  /** Edge bits of each cell (see Edge). */
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

const HEX_STEPS: readonly (readonly [number, number])[] = [[0, -1], [0, 1], [-1, 0], [1, 0], [-1, 1], [1, -1]];
const Y_STEPS: readonly (readonly [number, number])[] = [[0, -1], [0, 1], [-1, -1], [-1, 0], [1, 0], [1, 1]];

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
        if (r === 0) e |= Edge.HexTop;
        if (r === n - 1) e |= Edge.HexBottom;
        if (c === 0) e |= Edge.HexLeft;
        if (c === n - 1) e |= Edge.HexRight;
      } else {
        if (c === 0) e |= Edge.YLeft;
        if (c === r) e |= Edge.YRight;
        if (r === n - 1) e |= Edge.YBottom;
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
