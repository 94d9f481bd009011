// bench-search: the bare evaluator's two shapes and the search, measured
// through the same evaluator in one run, and the command's report.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import type { Evaluator } from '../../src/eval/types.js';
import {
  SHARE_TARGET,
  playoutShareWith,
  runSearchBench,
  treeBudgetFor,
  treeMicroseconds,
} from '../../src/bench/search-bench.js';
import { defaultSettings } from '../../src/search/mcts.js';
import { SELECTIONS, Selection } from '../../src/search/selection.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { formatSearchBench } from '../../src/cli/bench-search-command.js';

const cpu = createCpuEvaluator(undefined, { workers: 0 });

describe('runSearchBench', () => {
  test('times one position, the round shape and whole searches, each after its warm-ups', async () => {
    const calls: { positions: number; playouts: number; ownership: boolean }[] = [];
    const spy: Evaluator = {
      ...cpu,
      evaluate: (positions, options) => {
        calls.push({ positions: positions.length, playouts: options.playouts, ownership: options.ownership === true });
        return cpu.evaluate(positions, options);
      },
    };
    const settings = {
      ...defaultSettings('cpu'),
      leavesPerRound: 6,
      playoutsPerLeaf: 16,
      roundsInFlight: 2,
      tactics: false,
    };
    const report = await runSearchBench(spy, {
      root: Position.empty(GameKind.Hex, 5, { swap: false }),
      settings,
      playouts: 6 * 16 * 4,
      runs: 3,
      warmupRuns: 1,
      minCallMs: 0,
    });
    // Every run (the warm-up too) times one position, without ownership and
    // with it, the round's shape, the search's calls (two at once, with
    // ownership for the settings' PUCT-AMAF), and a search of 4 rounds with
    // each of the three selection rules (the AMAF ones ask for ownership);
    // the settings' search is searched once more, recorded, for the tree
    // alone (its replays ask the evaluator nothing).
    const round = (ownership: boolean) => Array(4).fill({ positions: 6, playouts: 16, ownership });
    const others = SELECTIONS.filter((s) => s !== settings.selection);
    const run = [
      { positions: 1, playouts: 384, ownership: false },
      { positions: 1, playouts: 384, ownership: true },
      { positions: 6, playouts: 16, ownership: false },
      { positions: 6, playouts: 16, ownership: true },
      { positions: 6, playouts: 16, ownership: true },
      ...round(true),
      ...round(true),
      ...others.flatMap((s) => round(s !== Selection.Uct)),
    ];
    expect(calls).toEqual([...run, ...run, ...run, ...run]);
    expect(report.roundsPerSearch).toBe(4);
    expect(report.ratios).toHaveLength(3);
    expect(report.ratio).toBe([...report.ratios].sort((a, b) => a - b)[1]);
    expect(report.ratioToOwnership).toBeGreaterThan(0);
    expect(report.bareWithOwnership).toBeGreaterThan(0);
    expect(report.roundsInFlight).toBe(2);
    expect(report.bareSearchCalls).toBeGreaterThan(0);
    expect(report.selection).toBe(settings.selection);
    expect(report.otherSelections.map((o) => o.selection).sort()).toEqual(
      SELECTIONS.filter((s) => s !== settings.selection).sort(),
    );
    expect(report.search).toBeGreaterThan(0);
    expect(Number.isFinite(report.treeMicrosecondsPerLeaf)).toBe(true);
    expect(report.spreads.treeMicrosecondsPerLeaf?.value).toBe(report.treeMicrosecondsPerLeaf);
    expect(report.treeAloneMicrosecondsPerLeaf).toBeGreaterThan(0);
    expect(report.spreads.treeAloneMicrosecondsPerLeaf?.value).toBe(report.treeAloneMicrosecondsPerLeaf);
    // One thread plays (no workers): the share and the budget follow from the bound and the tree alone.
    expect(report.playingThreads).toBe(1);
    expect(report.shareWithTreeAlone).toBe(
      playoutShareWith(report.treeAloneMicrosecondsPerLeaf as number, 16, report.bareOnePosition, 1),
    );
    expect(report.treeBudgetMicroseconds).toBe(treeBudgetFor(SHARE_TARGET, 16, report.bareOnePosition, 1));
  });

  test('a move decided without a round has no tree time', async () => {
    const report = await runSearchBench(cpu, {
      root: Position.empty(GameKind.Hex, 5, { swap: false }),
      settings: defaultSettings('cpu'),
      playouts: 4096,
      runs: 2,
      warmupRuns: 0,
      minCallMs: 0,
    });
    expect(report.roundsPerSearch).toBe(0);
    expect(report.treeMicrosecondsPerLeaf).toBeNull();
    expect(report.treeAloneMicrosecondsPerLeaf).toBeNull();
    expect(report.shareWithTreeAlone).toBeNull();
    expect(formatSearchBench(report)).toContain(
      "the tree's wall time a leaf, beyond the bare evaluator's at the search's shape: not measured (the search decided the move without a round)",
    );
    expect(formatSearchBench(report)).toMatch(
      /the tree alone: not measured \(the search decided the move without a round\); 80% of the bound would leave the tree \d+\.\d µs a leaf\n/,
    );
  });

  test("the tree's time a leaf: the search's wall time a leaf less the bare evaluator's", () => {
    // 256 playouts at 1 M/s take 256 µs, at 2 M/s 128 µs.
    expect(treeMicroseconds(256, 1e6, 2e6)).toBeCloseTo(128, 9);
    expect(treeMicroseconds(16, 4e5, 4e5)).toBe(0);
  });

  test("the most a search keeps beside its tree, and the tree's budget for a share", () => {
    // The bound 2 M/s on 2 threads: 256 playouts take 128 µs, 256 µs of the threads' time.
    // A tree of 64 µs a leaf comes off that time: 256 / (256 + 64) = 80%.
    expect(playoutShareWith(64, 256, 2e6, 2)).toBeCloseTo(0.8, 12);
    expect(treeBudgetFor(0.8, 256, 2e6, 2)).toBeCloseTo(64, 9);
    // A tree of as much time as the playouts halves the share; no tree keeps it all.
    expect(playoutShareWith(256, 256, 2e6, 2)).toBeCloseTo(0.5, 12);
    expect(playoutShareWith(0, 256, 2e6, 2)).toBe(1);
    // Where the playouts take no thread (WebGPU), the tree is a stage of its own: 128 µs of playouts, 160 µs of tree.
    expect(playoutShareWith(160, 256, 2e6, 0)).toBeCloseTo(0.8, 12);
    expect(playoutShareWith(64, 256, 2e6, 0)).toBe(1);
    expect(treeBudgetFor(0.8, 256, 2e6, 0)).toBeCloseTo(160, 9);
    // The budget is the share's inverse, for any tree.
    for (const tree of [1, 7.5, 40, 300])
      for (const threads of [0, 1, 2, 16]) {
        const share = playoutShareWith(tree, 256, 25e6, threads);
        if (share < 1) expect(treeBudgetFor(share, 256, 25e6, threads)).toBeCloseTo(tree, 6);
      }
  });
});

