/**
 * Where a board's pieces go, for every picture of a board on the demo's
 * pages (the ownership heat map on a canvas, the play page's board in SVG):
 * pointy-top hexagons, Hex as the usual rhombus and Y as a triangle, the Hex
 * edge bars, the row and column labels, and the heat colour ramp.
 */
import { Color, GameKind, type Geometry, type Player, columnName } from '../src/index.js';

const SQRT3 = Math.sqrt(3);
/** Room under a Y board for its column letters. */
const Y_COLUMN_LABELS = 16;

/** The room a board may take. */
export interface Frame {
  readonly width: number;
  readonly maxBoardHeight: number;
  /** Small boards stay board-sized instead of blowing up to fill the frame. */
  readonly maxRadius: number;
  /** Room around the board for the edge bars and the labels. */
  readonly margin: number;
  /** Room under the board for a legend. */
  readonly below: number;
}

export interface BoardLayout {
  /** Hexagon radius (centre to corner). */
  readonly s: number;
  readonly width: number;
  readonly height: number;
  center(r: number, c: number): [number, number];
}

export type Point = readonly [number, number];

/** Each Hex row sits half a cell right of the one above, each Y row half a cell left. */
export function boardLayout(g: Geometry, frame: Frame): BoardLayout {
  const n = g.size as number;
  const spanW = g.game === GameKind.Hex ? 1.5 * (n - 1) + 1 : n; // in hexagon widths
  const spanH = 1.5 * (n - 1) + 2; // in radii
  const s = Math.min((frame.width - 2 * frame.margin) / (spanW * SQRT3), frame.maxBoardHeight / spanH, frame.maxRadius);
  const w = SQRT3 * s;
  const left = (frame.width - spanW * w) / 2 + w / 2;
  const top = frame.margin + s;
  const center = (r: number, c: number): [number, number] =>
    g.game === GameKind.Hex
      ? [left + (c + r / 2) * w, top + r * 1.5 * s]
      : [left + (n - 1) * (w / 2) + (c - r / 2) * w, top + r * 1.5 * s];
  const boardBottom = top + (n - 1) * 1.5 * s + s + 8 + (g.game === GameKind.Y ? Y_COLUMN_LABELS : 0);
  return { s, width: frame.width, height: Math.ceil(boardBottom + frame.below), center };
}

/** The centre of `cell`. */
export function cellCenter(g: Geometry, L: BoardLayout, cell: number): [number, number] {
  return L.center(g.row[cell] as number, g.col[cell] as number);
}

export function hexagonCorners(x: number, y: number, s: number): Point[] {
  return Array.from({ length: 6 }, (_, k) => {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    return [x + s * Math.cos(a), y + s * Math.sin(a)] as const;
  });
}

/** Edge bars thin out with the cells, so they never cover a small board. */
export function barWidth(L: BoardLayout): number {
  return Math.min(8, Math.max(3, L.s * 0.5));
}

export interface EdgeBar {
  readonly from: Point;
  readonly to: Point;
  /** The player who joins this edge to its opposite. */
  readonly owner: Player;
}

export const STONE_FILL: Readonly<Record<Player, string>> = { [Color.Black]: '#1d2330', [Color.White]: '#f4f6fa' };
export const OUTLINE = '#1d2330';

/** Hex only: black joins rows 1 and N (dark bars), white the first and last columns (light bars). */
export function hexEdgeBars(g: Geometry, L: BoardLayout): EdgeBar[] {
  const n = g.size as number;
  const w = SQRT3 * L.s;
  const gap = barWidth(L) / 2 + 2;
  const [x00, y00] = L.center(0, 0);
  const [x0n, y0n] = L.center(0, n - 1);
  const [xn0, yn0] = L.center(n - 1, 0);
  const [xnn, ynn] = L.center(n - 1, n - 1);
  return [
    { from: [x00 - w / 2, y00 - L.s - gap], to: [x0n + w / 2, y0n - L.s - gap], owner: Color.Black },
    { from: [xn0 - w / 2, yn0 + L.s + gap], to: [xnn + w / 2, ynn + L.s + gap], owner: Color.Black },
    { from: [x00 - w / 2 - gap, y00 - L.s / 2], to: [xn0 - w / 2 - gap, yn0 + L.s / 2], owner: Color.White },
    { from: [x0n + w / 2 + gap, y0n - L.s / 2], to: [xnn + w / 2 + gap, ynn + L.s / 2], owner: Color.White },
  ];
}

/** Label every row (column) when there is room, else every 2nd, 5th or 10th: `need` px apart at least. */
function labelStep(spacing: number, need: number): number {
  return [1, 2, 5, 10].find((k) => k * spacing >= need) ?? 10;
}

/** Lines 1, 3, 5, … for a step of 2; lines 1, 5, 10, … (1, 10, 20, …) for 5 (10). */
function labelled(i: number, step: number): boolean {
  return step <= 2 ? i % step === 0 : i === 0 || (i + 1) % step === 0;
}

export interface Label {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

export interface BoardLabels {
  readonly fontSize: number;
  /** Right-aligned, vertically centred. */
  readonly rows: readonly Label[];
  /** Centred; above the board on Hex (text ends at y), below it on Y (text starts at y). */
  readonly columns: readonly Label[];
  readonly columnsAbove: boolean;
}

/** The row numbers left of the board and the column letters, as many as there is room for. */
export function boardLabels(g: Geometry, L: BoardLayout): BoardLabels {
  const n = g.size as number;
  // Clear of the cells, and on Hex of the edge bars too: the left bar runs
  // straight past the zigzag of row ends, up to w/4 further out than a row's end.
  const w = SQRT3 * L.s;
  const bars = g.game === GameKind.Hex ? barWidth(L) + 2 + w / 4 : 0;
  const rowStep = labelStep(1.5 * L.s, 13);
  const rows: Label[] = [];
  for (let r = 0; r < n; r++) {
    if (!labelled(r, rowStep)) continue;
    const [x, y] = L.center(r, 0);
    rows.push({ text: String(r + 1), x: x - w / 2 - bars - 6, y });
  }
  // Column letters: above row 1 on Hex; on Y, whose row 1 is one cell, below row N, which has them all.
  const hex = g.game === GameKind.Hex;
  const colStep = labelStep(w, n > 26 ? 17 : 10);
  const columns: Label[] = [];
  for (let c = 0; c < n; c++) {
    if (!labelled(c, colStep)) continue;
    const [x, y] = hex ? L.center(0, c) : L.center(n - 1, c);
    columns.push({ text: columnName(c), x, y: hex ? y - L.s - barWidth(L) - 6 : y + L.s + 4 });
  }
  return { fontSize: Math.max(9, Math.min(13, L.s * 0.75)), rows, columns, columnsAbove: hex };
}

/** Hand-picked sequential ramp: pale for "this cell hardly matters", dark for decisive. */
const RAMP: readonly (readonly [number, number, number])[] = [
  [251, 245, 230],
  [246, 198, 103],
  [224, 112, 58],
  [156, 42, 75],
  [59, 26, 79],
];

/** The ramp's colour at `t` in [0, 1], as CSS. */
export function rampColor(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP[i] as readonly [number, number, number];
  const b = RAMP[i + 1] as readonly [number, number, number];
  const [r, g, bl] = [0, 1, 2].map((k) => Math.round((a[k] as number) + ((b[k] as number) - (a[k] as number)) * f));
  return `rgb(${r},${g},${bl})`;
}

/** Text on a ramp cell stays readable: light on the dark end. */
export function inkOnRamp(t: number): string {
  return t > 0.55 ? '#ffffff' : '#1d2330';
}
