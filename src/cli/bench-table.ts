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

/** The widest relative margin of error (tinybench's, over its samples) among a table's cells. */
function widestError(timings: readonly Timing[]): string {
  const widest = Math.max(0, ...timings.map((t) => t.rmePercent).filter((x) => Number.isFinite(x)));
  return `margins of error (95%, each cell's samples) at most ±${widest.toFixed(1)}%`;
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
  const timings = [...report.winTests.filter((t) => t.game === game), ...report.fills.filter((f) => f.game === game)];
  return `${formatTable(header, rows)}${widestError(timings)}\n`;
}

/** Full playouts per game: one core, all cores, and the speed-up, per size. */
function playoutTable(report: CpuBenchReport, game: GameKind): string | null {
  const mine = report.playouts.filter((t) => t.game === game);
  if (mine.length === 0) return null;
  const hex = game === GameKind.Hex;
  const at = (size: number, many: boolean) => mine.find((t) => t.size === size && t.workers > 0 === many);
  const cell = (t: { nsPerPlayout: number; nsHalfWidth?: number | null } | undefined) =>
    t ? `${Math.round(t.nsPerPlayout)} ± ${t.nsHalfWidth == null ? '?' : Math.round(t.nsHalfWidth)}` : MISSING;
  const header = [hex ? 'Hex: ns/playout' : 'Y: ns/playout', ...report.sizes.map((n) => (hex ? `${n}×${n}` : `${n}`))];
  const workers = mine.find((t) => t.workers > 0)?.workers ?? 0;
  const speedup = (n: number) => {
    const one = at(n, false);
    const all = at(n, true);
    return one && all ? `${(one.nsPerPlayout / all.nsPerPlayout).toFixed(2)}×` : MISSING;
  };
  return formatTable(header, [
    ['one core', ...report.sizes.map((n) => cell(at(n, false)))],
    [`all cores (${workers} workers)`, ...report.sizes.map((n) => cell(at(n, true)))],
    ['speed-up', ...report.sizes.map(speedup)],
  ]);
}

export function formatBenchReport(report: CpuBenchReport): string {
  const m = report.machine;
  const s = report.settings;
  const intro =
    `CPU win tests, ns per board: full boards from exact fills, ${s.boardsPerSize} boards per size, ` +
    `median of at least ${s.minRuns} runs after a warm-up` +
    `${report.isolated ? ', each measurement in a fresh V8 isolate (worker thread)' : ', all in one V8 isolate'}.\n` +
    `${m.cpu}, ${m.logicalCores} logical cores, Node ${m.node}, ${m.date}\n`;
  const tests = report.games.map((game) => gameTable(report, game));
  const playouts = report.games.flatMap((game) => playoutTable(report, game) ?? []);
  const method = report.playouts[0]?.method;
  const playoutIntro = method
    ? [
        `\nFull playouts (exact fill + ${method} test, fused), from the empty board, through the CPU evaluator: ns per playout, median run after warm-up ± the 95% half-width over the runs.\n`,
      ]
    : [];
  return [intro, ...tests, ...playoutIntro, ...playouts].join('\n');
}