describe('hexbatch bench-search', () => {
  test("refuses the first move under the swap rule, which is not one tree's search", async () => {
    const plan = {
      root: Position.empty(GameKind.Hex, 5),
      settings: defaultSettings('cpu'),
      playouts: 1024,
      runs: 1,
      warmupRuns: 0,
    };
    await expect(runSearchBench(cpu, plan)).rejects.toThrow(/swap rule/);
  });

  test("prints the seven rates, the share against the bare rate with ownership and a free tree's ceiling, and writes them as JSON", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-search-'));
    try {
      const json = join(dir, 'search.json');
      // Hex 6: the empty Hex 5 is decided at the root, with no round to time.
      const r = await runCliInProcess(['bench-search', '--quick', '--size', '6', '--json', json]);
      expect(r.code).toBe(0);
      // The bound: calls of the move's 4,096 playouts doubled until one lasts 100 ms.
      const bare = r.out.match(/bare evaluator, one position\s+1 × (\d+)\s/);
      expect(Number(bare?.[1])).toBeGreaterThanOrEqual(4096);
      // Every rate with its spread; every share a share (at most 100%) or the word that the bound was mismeasured.
      const share = '(\\d+% ± \\d+%|100% \\(within noise, ± \\d+%\\)|n/a: measured above its bound.*)';
      const rate = '[\\d.]+ [kM]? ?± [\\d.]+ [kM]?';
      expect(r.out).toMatch(
        new RegExp(`bare evaluator, one position, with ownership\\s+1 × \\d+\\s+${rate}\\s+${share}`),
      );
      expect(r.out).toMatch(
        new RegExp(
          `against the bare evaluator with ownership \\(which the AMAF rules ask of every round\\), the search \\(puct-amaf\\) keeps ${share}`,
        ),
      );
      expect(r.out).toMatch(
        new RegExp(
          `bare evaluator, the search's calls \\(\\d+ in flight, with ownership\\)\\s+\\d+ × \\d+\\s+${rate}\\s+${share}`,
        ),
      );
      expect(r.out).toMatch(
        new RegExp(
          `a search whose tree cost nothing would keep at most what the bare evaluator does on the search's calls: ${share}\n`,
        ),
      );
      expect(r.out).toMatch(new RegExp(`the search, puct-amaf \\(the settings'.*\\d+ rounds?\\s+${rate}\\s+${share}`));
      expect(r.out).toMatch(new RegExp(`the search, uct-rave\\s+\\d+ rounds?\\s+${rate}\\s+${share}`));
      expect(r.out).toMatch(new RegExp(`the search, uct\\s+\\d+ rounds?\\s+${rate}\\s+${share}`));
      // A time, with its spread, or the words that it is within the noise: never a negative time.
      expect(r.out).toMatch(
        /the tree's wall time a leaf, beyond the bare evaluator's at the search's shape: (\d+\.\d ± \d+\.\d µs|within the noise \(under \d+\.\d µs\))\n/,
      );
      // The tree alone, timed on its own: a time, and what it leaves of the bound.
      expect(r.out).toMatch(
        /the tree alone \(the search replayed on its recorded results, no playouts\): \d+\.\d ± \d+\.\d µs a leaf on the search's thread\n/,
      );
      expect(r.out).toMatch(
        /with that tree beside the playouts of \d+ threads?, a search keeps at most \d+% of the bound; 80% of the bound would leave the tree \d+\.\d µs a leaf\n/,
      );
      // Shares, not their half-widths (± 107% is noise, not a share).
      for (const percent of r.out.matchAll(/(?<!± )\b(\d+)%/g)) expect(Number(percent[1])).toBeLessThanOrEqual(100);
      const saved = JSON.parse(readFileSync(json, 'utf8')) as {
        backend: string;
        playoutsPerMove: number;
        runs: number;
      };
      expect(saved).toMatchObject({ backend: 'cpu', playoutsPerMove: 4096, runs: 3 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
