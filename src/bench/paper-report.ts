/**
 * The paper benchmark as Markdown: per table and game, the paper's figure,
 * ours and ours over the paper's for each cell; then the paper's three
 * claims checked against our figures, one sentence each.
 */
import { GameKind } from '../game/geometry.js';
import type { PaperBenchReport, PaperCell } from './paper-bench.js';
import { median } from '../jobs/throughput.js';

const GAME_NAME: Record<string, string> = { hex: 'Hex', y: 'Y' };

function figure(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}

function cellText(c: PaperCell | undefined): string {
  if (!c) return '—';
  if (c.paperMs === null) return figure(c.ms);
  return `${figure(c.paperMs)} → ${figure(c.ms)} (${(c.ms / c.paperMs).toFixed(2)}×)`;
}

function table(report: PaperBenchReport, tableNo: 2 | 3, game: GameKind): string {
  const cells = report.cells.filter((c) => c.table === tableNo && c.game === game);
  const sizes = [...new Set(cells.map((c) => c.size))].sort((a, b) => a - b);
  const labels = [...new Set(cells.map((c) => c.label))];
  const title = `${GAME_NAME[game] ?? game}, ${tableNo === 2 ? 'per game (Table 2)' : 'per move (Table 3)'}`;
  const lines = [`| ${title} | ${sizes.join(' | ')} |`, `|---|${sizes.map(() => '---').join('|')}|`];
  for (const label of labels) {
    lines.push(`| ${label} | ${sizes.map((size) => cellText(cells.find((c) => c.label === label && c.size === size))).join(' | ')} |`);
  }
  return lines.join('\n');
}

function ratios(report: PaperBenchReport, tableNo: 2 | 3, game: GameKind, slow: string, fast: string): number[] {
  const of = (label: string, size: number) => report.cells.find((c) => c.table === tableNo && c.game === game && c.label === label && c.size === size)?.ms;
  const sizes = [...new Set(report.cells.filter((c) => c.table === tableNo && c.game === game).map((c) => c.size))];
  return sizes.flatMap((size) => {
    const a = of(slow, size);
    const b = of(fast, size);
    return a === undefined || b === undefined ? [] : [a / b];
  });
}

/** "4.4–26.3× (median 4.9×)": the median decides, so that one cell disturbed by other work on the machine does not. */
function spread(values: readonly number[]): string {
  return `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}× (median ${median(values).toFixed(1)}×)`;
}

/** The paper's three speed claims, each with our figures and whether their median bears it out. */
export function claims(report: PaperBenchReport): string[] {
  const out: string[] = [];
  const hex = ratios(report, 2, GameKind.Hex, 'UF', 'BPR');
  if (hex.length > 0) {
    const verdict = median(hex) >= 25 ? 'it holds' : 'it does not hold here';
    out.push(`The paper says BPR is 25–30× faster than UF on Hex per game; ours is ${spread(hex)} faster, so ${verdict}.`);
  }
  const y = ratios(report, 2, GameKind.Y, 'UF', 'BPR');
  if (y.length > 0) {
    const verdict = median(y) >= 50 ? 'it holds' : 'it does not hold here';
    out.push(`The paper says BPR is about 50× faster than UF on Y per game; ours is ${spread(y)} faster, so ${verdict}.`);
  }
  const perMove = [...ratios(report, 3, GameKind.Hex, 'BPR+', 'UF'), ...ratios(report, 3, GameKind.Y, 'BPR+', 'UF')];
  if (perMove.length > 0) {
    const verdict = median(perMove) > 1 ? 'it holds' : 'it does not hold here: BPR+ is the faster';
    out.push(`The paper says BPR+ is slower than UF per move; ours takes ${spread(perMove)} UF's time over both games, so ${verdict}.`);
  }
  return out;
}

export function formatPaperReport(report: PaperBenchReport): string {
  const games = [...new Set(report.cells.map((c) => c.game))];
  const workers = report.workers ?? [];
  const where = workers.length > 1 ? `${workers.length} machines: ${workers.map((m) => m.cpu).join('; ')}` : report.machine.cpu;
  const parts = [
    `ms per 10,000 trials, the paper's (Java 1.6, dual-core i5, 1,000 sets) → ours (${where}, Node ${report.machine.node}, ${report.settings.sets} sets of ${report.settings.trials.toLocaleString('en-US')} trials), ours/paper in brackets.` +
      (report.gpuAdapter ? ` GPU rows: ${report.gpuAdapter}; a kernel fills and decides, so its figure is the whole playout.` : ''),
  ];
  for (const t of [2, 3] as const) for (const g of games) parts.push(table(report, t, g));
  parts.push(claims(report).map((c) => `- ${c}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
