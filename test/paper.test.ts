// The paper's measurement and tables (npm run bench:paper), without timing
// anything that a test could depend on.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GameKind } from '../src/game/geometry.js';
import { type OurFigure, PAPER_ROWS, checkClaims, markdownTables, paperFigure } from '../src/bench/paper-tables.js';
import { PaperTable, measurePaperCell } from '../src/bench/paper-trials.js';
import { cli } from './helpers/cli-runner.js';

const request = { game: GameKind.Hex, size: 5, sets: 2, trialsPerSet: 200, warmupSets: 0, seed: 11 };

describe('per-move trials', () => {
  test('every method halts each playout at the same move: the first that wins', () => {
    const moves = PAPER_ROWS[PaperTable.PerMove].map((row) => measurePaperCell({ ...request, table: PaperTable.PerMove, method: row.method }).meanMoves);
    expect(new Set(moves).size).toBe(1);
    // A Hex 5 game needs at least 5 black stones (9 moves), and ends by the full board.
    expect(moves[0]).toBeGreaterThanOrEqual(9);
    expect(moves[0]).toBeLessThanOrEqual(25);
  });

  test('Y playouts halt too', () => {
    const { meanMoves, sets, trialsPerSet } = measurePaperCell({ ...request, game: GameKind.Y, table: PaperTable.PerMove, method: 'wqhuf' });
    expect(meanMoves).toBeGreaterThanOrEqual(9);
    expect(meanMoves).toBeLessThanOrEqual(15);
    expect([sets, trialsPerSet]).toEqual([2, 200]);
  });
});

test('per-game trials run every row, batch methods included', () => {
  for (const row of PAPER_ROWS[PaperTable.PerGame]) {
    const result = measurePaperCell({ ...request, table: PaperTable.PerGame, method: row.method });
    expect(Number.isFinite(result.msPer10k), row.method).toBe(true);
    expect(result.ci95).toBeGreaterThanOrEqual(0);
  }
});

test("the paper's figures are read from its tables", () => {
  expect(paperFigure(PaperTable.PerGame, GameKind.Hex, 'BPR', 11)).toEqual({ msPer10k: 3.16, ci95: 0.01 });
  expect(paperFigure(PaperTable.PerMove, GameKind.Y, 'BPR+', 19)).toEqual({ msPer10k: 342.5, ci95: 0.632 });
  expect(paperFigure(PaperTable.PerGame, GameKind.Hex, 'bit-sliced', 11)).toBeNull();
});

describe('tables and claims', () => {
  const figure = (table: PaperTable, game: GameKind, label: string, size: number, msPer10k: number): OurFigure => ({ table, game, label, size, msPer10k, ci95: 0 });
  const figures = [
    figure(PaperTable.PerGame, GameKind.Hex, 'UF', 11, 60),
    figure(PaperTable.PerGame, GameKind.Hex, 'BPR', 11, 2),
    figure(PaperTable.PerGame, GameKind.Hex, 'bit-sliced', 11, 0.4),
    figure(PaperTable.PerGame, GameKind.Y, 'UF', 11, 40),
    figure(PaperTable.PerGame, GameKind.Y, 'BPR', 11, 1),
    figure(PaperTable.PerMove, GameKind.Hex, 'UF', 11, 50),
    figure(PaperTable.PerMove, GameKind.Hex, 'BPR+', 11, 100),
  ];

  test('each cell shows ours, the paper and the ratio', () => {
    const md = markdownTables(figures);
    expect(md).toContain('| UF | 60.0 / 94.3 (0.64×) |');
    expect(md).toContain('| BPR | 2.00 / 3.16 (0.63×) |');
    expect(md).toContain('| bit-sliced | 0.40 |');
    expect(md).toContain('**Table 3, Hex, per move');
    expect(md).not.toContain('Table 3, Y');
  });

  test('claims are checked, one sentence each', () => {
    expect(checkClaims(figures)).toEqual([
      '"BPR is 25–30× faster than UF on Hex, per game": ours is 30× faster, which confirms it.',
      '"BPR is 50× faster than UF on Y, per game": ours is 40× faster, which does not confirm it.',
      '"BPR+ is slower than UF, per move": ours takes 2.0–2.0× UF\'s time on Hex, which confirms it.',
    ]);
    expect(checkClaims([])[0]).toMatch(/not measured/);
  });
});

describe('hexbatch bench-paper', () => {
  test('prints both tables with the paper beside ours, the claims, and writes JSON', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'hexbatch-paper-')), 'paper.json');
    const run = await cli(['bench-paper', '--games', 'hex,y', '--sizes', '7', '--sets', '2', '--trials', '64', '--no-gpu', '--json', json]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/\*\*Table 2, Hex, per game[^\n]*\n\n\| method \| 7 \|/);
    expect(run.out).toMatch(/\| BPR \| -?[\d.]+ \/ 1\.44 \(-?[\d.]+×\) \|/);
    expect(run.out).toMatch(/\*\*Table 3, Y, per move/);
    expect(run.out).toMatch(/- "BPR is 50× faster than UF on Y, per game": ours is/);
    expect(run.out).toMatch(/2 sets of 64 trials per cell/);
    const written = JSON.parse(readFileSync(json, 'utf8')) as { figures: unknown[]; claims: string[] };
    // 2 games × 1 size × (6 per-game rows + 5 per-move rows)
    expect(written.figures).toHaveLength(22);
    expect(written.claims).toHaveLength(3);
  });

  test('adds a row per GPU kernel to the per-game table, naming the adapter', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'hexbatch-paper-')), 'paper.json');
    const run = await cli(['bench-paper', '--games', 'hex', '--sizes', '5', '--tables', '2', '--sets', '2', '--trials', '64', '--json', json]);
    expect(run.code).toBe(0);
    for (const kernel of ['bpr', 'bitsliced', 'floodfill']) expect(run.out).toMatch(new RegExp(`\\| GPU ${kernel} \\| [\\d.]+ \\|`));
    expect(run.out).toMatch(/GPU rows: WebGPU on .+; a kernel fills and decides each board/);
  }, 120_000);

  test.each([
    [['--sets', '1'], /--sets must be a whole number from 2 to 1,000, not "1"/],
    [['--trials', '1000001'], /--trials must be a whole number from 32 to 100,000, not "1000001"/],
    [['--tables', '4'], /--tables takes 2 \(per game\) and 3 \(per move\), not "4"/],
    [['--sizes', '40'], /size must be a whole number from 1 to 31, not 40/],
  ])('refuses %j with one line and exit status 2', async (args, message) => {
    const run = await cli(['bench-paper', ...args]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err.trim().split('\n')).toHaveLength(1);
  });
});
