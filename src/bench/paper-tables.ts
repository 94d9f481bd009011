/**
 * The BPR paper's Tables 2 and 3 beside ours: which of our methods each row
 * is, the paper's figures (bench/paper-tables.tsv, milliseconds per 10,000
 * playouts, Java 1.6 on a 2012 dual-core i5), Markdown tables of ours
 * against theirs, and the paper's three claims checked against our figures.
 */
import paperTsv from '../../bench/paper-tables.tsv?raw';
import { GameKind } from '../game/geometry.js';
import { PaperTable } from './paper-trials.js';

export const PAPER_SIZES = [7, 9, 11, 13, 15, 17, 19] as const;

export interface PaperRow {
  /** As the paper names it, or ours for the rows the paper has not. */
  readonly label: string;
  /** Our win-test method, or a GPU kernel for GPU rows. */
  readonly method: string;
  readonly inPaper: boolean;
}

export const PAPER_ROWS: Readonly<Record<PaperTable, readonly PaperRow[]>> = {
  [PaperTable.PerGame]: [
    { label: 'UF', method: 'unionfind', inPaper: true },
    { label: 'WQHUF', method: 'wqhuf', inPaper: true },
    { label: 'Path', method: 'path', inPaper: true },
    { label: 'BPR', method: 'bpr', inPaper: true },
    { label: 'flood fill', method: 'floodfill', inPaper: false },
    { label: 'bit-sliced', method: 'bitsliced', inPaper: false },
  ],
  [PaperTable.PerMove]: [
    { label: 'UF', method: 'unionfind', inPaper: true },
    { label: 'WQHUF', method: 'wqhuf', inPaper: true },
    { label: 'Path', method: 'path', inPaper: true },
    { label: 'BPR+', method: 'bpr-incremental', inPaper: true },
    { label: 'flood fill', method: 'floodfill', inPaper: false },
  ],
};

export interface PaperFigure {
  readonly msPer10k: number;
  readonly ci95: number;
}

const TABLE_NUMBER: Readonly<Record<PaperTable, string>> = { [PaperTable.PerGame]: '2', [PaperTable.PerMove]: '3' };

function parsePaper(text: string): Map<string, PaperFigure> {
  const figures = new Map<string, PaperFigure>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [table, game, label, ...cells] = line.split('\t');
    cells.forEach((cell, k) => {
      const [ms, ci] = cell.split('±').map(Number);
      figures.set(`${table}|${game}|${label}|${PAPER_SIZES[k]}`, { msPer10k: ms as number, ci95: ci as number });
    });
  }
  return figures;
}

const PAPER = parsePaper(paperTsv);

/** The paper's figure for a row of ours, or null where the paper has none. */
export function paperFigure(table: PaperTable, game: GameKind, label: string, size: number): PaperFigure | null {
  return PAPER.get(`${TABLE_NUMBER[table]}|${game}|${label}|${size}`) ?? null;
}

/** One measured cell of ours. */
export interface OurFigure {
  readonly table: PaperTable;
  readonly game: GameKind;
  readonly label: string;
  readonly size: number;
  readonly msPer10k: number;
  readonly ci95: number;
}

function format(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 0.1 ? ms.toFixed(2) : ms.toPrecision(2);
}

