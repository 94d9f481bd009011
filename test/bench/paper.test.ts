/**
 * bench-paper: the trials are the same playouts for every method (so every
 * correct method gets the same check value), the report puts the paper's
 * figure beside ours with the ratio, and each claim's sentence follows from
 * the figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { GameKind, geometryOf, methodByName } from '../../src/index.js';
import type { PaperBenchReport, PaperCell } from '../../src/bench/paper-bench.js';
import { claims, formatPaperReport } from '../../src/bench/paper-report.js';
import { timeSet } from '../../src/bench/paper-trials.js';

describe('the paper trials', () => {
  for (const game of [GameKind.Hex, GameKind.Y]) {
    const g = geometryOf(game, 5);
    it(`decide the same playouts alike per game on ${game} (winners) and per move (halting moves)`, () => {
      const perGame = ['unionfind', 'wqhuf', 'path', 'bpr', 'floodfill', 'bitsliced'].map(
        (m) => timeSet(methodByName(m), g, 'per-game', false, 300, 1, 0).sink,
      );
      expect(new Set(perGame).size).toBe(1);
      const perMove = [
        timeSet(methodByName('unionfind'), g, 'per-move', true, 300, 1, 0),
        timeSet(methodByName('wqhuf'), g, 'per-move', true, 300, 1, 0),
        timeSet(methodByName('bpr-incremental'), g, 'per-move', true, 300, 1, 0),
        timeSet(methodByName('path'), g, 'per-move', false, 300, 1, 0),
      ].map((t) => t.sink);
      expect(new Set(perMove).size).toBe(1);
      // Halting at the first win: fewer moves in all than filling every board.
      const full = timeSet(methodByName('path'), g, 'per-game', false, 300, 1, 0);
      expect(perMove[0]).not.toBe(full.sink);
    });
  }

  it('times the test: with testing takes longer than without', () => {
    const t = timeSet(methodByName('unionfind'), geometryOf(GameKind.Hex, 9), 'per-game', false, 2000, 1, 0);
    expect(t.withTestMs).toBeGreaterThan(t.withoutTestMs);
  });
});

function cell(
  table: 2 | 3,
  game: GameKind,
  label: string,
  size: number,
  ms: number,
  paperMs: number | null,
): PaperCell {
  return { table, game, label, size, ms, ci95: 0.1, sets: 3, paperMs, extra: paperMs === null };
}

const report: PaperBenchReport = {
  benchmark: 'hexbatch-paper',
  machine: {
    cpu: 'test CPU',
    logicalCores: 2,
    memoryGiB: 4,
    os: 'linux',
    node: 'v20',
    v8: '11',
    date: '2026-01-01T00:00:00Z',
  },
  settings: { sets: 3, trials: 10_000, seed: 1, isolated: true },
  gpuAdapter: null,
  cells: [
    cell(2, GameKind.Hex, 'UF', 7, 60, 34.47),
    cell(2, GameKind.Hex, 'BPR', 7, 2, 1.44),
    cell(2, GameKind.Hex, 'UF', 9, 30, 64.3),
    cell(2, GameKind.Hex, 'BPR', 9, 3, 2.61),
    cell(2, GameKind.Hex, 'UF', 11, 200, 94.34),
    cell(2, GameKind.Hex, 'BPR', 11, 5, 3.16),
    cell(2, GameKind.Hex, 'flood fill', 7, 1.5, null),
    cell(2, GameKind.Y, 'UF', 7, 30, 30.85),
    cell(2, GameKind.Y, 'BPR', 7, 1, 0.7),
    cell(3, GameKind.Hex, 'UF', 7, 40, 38.39),
    cell(3, GameKind.Hex, 'BPR+', 7, 20, 65.93),
  ],
};

describe('the paper report', () => {
  it("puts the paper's figure, ours and the ratio in each cell", () => {
    const text = formatPaperReport(report);
    expect(text).toContain('| Hex, per game (Table 2) | 7 | 9 | 11 |');
    expect(text).toContain(
      '| UF | 34.5 → 60.0 ± 0.10 (1.74×) | 64.3 → 30.0 ± 0.10 (0.47×) | 94.3 → 200 ± 0.10 (2.12×) |',
    );
    expect(text).toContain('| flood fill | 1.50 ± 0.10 | — | — |');
    expect(text).toContain('| Hex, per move (Table 3) | 7 |');
  });

  it('prints a cell within its noise as "below noise", with no ratio, and leaves it out of the claims', () => {
    // As bench:paper --quick once measured BPR on Hex 7: -24.73 ms, a difference of timings lost in their noise.
    const noisy = {
      ...report,
      cells: report.cells.map((c) =>
        c.label === 'BPR' && c.size === 7 && c.game === GameKind.Hex ? { ...c, ms: -24.73, ci95: 200 } : c,
      ),
    };
    const text = formatPaperReport(noisy);
    expect(text).toContain('| BPR | 1.44 → below noise (± 200) | 2.61 → 3.00 ± 0.10 (1.15×) |');
    expect(text).not.toMatch(/-\d/);
    expect(claims(noisy)[0]).toBe(
      'The paper says BPR is 25–30× faster than UF on Hex per game; ours is 10.0–40.0× (median 25.0×) faster (1 size below noise left out), so it holds.',
    );
    const allNoise = { ...report, cells: report.cells.map((c) => ({ ...c, ci95: 1000 })) };
    expect(claims(allNoise)[0]).toBe(
      'The paper says BPR is 25–30× faster than UF on Hex per game; every size here was below noise, so this run cannot say.',
    );
  });

  it('checks each claim against the figures', () => {
    expect(claims(report)).toEqual([
      // One size far off (10×) does not decide: the median (30×) does.
      'The paper says BPR is 25–30× faster than UF on Hex per game; ours is 10.0–40.0× (median 30.0×) faster, so it holds.',
      'The paper says BPR is about 50× faster than UF on Y per game; ours is 30.0–30.0× (median 30.0×) faster, so it does not hold here.',
      "The paper says BPR+ is slower than UF per move; ours takes 0.5–0.5× (median 0.5×) UF's time over both games, so it does not hold here: BPR+ is the faster.",
    ]);
  });
});

describe('hexbatch bench-paper', () => {
  const cli = runCliInProcess;

  it('runs a quick smoke run: the tables, the claims and the JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-paper-'));
    try {
      const json = join(dir, 'paper.json');
      const result = await cli(['bench-paper', '--quick', '--no-gpu', '--games', 'hex', '--json', json]);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain('| Hex, per game (Table 2) | 7 | 11 |');
      // Every cell with its half-width, or "below noise" where its difference of timings is lost in the noise; never a negative time.
      expect(result.out).toMatch(
        /^\| BPR \| 1\.44 → ([\d.]+ ± [\d.]+ \([\d.]+×\)|below noise \(± [\d.]+\)) \| 3\.16 → /m,
      );
      expect(result.out).not.toMatch(/→ -/);
      expect(result.out).toMatch(
        /^- The paper says BPR is 25–30× faster than UF on Hex per game; (ours is|every size here was below noise)/m,
      );
      const saved = JSON.parse(readFileSync(json, 'utf8')) as PaperBenchReport;
      expect(saved.settings).toMatchObject({ sets: 3, trials: 1000, minSetMs: 100 });
      for (const c of saved.cells) expect(c.trialsPerSet).toBeGreaterThanOrEqual(1000);
      expect(saved.cells.filter((c) => c.table === 2)).toHaveLength(2 * 6);
      expect(saved.cells.filter((c) => c.table === 3)).toHaveLength(2 * 5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses bad counts with exit status 2', async () => {
    for (const args of [
      ['--sets', '1'],
      ['--trials', 'many'],
      ['--sizes', '40'],
    ]) {
      const result = await cli(['bench-paper', '--no-gpu', ...args]);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
