/**
 * The live plot of throughput over timed runs (uPlot): one series per
 * setting (game, size, kernel, fill, batch), so runs with different settings
 * are never joined into one line, with a legend naming each.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS_STYLE, seriesColor } from './plot-style.js';

const HEIGHT = 300;

/** Axis labels: three significant digits and an SI prefix. */
function shortRate(t: number): string {
  for (const [scale, prefix] of [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ] as const) {
    if (t >= scale) return `${+(t / scale).toPrecision(3)}${prefix}`;
  }
  return String(+t.toPrecision(3));
}

export class RatePlot {
  /** Per series label, its rates in run order. */
  private readonly series = new Map<string, number[]>();
  private chart: uPlot | null = null;

  constructor(private readonly container: HTMLElement) {
    this.draw();
  }

  /** Adds one timed run's rate to the series named `setting`, starting it if new. */
  add(setting: string, playoutsPerSecond: number): void {
    const rates = this.series.get(setting) ?? [];
    rates.push(playoutsPerSecond);
    this.series.set(setting, rates);
    this.draw();
  }

  clear(): void {
    this.series.clear();
    this.draw();
  }

  /** The legend's labels, in order (tests read them). */
  labels(): string[] {
    return [...this.series.keys()];
  }

  private draw(): void {
    const names = [...this.series.keys()];
    const runs = Math.max(0, ...[...this.series.values()].map((r) => r.length));
    const xs = Array.from({ length: runs }, (_, i) => i + 1);
    const data: uPlot.AlignedData = [xs, ...names.map((n) => xs.map((_, i) => this.series.get(n)?.[i] ?? null))];
    this.chart?.destroy();
    this.chart = new uPlot(
      {
        width: Math.max(280, this.container.clientWidth),
        height: HEIGHT,
        legend: { live: false },
        scales: {
          x: { time: false },
          // From zero: a rate plot that starts at the minimum exaggerates noise.
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          { label: 'timed run', ...AXIS_STYLE, incrs: [1, 2, 5, 10, 20, 50, 100] },
          { label: 'playouts / s (wall time)', ...AXIS_STYLE, size: 70, values: (_u, ticks) => ticks.map(shortRate) },
        ],
        series: [
          { label: 'run' },
          ...names.map((label, i) => ({ label, stroke: seriesColor(i), width: 2, points: { size: 6 } })),
        ],
      },
      data,
      this.container,
    );
  }
}
