/**
 * Ownership heat map: the board drawn as hexagons (Hex as the usual rhombus,
 * Y as a triangle), each cell shaded by how often its owner won, with the
 * Hex edges coloured for the player who joins them.
 */
import { GameKind, type Geometry, columnName } from '../src/index.js';

const LOGICAL_WIDTH = 480;
const MAX_BOARD_HEIGHT = 340;
/** Small boards stay board-sized instead of blowing up to fill the canvas. */
const MAX_RADIUS = 24;
/** Room for the edge bars and the row and column labels. */
const MARGIN = 40;
const LEGEND_HEIGHT = 44;
/** Room under a Y board for its column letters. */
const Y_COLUMN_LABELS = 16;
const SQRT3 = Math.sqrt(3);

/** Hand-picked sequential ramp: pale for "this cell hardly matters", dark for decisive. */
const RAMP: readonly (readonly [number, number, number])[] = [
  [251, 245, 230],
  [246, 198, 103],
  [224, 112, 58],
  [156, 42, 75],
  [59, 26, 79],
];

function rampColor(t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const a = RAMP[i] as readonly [number, number, number];
  const b = RAMP[i + 1] as readonly [number, number, number];
  return [0, 1, 2].map((k) => Math.round((a[k] as number) + ((b[k] as number) - (a[k] as number)) * f)) as [number, number, number];
}

const css = ([r, g, b]: readonly number[]) => `rgb(${r},${g},${b})`;

interface Layout {
  /** Hexagon radius (centre to corner). */
  readonly s: number;
  readonly width: number;
  readonly height: number;
  center(r: number, c: number): [number, number];
}

/** Pointy-top hexagons; each Hex row sits half a cell right of the one above, each Y row half a cell left. */
function layout(g: Geometry): Layout {
  const n = g.size as number;
  const spanW = g.game === GameKind.Hex ? 1.5 * (n - 1) + 1 : n; // in hexagon widths
  const spanH = 1.5 * (n - 1) + 2; // in radii
  const s = Math.min((LOGICAL_WIDTH - 2 * MARGIN) / (spanW * SQRT3), MAX_BOARD_HEIGHT / spanH, MAX_RADIUS);
  const w = SQRT3 * s;
  const boardW = spanW * w;
  const left = (LOGICAL_WIDTH - boardW) / 2 + w / 2;
  const top = MARGIN + s;
  const center = (r: number, c: number): [number, number] =>
    g.game === GameKind.Hex
      ? [left + (c + r / 2) * w, top + r * 1.5 * s]
      : [left + (n - 1) * (w / 2) + (c - r / 2) * w, top + r * 1.5 * s];
  return { s, width: LOGICAL_WIDTH, height: Math.ceil(top + (n - 1) * 1.5 * s + s + 8 + (g.game === GameKind.Y ? Y_COLUMN_LABELS : 0) + LEGEND_HEIGHT), center };
}

function hexPath(ctx: CanvasRenderingContext2D, x: number, y: number, s: number): void {
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k + Math.PI / 6;
    ctx.lineTo(x + s * Math.cos(a), y + s * Math.sin(a));
  }
  ctx.closePath();
}

/** Edge bars thin out with the cells, so they never cover a small board. */
function barWidth(L: Layout): number {
  return Math.min(8, Math.max(3, L.s * 0.5));
}

function edgeBar(ctx: CanvasRenderingContext2D, L: Layout, from: [number, number], to: [number, number], color: string): void {
  ctx.beginPath();
  ctx.moveTo(...from);
  ctx.lineTo(...to);
  ctx.lineCap = 'round';
  ctx.strokeStyle = '#1d2330';
  ctx.lineWidth = barWidth(L);
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = barWidth(L) - 2;
  ctx.stroke();
}

/** Black joins rows 1 and N (dark bars), white joins the first and last columns (light bars). */
function drawHexEdges(ctx: CanvasRenderingContext2D, g: Geometry, L: Layout): void {
  const n = g.size as number;
  const w = SQRT3 * L.s;
  const gap = barWidth(L) / 2 + 2;
  const [x00, y00] = L.center(0, 0);
  const [x0n, y0n] = L.center(0, n - 1);
  const [xn0, yn0] = L.center(n - 1, 0);
  const [xnn, ynn] = L.center(n - 1, n - 1);
  edgeBar(ctx, L, [x00 - w / 2, y00 - L.s - gap], [x0n + w / 2, y0n - L.s - gap], '#1d2330');
  edgeBar(ctx, L, [xn0 - w / 2, yn0 + L.s + gap], [xnn + w / 2, ynn + L.s + gap], '#1d2330');
  edgeBar(ctx, L, [x00 - w / 2 - gap, y00 - L.s / 2], [xn0 - w / 2 - gap, yn0 + L.s / 2], '#f4f6fa');
  edgeBar(ctx, L, [x0n + w / 2 + gap, y0n - L.s / 2], [xnn + w / 2 + gap, ynn + L.s / 2], '#f4f6fa');
}

