/**
 * Ownership heat map: the board drawn as hexagons on a canvas, each cell
 * shaded by how often its owner won, with the Hex edges coloured for the
 * player who joins them.
 */
import { GameKind, type Geometry } from '../src/index.js';
import {
  type BoardLayout,
  OUTLINE,
  STONE_FILL,
  type Point,
  barWidth,
  boardLabels,
  boardLayout,
  cellCenter,
  hexEdgeBars,
  hexagonCorners,
  inkOnRamp,
  rampColor,
} from './board-geometry.js';

const LEGEND_HEIGHT = 44;
const FRAME = { width: 480, maxBoardHeight: 340, maxRadius: 24, margin: 40, below: LEGEND_HEIGHT } as const;

function hexPath(ctx: CanvasRenderingContext2D, x: number, y: number, s: number): void {
  ctx.beginPath();
  for (const [px, py] of hexagonCorners(x, y, s)) ctx.lineTo(px, py);
  ctx.closePath();
}

function edgeBar(ctx: CanvasRenderingContext2D, L: BoardLayout, from: Point, to: Point, color: string): void {
  ctx.beginPath();
  ctx.moveTo(...from);
  ctx.lineTo(...to);
  ctx.lineCap = 'round';
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = barWidth(L);
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = barWidth(L) - 2;
  ctx.stroke();
}

function drawLabels(ctx: CanvasRenderingContext2D, g: Geometry, L: BoardLayout): void {
  const labels = boardLabels(g, L);
  ctx.fillStyle = '#5b6475';
  ctx.font = `${labels.fontSize}px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const { text, x, y } of labels.rows) ctx.fillText(text, x, y);
  ctx.textAlign = 'center';
  ctx.textBaseline = labels.columnsAbove ? 'bottom' : 'top';
  for (const { text, x, y } of labels.columns) ctx.fillText(text, x, y);
  // What was drawn, for tests and assistive tools: the canvas itself cannot be read back as text.
  ctx.canvas.dataset.columnLabels = labels.columns.map((l) => l.text).join(',');
}

function drawLegend(ctx: CanvasRenderingContext2D, L: BoardLayout, lo: number, hi: number): void {
  const y = L.height - LEGEND_HEIGHT + 12;
  const x0 = 90;
  const x1 = L.width - 90;
  const grad = ctx.createLinearGradient(x0, 0, x1, 0);
  for (let k = 0; k <= 10; k++) grad.addColorStop(k / 10, rampColor(k / 10));
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
  const L = boardLayout(g, FRAME);
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

  if (g.game === GameKind.Hex)
    for (const bar of hexEdgeBars(g, L)) edgeBar(ctx, L, bar.from, bar.to, STONE_FILL[bar.owner]);
  const showValues = L.s >= 13;
  ctx.font = `${Math.min(12, L.s * 0.62)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < g.cellCount; i++) {
    const v = fractions[i] ?? 0;
    const t = (v - lo) / span;
    const [x, y] = cellCenter(g, L, i);
    hexPath(ctx, x, y, L.s);
    ctx.fillStyle = rampColor(t);
    ctx.fill();
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 1;
    ctx.stroke();
    if (showValues) {
      ctx.fillStyle = inkOnRamp(t);
      ctx.fillText((v * 100).toFixed(0), x, y);
    }
  }
  drawLabels(ctx, g, L);
  drawLegend(ctx, L, lo, hi);
}
