/**
 * The paper benchmark as Markdown: per table and game, the paper's figure,
 * ours and ours over the paper's for each cell; then the paper's three
 * claims checked against our figures, one sentence each.
 */
import { GameKind } from '../game/geometry.js';
import { MIN_SET_MS, type PaperBenchReport, type PaperCell } from './paper-bench.js';
import { median } from '../jobs/throughput.js';
import { type NoisyFigure, belowNoise, differenceText, figureText } from '../jobs/noisy-figures.js';

const GAME_NAME: Record<string, string> = { hex: 'Hex', y: 'Y' };

function figure(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

/** A GPU row times whole playouts; every other cell is a difference of two timings (paper-trials.ts). */
const isDifference = (c: PaperCell) => !c.label.startsWith('GPU ');

/** The cell as a noisy figure: a half-width of null (one set) is no half-width at all. */
const noisy = (c: PaperCell): NoisyFigure => ({ value: c.ms, halfWidth: c.ci95 ?? Infinity });

/** Whether the cell's figure stands clear of its noise: only then is it compared with anything. */
function resolved(c: PaperCell): boolean {
  return !isDifference(c) || !belowNoise(noisy(c));
}

function cellText(c: PaperCell | undefined): string {
  if (!c) return '—';
  const ours = isDifference(c) ? differenceText(noisy(c), figure) : figureText(noisy(c), figure);
  if (c.paperMs === null) return ours;
  const ratio = resolved(c) ? ` (${(c.ms / c.paperMs).toFixed(2)}×)` : '';
  return `${figure(c.paperMs)} → ${ours}${ratio}`;
}

function table(report: PaperBenchReport, tableNo: 2 | 3, game: GameKind): string {
  const cells = report.cells.filter((c) => c.table === tableNo && c.game === game);
  const sizes = [...new Set(cells.map((c) => c.size))].sort((a, b) => a - b);
  const labels = [...new Set(cells.map((c) => c.label))];
  const title = `${GAME_NAME[game] ?? game}, ${tableNo === 2 ? 'per game (Table 2)' : 'per move (Table 3)'}`;
  const lines = [`| ${title} | ${sizes.join(' | ')} |`, `|---|${sizes.map(() => '---').join('|')}|`];
  for (const label of labels) {
    lines.push(
      `| ${label} | ${sizes.map((size) => cellText(cells.find((c) => c.label === label && c.size === size))).join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Per size, slow's time over fast's, where both were measured; `unresolved` counts the sizes where one was below its noise. */
function ratios(
  report: PaperBenchReport,
  tableNo: 2 | 3,
  game: GameKind,
  slow: string,
  fast: string,
): { values: number[]; unresolved: number } {
  const of = (label: string, size: number) =>
    report.cells.find((c) => c.table === tableNo && c.game === game && c.label === label && c.size === size);
  const sizes = [...new Set(report.cells.filter((c) => c.table === tableNo && c.game === game).map((c) => c.size))];
  const values: number[] = [];
  let unresolved = 0;
  for (const size of sizes) {
    const a = of(slow, size);
    const b = of(fast, size);
    if (a === undefined || b === undefined) continue;
    // A cell below its noise has no ratio to speak of.
    if (resolved(a) && resolved(b)) values.push(a.ms / b.ms);
    else unresolved++;
  }
  return { values, unresolved };
}

/** "4.4–26.3× (median 4.9×)": the median decides, so that one cell disturbed by other work on the machine does not. */
function spread(values: readonly number[]): string {
  return `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}× (median ${median(values).toFixed(1)}×)`;
}

/** The claim's sentence: our ratios and the verdict, or why this run cannot judge it. */
function claim(
  said: string,
  r: { values: number[]; unresolved: number },
  ours: (spread: string) => string,
  holds: (median: number) => string,
): string | null {
  const left = r.unresolved > 0 ? ` (${r.unresolved} size${r.unresolved === 1 ? '' : 's'} below noise left out)` : '';
  if (r.values.length > 0) return `${said}; ${ours(spread(r.values))}${left}, so ${holds(median(r.values))}.`;
  return r.unresolved > 0 ? `${said}; every size here was below noise, so this run cannot say.` : null;
}

/** The paper's three speed claims, each with our figures and whether their median bears it out. */
export function claims(report: PaperBenchReport): string[] {
  const hexRatios = ratios(report, 2, GameKind.Hex, 'UF', 'BPR');
  const yRatios = ratios(report, 2, GameKind.Y, 'UF', 'BPR');
  const hexMove = ratios(report, 3, GameKind.Hex, 'BPR+', 'UF');
  const yMove = ratios(report, 3, GameKind.Y, 'BPR+', 'UF');
  const perMove = { values: [...hexMove.values, ...yMove.values], unresolved: hexMove.unresolved + yMove.unresolved };
  const sentences = [
    claim(
      'The paper says BPR is 25–30× faster than UF on Hex per game',
      hexRatios,
      (s) => `ours is ${s} faster`,
      (m) => (m >= 25 ? 'it holds' : 'it does not hold here'),
    ),
    claim(
      'The paper says BPR is about 50× faster than UF on Y per game',
      yRatios,
      (s) => `ours is ${s} faster`,
      (m) => (m >= 50 ? 'it holds' : 'it does not hold here'),
    ),
    claim(
      'The paper says BPR+ is slower than UF per move',
      perMove,
      (s) => `ours takes ${s} UF's time over both games`,
      (m) => (m > 1 ? 'it holds' : 'it does not hold here: BPR+ is the faster'),
    ),
  ];
  return sentences.filter((s): s is string => s !== null);
}

export function formatPaperReport(report: PaperBenchReport): string {
  const games = [...new Set(report.cells.map((c) => c.game))];
  const workers = report.workers ?? [];
  const where =
    workers.length > 1 ? `${workers.length} machines: ${workers.map((m) => m.cpu).join('; ')}` : report.machine.cpu;
  const parts = [
    `ms per 10,000 trials, the paper's (Java 1.6, dual-core i5, 1,000 sets) → ours (${where}, Node ${report.machine.node}, ` +
      `${report.settings.sets} sets of at least ${report.settings.trials.toLocaleString('en-US')} trials, each set lasting at least ${report.settings.minSetMs ?? MIN_SET_MS} ms) ` +
      "± the 95% half-width over the sets, ours/paper in brackets; a trial's time is a difference of two timings, " +
      "so a cell within its noise reads 'below noise' and has no ratio." +
      (report.gpuAdapter
        ? ` GPU rows: ${report.gpuAdapter}; a kernel fills and decides, so its figure is the whole playout.`
        : ''),
  ];
  for (const t of [2, 3] as const) for (const g of games) parts.push(table(report, t, g));
  parts.push(
    claims(report)
      .map((c) => `- ${c}`)
      .join('\n'),
  );
  return `${parts.join('\n\n')}\n`;
}
