/**
 * The paper benchmark as Markdown: per table and game, the paper's figure,
 * ours and ours over the paper's for each cell; then the paper's three
 * claims checked against our figures, one sentence each.
 */
import { GameKind } from '../game/geometry.js';
import type { PaperBenchReport, PaperCell } from './paper-bench.js';

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

function range(values: readonly number[]): string {
  return `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}×`;
}

/** The paper's three speed claims, each with our figures and whether they bear it out. */
export function claims(report: PaperBenchReport): string[] {
  const out: string[] = [];
  const hex = ratios(report, 2, GameKind.Hex, 'UF', 'BPR');
  if (hex.length > 0) {
    const verdict = Math.min(...hex) >= 25 ? 'it holds (at least 25× at every size)' : Math.max(...hex) >= 25 ? 'it holds at some sizes only' : 'it does not hold here';
    out.push(`The paper says BPR is 25–30× faster than UF on Hex per game; ours is ${range(hex)} faster, so ${verdict}.`);
  }
  const y = ratios(report, 2, GameKind.Y, 'UF', 'BPR');
  if (y.length > 0) {
    const verdict = Math.min(...y) >= 50 ? 'it holds (at least 50× at every size)' : Math.max(...y) >= 50 ? 'it holds at some sizes only' : 'it does not hold here';
    out.push(`The paper says BPR is about 50× faster than UF on Y per game; ours is ${range(y)} faster, so ${verdict}.`);
  }
  const perMove = [...ratios(report, 3, GameKind.Hex, 'BPR+', 'UF'), ...ratios(report, 3, GameKind.Y, 'BPR+', 'UF')];
  if (perMove.length > 0) {
    const verdict = perMove.every((r) => r > 1) ? 'it holds at every size of both games' : perMove.some((r) => r > 1) ? 'it holds at some sizes only' : 'it does not hold here';
    out.push(`The paper says BPR+ is slower than UF per move; ours takes ${range(perMove)} UF's time, so ${verdict}.`);
  }
  return out;
}

export function formatPaperReport(report: PaperBenchReport): string {
  const games = [...new Set(report.cells.map((c) => c.game))];
  const parts = [
    `ms per 10,000 trials, the paper's (Java 1.6, dual-core i5, 1,000 sets) → ours (${report.machine.cpu}, Node ${report.machine.node}, ${report.settings.sets} sets of ${report.settings.trials.toLocaleString('en-US')} trials), ours/paper in brackets.` +
      (report.gpuAdapter ? ` GPU rows: ${report.gpuAdapter}; a kernel fills and decides, so its figure is the whole playout.` : ''),
  ];
  for (const t of [2, 3] as const) for (const g of games) parts.push(table(report, t, g));
  parts.push(claims(report).map((c) => `- ${c}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
