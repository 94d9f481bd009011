/**
 * The suite's chart (uPlot), as the paper's Fig. 9 and 10: milliseconds per
 * 10,000 playouts against board size, on a log scale, one line per game and
 * kernel, the CPU backend among them. `npm start` captures it as the PNG of
 * its report.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS_STYLE, seriesColor } from './plot-style.js';
import type { SuiteRow } from '../src/index.js';

const HEIGHT = 360;

/** The series a row belongs to: "Hex bpr", "Y CPU (bitsliced, wasm-simd)". */
function seriesName(row: SuiteRow): string {
  const game = row.game === 'hex' ? 'Hex' : 'Y';
  return row.backend === 'cpu' ? `${game} ${row.kernel.replace(/^cpu/, 'CPU')}` : `${game} ${row.kernel}`;
}

/** uPlot hands null for a tick it leaves unlabelled. */
function shortMs(t: number | null): string {
  if (t === null) return '';
  return t >= 1 ? String(+t.toPrecision(3)) : String(+t.toPrecision(2));
}

export class SizePlot {
  private chart: uPlot | null = null;

  constructor(private readonly container: HTMLElement) {}

  /** Redraws from every row so far (uPlot fixes its series when made, so a new series means a new chart). */
  show(rows: readonly SuiteRow[], title: string): void {
    const sizes = [...new Set(rows.map((r) => r.size))].sort((a, b) => a - b);
    const names = [...new Set(rows.map(seriesName))];
    const data: uPlot.AlignedData = [
      sizes,
      ...names.map((name) =>
        sizes.map((size) => rows.find((r) => r.size === size && seriesName(r) === name)?.msPer10k ?? null),
      ),
    ];
    this.chart?.destroy();
    this.chart = new uPlot(
      {
        width: Math.max(320, this.container.clientWidth),
        height: HEIGHT,
        title,
        legend: { live: false },
        scales: { x: { time: false }, y: { distr: 3, log: 10 } },
        axes: [
          { label: 'board size (N)', ...AXIS_STYLE, splits: () => sizes },
          {
            label: 'ms per 10,000 playouts (log scale)',
            ...AXIS_STYLE,
            size: 60,
            values: (_u, ticks) => ticks.map(shortMs),
          },
        ],
        series: [
          { label: 'size' },
          ...names.map((label, i) => ({
            label,
            stroke: seriesColor(i),
            width: 2,
            spanGaps: true,
            dash: label.includes('CPU') ? [6, 4] : [],
            points: { size: 7 },
          })),
        ],
      },
      data,
      this.container,
    );
  }

  clear(): void {
    this.chart?.destroy();
    this.chart = null;
  }

  /** The chart's canvas (axes and lines; the legend is HTML beside it), for the PNG download. */
  canvas(): HTMLCanvasElement | null {
    return this.chart?.ctx.canvas ?? null;
  }
}