/** A Markdown table per table and game: "ours / paper (ours ÷ paper)" in each cell. */
export function markdownTables(figures: readonly OurFigure[]): string {
  const parts: string[] = [];
  for (const table of [PaperTable.PerGame, PaperTable.PerMove]) {
    for (const game of [GameKind.Hex, GameKind.Y]) {
      const mine = figures.filter((f) => f.table === table && f.game === game);
      if (mine.length === 0) continue;
      const sizes = [...new Set(mine.map((f) => f.size))].sort((a, b) => a - b);
      const title = `Table ${TABLE_NUMBER[table]}, ${game === GameKind.Hex ? 'Hex' : 'Y'}, ${table === PaperTable.PerGame ? 'per game' : 'per move'}: ms per 10,000 playouts, ours / paper (ratio)`;
      const lines = [`**${title}**`, '', `| method | ${sizes.join(' | ')} |`, `|---|${sizes.map(() => '---:').join('|')}|`];
      // The paper's rows and ours in their order, then any others measured (the GPU kernels).
      const labels = [...new Set([...PAPER_ROWS[table].map((r) => r.label), ...mine.map((f) => f.label)])];
      for (const label of labels) {
        const cells = sizes.map((size) => {
          const ours = mine.find((f) => f.label === label && f.size === size);
          if (!ours) return '';
          const paper = paperFigure(table, game, label, size);
          return paper ? `${format(ours.msPer10k)} / ${format(paper.msPer10k)} (${(ours.msPer10k / paper.msPer10k).toFixed(2)}×)` : format(ours.msPer10k);
        });
        if (cells.some((c) => c !== '')) lines.push(`| ${label} | ${cells.join(' | ')} |`);
      }
      parts.push(lines.join('\n'));
    }
  }
  return parts.join('\n\n');
}

function ratioRange(figures: readonly OurFigure[], table: PaperTable, game: GameKind, slow: string, fast: string): { min: number; max: number } | null {
  const ratios = figures
    .filter((f) => f.table === table && f.game === game && f.label === slow)
    .flatMap((s) => {
      const f = figures.find((x) => x.table === table && x.game === game && x.label === fast && x.size === s.size);
      return f && f.msPer10k > 0 ? [s.msPer10k / f.msPer10k] : [];
    });
  return ratios.length === 0 ? null : { min: Math.min(...ratios), max: Math.max(...ratios) };
}

function range(r: { min: number; max: number }): string {
  return r.min.toFixed(0) === r.max.toFixed(0) ? `${r.min.toFixed(0)}×` : `${r.min.toFixed(0)}–${r.max.toFixed(0)}×`;
}

/** The paper's claims, each checked against our figures in one sentence (or said to be unmeasured). */
export function checkClaims(figures: readonly OurFigure[]): string[] {
  const hex = ratioRange(figures, PaperTable.PerGame, GameKind.Hex, 'UF', 'BPR');
  const y = ratioRange(figures, PaperTable.PerGame, GameKind.Y, 'UF', 'BPR');
  const claims: string[] = [];
  claims.push(
    hex
      ? `"BPR is 25–30× faster than UF on Hex, per game": ours is ${range(hex)} faster, which ${hex.min >= 25 ? 'confirms it' : hex.max >= 25 ? 'partly confirms it' : 'does not confirm it'}.`
      : '"BPR is 25–30× faster than UF on Hex, per game": not measured in this run.',
  );
  claims.push(
    y
      ? `"BPR is 50× faster than UF on Y, per game": ours is ${range(y)} faster, which ${y.min >= 50 ? 'confirms it' : y.max >= 50 ? 'partly confirms it' : 'does not confirm it'}.`
      : '"BPR is 50× faster than UF on Y, per game": not measured in this run.',
  );
  const perMove = [GameKind.Hex, GameKind.Y].flatMap((game) => {
    const r = ratioRange(figures, PaperTable.PerMove, game, 'BPR+', 'UF');
    return r ? [{ game, r }] : [];
  });
  if (perMove.length === 0) {
    claims.push('"BPR+ is slower than UF, per move": not measured in this run.');
  } else {
    const slower = perMove.every(({ r }) => r.min > 1);
    const text = perMove.map(({ game, r }) => `${(r.min).toFixed(1)}–${r.max.toFixed(1)}× UF's time on ${game === GameKind.Hex ? 'Hex' : 'Y'}`).join(' and ');
    claims.push(`"BPR+ is slower than UF, per move": ours takes ${text}, which ${slower ? 'confirms it' : 'does not confirm it everywhere'}.`);
  }
  return claims;
}
