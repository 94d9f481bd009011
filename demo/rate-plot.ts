/**
 * The live plot of throughput over timed runs (uPlot): wall-clock rate,
 * readback included, and the kernel-only rate where timestamps exist.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ThroughputRun } from './results.js';

const HEIGHT = 340;

/** Axis labels: three significant digits and an SI prefix. */
function shortRate(t: number): string {
  for (const [scale, prefix] of [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']] as const) {
    if (t >= scale) return `${+(t / scale).toPrecision(3)}${prefix}`;
  }
  return String(+t.toPrecision(3));
}

export class RatePlot {
  private readonly runs: number[] = [];
  private readonly wall: number[] = [];
  private readonly kernel: (number | null)[] = [];
  private readonly chart: uPlot;

  constructor(container: HTMLElement) {
    const width = Math.max(280, container.clientWidth);
    this.chart = new uPlot(
      {
        width,
        height: HEIGHT,
        // Values under the cursor add little for a handful of runs; the stats above give them.
        legend: { live: false },
        scales: {
          x: { time: false },
          // From zero: a rate plot that starts at the minimum exaggerates noise.
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          { label: 'timed run', stroke: '#5b6475', grid: { stroke: '#eef1f6' }, incrs: [1, 2, 5, 10, 20, 50, 100] },
          {
            label: 'playouts / s',
            stroke: '#5b6475',
            size: 70,
            grid: { stroke: '#eef1f6' },
            values: (_u, ticks) => ticks.map(shortRate),
          },
        ],
        series: [
          { label: 'run' },
          { label: 'wall (incl. readback)', stroke: '#2c5fd6', width: 2, points: { size: 6 } },
          { label: 'kernel (timestamps)', stroke: '#d9822b', width: 2, dash: [6, 4], points: { size: 6 } },
        ],
      },
      [[], [], []],
      container,
    );
    new ResizeObserver(() => {
      const w = Math.max(280, container.clientWidth);
      if (w !== this.chart.width) this.chart.setSize({ width: w, height: HEIGHT });
    }).observe(container);
  }

  add(run: ThroughputRun): void {
    this.runs.push(this.runs.length + 1);
    this.wall.push(run.playoutsPerSecond);
    this.kernel.push(run.kernelMs !== null && run.kernelMs > 0 ? run.playouts / (run.kernelMs / 1000) : null);
    this.chart.setData([this.runs, this.wall, this.kernel]);
  }

  clear(): void {
    this.runs.length = 0;
    this.wall.length = 0;
    this.kernel.length = 0;
    this.chart.setData([[], [], []]);
  }
}