/** Label every row (column) when there is room, else every 2nd, 5th or 10th: `need` px apart at least. */
function labelStep(spacing: number, need: number): number {
  return [1, 2, 5, 10].find((k) => k * spacing >= need) ?? 10;
}

/** Lines 1, 3, 5, … for a step of 2; lines 1, 5, 10, … (1, 10, 20, …) for 5 (10). */
function labelled(i: number, step: number): boolean {
  return step <= 2 ? i % step === 0 : i === 0 || (i + 1) % step === 0;
}

function drawLabels(ctx: CanvasRenderingContext2D, g: Geometry, L: Layout): void {
  const n = g.size as number;
  ctx.fillStyle = '#5b6475';
  ctx.font = `${Math.max(9, Math.min(13, L.s * 0.75))}px system-ui, sans-serif`;
  // Clear of the cells, and on Hex of the edge bars too: the left bar runs
  // straight past the zigzag of row ends, up to w/4 further out than a row's end.
  const w = SQRT3 * L.s;
  const bars = g.game === GameKind.Hex ? barWidth(L) + 2 + w / 4 : 0;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const rowStep = labelStep(1.5 * L.s, 13);
  for (let r = 0; r < n; r++) {
    if (!labelled(r, rowStep)) continue;
    const [x, y] = L.center(r, 0);
    ctx.fillText(String(r + 1), x - w / 2 - bars - 6, y);
  }
  // Column letters: above row 1 on Hex; on Y, whose row 1 is one cell, below row N, which has them all.
  ctx.textAlign = 'center';
  ctx.textBaseline = g.game === GameKind.Hex ? 'bottom' : 'top';
  const colStep = labelStep(w, n > 26 ? 17 : 10);
  const columns: string[] = [];
  for (let c = 0; c < n; c++) {
    if (!labelled(c, colStep)) continue;
    const [x, y] = g.game === GameKind.Hex ? L.center(0, c) : L.center(n - 1, c);
    ctx.fillText(columnName(c), x, g.game === GameKind.Hex ? y - L.s - barWidth(L) - 6 : y + L.s + 4);
    columns.push(columnName(c));
  }
  // What was drawn, for tests and assistive tools: the canvas itself cannot be read back as text.
  ctx.canvas.dataset.columnLabels = columns.join(',');
}

function drawLegend(ctx: CanvasRenderingContext2D, L: Layout, lo: number, hi: number): void {
  const y = L.height - LEGEND_HEIGHT + 12;
  const x0 = 90;
  const x1 = L.width - 90;
  const grad = ctx.createLinearGradient(x0, 0, x1, 0);
  for (let k = 0; k <= 10; k++) grad.addColorStop(k / 10, css(rampColor(k / 10)));
  ctx.fillStyle = grad;
  ctx.fillRect(x0, y, x1 - x0, 12);
  ctx.strokeStyle = '#d9dee8';
  ctx.lineWidth = 1;
  ctx.strokeRect(x0, y, x1 - x0, 12);
  ctx.fillStyle = '#1d2330';
  ctx.font = '12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  ctx.fillText(`${(lo * 100).toFixed(1)}%`, x0 - 8, y + 6);
  ctx.textAlign = 'left';
  ctx.fillText(`${(hi * 100).toFixed(1)}%`, x1 + 8, y + 6);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#5b6475';
  ctx.fillText('playouts won by the cell’s owner', L.width / 2, y + 26);
}

/** Draws `fractions` (row-major, one per cell, in [0, 1]) onto the canvas. */
export function drawHeatmap(canvas: HTMLCanvasElement, g: Geometry, fractions: ArrayLike<number>): void {
  const L = layout(g);
  canvas.hidden = false;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(L.width * dpr);
  canvas.height = Math.round(L.height * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, L.width, L.height);

  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < g.cellCount; i++) {
    const v = fractions[i] ?? 0;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  // A board of equal cells (size 1, or no playouts) still gets a usable scale.
  const span = hi - lo > 1e-9 ? hi - lo : 1;

  if (g.game === GameKind.Hex) drawHexEdges(ctx, g, L);
  const showValues = L.s >= 13;
  ctx.font = `${Math.min(12, L.s * 0.62)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < g.cellCount; i++) {
    const v = fractions[i] ?? 0;
    const t = (v - lo) / span;
    const [x, y] = L.center(g.row[i] as number, g.col[i] as number);
    hexPath(ctx, x, y, L.s);
    ctx.fillStyle = css(rampColor(t));
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    ctx.stroke();
    if (showValues) {
      ctx.fillStyle = t > 0.55 ? '#ffffff' : '#1d2330';
      ctx.fillText((v * 100).toFixed(0), x, y);
    }
  }
  drawLabels(ctx, g, L);
  drawLegend(ctx, L, lo, hi);
}
