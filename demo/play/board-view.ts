/**
 * The play page's board in SVG: one hexagon per cell (a button for the
 * human's move), the stones, the last move, and the engine's visits as a
 * heat map on the empty cells while it thinks. Built once per board; an
 * update only sets colours, so the search's progress redraws cheaply.
 */
import { Color, GameKind, type Geometry, cellName } from '../../src/index.js';
import {
  OUTLINE,
  STONE_FILL,
  barWidth,
  boardLabels,
  boardLayout,
  cellCenter,
  hexEdgeBars,
  hexagonCorners,
  inkOnRamp,
  rampColor,
} from '../board-geometry.js';

const SVG = 'http://www.w3.org/2000/svg';
const FRAME = { width: 640, maxBoardHeight: 500, maxRadius: 30, margin: 40, below: 0 } as const;
/** Cell borders: visible on the pale end of the ramp (empty cells), quiet on the dark end. */
const GRID = '#e0d3b4';

export interface BoardState {
  /** What is on each cell. */
  stoneAt(cell: number): Color;
  /** The cell the last stone went on, marked. */
  readonly lastCell: number | null;
  /** Whether a click on an empty cell is a move now. */
  readonly clickable: boolean;
  /** Heat in [0, 1] per cell while the engine thinks, else null. */
  readonly heat: readonly number[] | null;
}

function element<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  parent: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  parent.append(el);
  return el;
}

interface CellShapes {
  readonly hexagon: SVGPolygonElement;
  readonly stone: SVGCircleElement;
  readonly heatText: SVGTextElement;
}

export class BoardView {
  private geometry: Geometry | null = null;
  private cells: CellShapes[] = [];
  private lastMarker: SVGCircleElement | null = null;

  constructor(
    private readonly svg: SVGSVGElement,
    onCell: (cell: number) => void,
  ) {
    svg.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target.closest<SVGElement>('[data-index]') : null;
      if (target) onCell(Number(target.dataset.index));
    });
  }

  /** Draws an empty board of `g`, replacing the last one. */
  build(g: Geometry): void {
    this.geometry = g;
    const L = boardLayout(g, FRAME);
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
    svg.setAttribute('aria-label', `${g.game === GameKind.Hex ? 'Hex' : 'Y'} board of size ${g.size}`);
    if (g.game === GameKind.Hex) {
      for (const bar of hexEdgeBars(g, L)) {
        const line = { x1: bar.from[0], y1: bar.from[1], x2: bar.to[0], y2: bar.to[1], 'stroke-linecap': 'round' };
        element('line', { ...line, stroke: OUTLINE, 'stroke-width': barWidth(L) }, svg);
        element('line', { ...line, stroke: STONE_FILL[bar.owner], 'stroke-width': barWidth(L) - 2 }, svg);
      }
    }
    const labels = boardLabels(g, L);
    const labelStyle = { fill: '#5b6475', 'font-size': labels.fontSize };
    for (const { text, x, y } of labels.rows)
      element('text', { ...labelStyle, x, y, 'text-anchor': 'end', 'dominant-baseline': 'central' }, svg).textContent =
        text;
    for (const { text, x, y } of labels.columns) {
      element(
        'text',
        {
          ...labelStyle,
          x,
          y,
          'text-anchor': 'middle',
          'dominant-baseline': labels.columnsAbove ? 'text-after-edge' : 'hanging',
        },
        svg,
      ).textContent = text;
    }
    this.cells = [];
    for (let i = 0; i < g.cellCount; i++) {
      const [x, y] = cellCenter(g, L, i);
      const group = element('g', { class: 'cell', 'data-index': i, 'data-cell': cellName(g, i), role: 'button' }, svg);
      const hexagon = element(
        'polygon',
        {
          points: hexagonCorners(x, y, L.s)
            .map((p) => p.join(','))
            .join(' '),
          stroke: GRID,
          'stroke-width': 1,
        },
        group,
      );
      const stone = element('circle', { cx: x, cy: y, r: L.s * 0.62, stroke: OUTLINE, 'stroke-width': 1.2 }, group);
      const heatText = element(
        'text',
        {
          x,
          y,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': Math.min(12, L.s * 0.55),
          'pointer-events': 'none',
        },
        group,
      );
      this.cells.push({ hexagon, stone, heatText });
    }
    this.lastMarker = element(
      'circle',
      { r: L.s * 0.18, fill: '#e0703a', 'pointer-events': 'none', visibility: 'hidden' },
      svg,
    );
  }

  /** Shows `state` on the board last built. */
  update(state: BoardState): void {
    const g = this.geometry;
    if (!g) return;
    this.svg.dataset.heat = state.heat ? 'on' : 'off';
    this.svg.dataset.clickable = String(state.clickable);
    this.cells.forEach(({ hexagon, stone, heatText }, i) => {
      const color = state.stoneAt(i);
      const heat = color === Color.Empty && state.heat ? (state.heat[i] ?? 0) : 0;
      const group = hexagon.parentElement as Element;
      group.setAttribute('data-stone', color === Color.Black ? 'black' : color === Color.White ? 'white' : 'empty');
      group.setAttribute('data-heat', heat.toFixed(3));
      group.classList.toggle('playable', state.clickable && color === Color.Empty);
      hexagon.setAttribute('fill', rampColor(heat));
      stone.setAttribute('visibility', color === Color.Empty ? 'hidden' : 'visible');
      if (color !== Color.Empty) stone.setAttribute('fill', STONE_FILL[color as Color.Black | Color.White]);
      // The share of the most visited move, where it says something.
      heatText.textContent = heat >= 0.05 ? (heat * 100).toFixed(0) : '';
      heatText.setAttribute('fill', inkOnRamp(heat));
    });
    const marker = this.lastMarker;
    if (marker) {
      const last = state.lastCell;
      marker.setAttribute('visibility', last === null ? 'hidden' : 'visible');
      if (last !== null) {
        const stone = this.cells[last]?.stone;
        marker.setAttribute('cx', stone?.getAttribute('cx') ?? '0');
        marker.setAttribute('cy', stone?.getAttribute('cy') ?? '0');
      }
    }
  }
}
