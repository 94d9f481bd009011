/**
 * The CPU benchmark report as terminal tables: per game, methods down and
 * sizes across, in ns per board, with each method's ratio to the reference
 * method at one size (11, the paper's size, when it was run).
 */
import type { CpuBenchReport, Timing } from '../bench/cpu-bench.js';
import { GameKind } from '../game/geometry.js';
import { MISSING, formatTable } from '../jobs/text-table.js';

const PAPER_SIZE = 11;

function ns(t: Timing | undefined): string {
  if (!t) return MISSING;
  return t.nsPerBoard < 10 ? t.nsPerBoard.toFixed(1) : Math.round(t.nsPerBoard).toString();
}

function ratioSize(report: CpuBenchReport): number | undefined {
  return report.sizes.includes(PAPER_SIZE) ? PAPER_SIZE : report.sizes[report.sizes.length - 1];
}

function gameTable(report: CpuBenchReport, game: GameKind): string {
  const hex = game === GameKind.Hex;
  const sizeHeads = report.sizes.map((n) => (hex ? `${n}×${n}` : `${n}`));
  const atSize = ratioSize(report);
  const header = [hex ? 'Hex: ns/board' : 'Y: ns/board', ...sizeHeads, `×${report.referenceMethod} @${atSize ?? ''}`];
  const rows = report.methods.map((method) => {
    const mine = report.winTests.filter((t) => t.game === game && t.method === method);
    const ratio = mine.find((t) => t.size === atSize)?.ratioToReference;
    const ratioCell = ratio == null ? MISSING : ratio.toFixed(2);
    return [method, ...report.sizes.map((n) => ns(mine.find((t) => t.size === n))), ratioCell];
  });
  const fillKinds = [...new Set(report.fills.map((f) => f.fill))];
  for (const fill of fillKinds) {
    const mine = report.fills.filter((f) => f.game === game && f.fill === fill);
    rows.push([`(${fill} fill)`, ...report.sizes.map((n) => ns(mine.find((f) => f.size === n))), MISSING]);
  }
  return formatTable(header, rows);
}

export function formatBenchReport(report: CpuBenchReport): string {
  const m = report.machine;
  const s = report.settings;
  const intro =
    `CPU win tests, ns per board: full boards from exact fills, ${s.boardsPerSize} boards per size, ` +
    `median of at least ${s.minRuns} runs after a warm-up` +
    `${report.isolated ? ', each measurement in a fresh V8 isolate (worker thread)' : ', all in one V8 isolate'}.\n` +
    `${m.cpu}, ${m.logicalCores} logical cores, Node ${m.node}, ${m.date}\n`;
  return [intro, ...report.games.map((game) => gameTable(report, game))].join('\n');
}
