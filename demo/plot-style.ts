/** What the page's two uPlot charts share: the series colours and the axis look. */

export const SERIES_COLORS: readonly string[] = [
  '#2c5fd6',
  '#d9822b',
  '#2e9e5b',
  '#b43f6b',
  '#7a56c8',
  '#5b6475',
  '#c2a200',
  '#1f8ea6',
];

export function seriesColor(i: number): string {
  return SERIES_COLORS[i % SERIES_COLORS.length] as string;
}

export const AXIS_STYLE = { stroke: '#5b6475', grid: { stroke: '#eef1f6' } } as const;
