// The native reference (bench/native/playout.c) plays the very playouts of
// the CPU backend: for the same seed, the same black wins, bit for bit, on
// Hex and Y, exact and coin fill, on every board size its two win tests
// cover. That agreement is its oracle, and bench:native's. CI installs gcc
// (.ci/run), so these never go without a compiler.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FillKind, GameKind, createEvaluator, emptyPositions } from '../../src/index.js';
import type { Evaluator } from '../../src/eval/types.js';
import { type NativeProgram, buildNativeProgram } from '../../src/bench/native-program.js';
import { runNativeBench } from '../../src/bench/native-bench.js';
import { formatNativeBench } from '../../src/cli/bench-native-command.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

const hasCompiler = spawnSync('cc', ['--version']).status === 0;

let native: NativeProgram;
let cpu: Evaluator;

beforeAll(async () => {
  expect(hasCompiler, 'no C compiler "cc": install gcc and libc6-dev (.ci/run does)').toBe(true);
  native = await buildNativeProgram();
  cpu = await createEvaluator({ backend: 'cpu' });
}, 120_000);

afterAll(async () => {
  cpu?.destroy();
  await native?.dispose();
});

async function backendBlackWins(
  game: GameKind,
  size: number,
  fill: FillKind,
  playouts: number,
  seed: number,
): Promise<number> {
  const { results } = await cpu.evaluate(emptyPositions(game, size, 1), { playouts, seed, fill });
  return results[0]?.blackWins ?? -1;
}

describe('the native reference against the CPU backend', () => {
  // Hex 1–13 by flood fill, 14 and up by reduction; Y by reduction; sizes whose boards end
  // inside, and on, a 64-bit word (Hex 8: 64 cells; Y 8: a 64-bit square).
  const boards: [GameKind, number][] = [
    [GameKind.Hex, 1],
    [GameKind.Hex, 2],
    [GameKind.Hex, 5],
    [GameKind.Hex, 8],
    [GameKind.Hex, 11],
    [GameKind.Hex, 13],
    [GameKind.Hex, 14],
    [GameKind.Hex, 19],
    [GameKind.Hex, 31],
    [GameKind.Y, 1],
    [GameKind.Y, 2],
    [GameKind.Y, 8],
    [GameKind.Y, 11],
    [GameKind.Y, 19],
    [GameKind.Y, 32],
  ];
  for (const [game, size] of boards) {
    for (const fill of [FillKind.Exact, FillKind.Coin]) {
      it(`counts black's wins as the backend does: ${game} ${size}, ${fill} fill, three seeds`, async () => {
        const playouts = size >= 19 ? 600 : 3000;
        for (const seed of [0, 7, 0xfffffff0]) {
          const mine = await native.count(game, size, fill, playouts, seed);
          expect({ seed, wins: mine }).toEqual({
            seed,
            wins: await backendBlackWins(game, size, fill, playouts, seed),
          });
        }
      }, 60_000);
    }
  }

  it("times runs of the same playouts: run k of seed s plays seed s + k, and wins as the backend's count says", async () => {
    const runs = await native.time(GameKind.Hex, 11, FillKind.Exact, 5000, 2, 1, 40);
    expect(runs).toHaveLength(2);
    for (const [k, r] of runs.entries()) {
      expect(r.blackWins).toBe(await backendBlackWins(GameKind.Hex, 11, FillKind.Exact, 5000, 40 + 1 + k));
      expect(r.wallNs).toBeGreaterThan(0);
      expect(r.cpuNs).toBeGreaterThan(0);
    }
  });
});

describe('bench:native', () => {
  it('times both in rounds and reports ns per playout, the ratio and the shares, each with its spread', async () => {
    const plan = {
      boards: [{ game: GameKind.Hex, size: 3 }],
      fills: [FillKind.Coin],
      rounds: 2,
      longMs: 30,
      shortCalls: [4096],
      minRunMs: 20,
      seed: 5,
    };
    const report = await runNativeBench(plan);
    const [cell] = report.cells;
    if (!cell) throw new Error('no cell');
    expect(cell.native.rounds).toHaveLength(2);
    // The timed native run of round r is the second run (after a warm-up) of seed plan.seed + 1 + r.
    for (const [i, wins] of cell.nativeBlackWins.entries()) {
      expect(wins).toBe(
        await backendBlackWins(GameKind.Hex, 3, FillKind.Coin, cell.native.playouts, plan.seed + 1 + (i + 1) + 1),
      );
    }
    for (const figure of [
      cell.native.nsPerPlayout,
      cell.allCores.nsPerPlayout,
      cell.oneCore.nsPerPlayout,
      cell.speedAllCores,
      cell.speedOneCore,
    ]) {
      expect(figure.value).toBeGreaterThan(0);
      expect(figure.halfWidth).toBeGreaterThanOrEqual(0);
    }
    expect(cell.speedAllCores.value).toBeCloseTo(
      [0, 1]
        .map((i) => (cell.native.rounds[i] as number) / (cell.allCores.rounds[i] as number))
        .reduce((a, b) => a + b) / 2,
      9,
    );
    expect(cell.shortCalls[0]?.playouts).toBe(4096);
    const text = formatNativeBench(report);
    expect(text).toMatch(/^Hex 3\s+coin\s+native C, one core\s+[\d,]+\s+[\d.]+ ± [\d.]+\s+1 \(the reference\)/m);
    expect(text).toMatch(
      /^Hex 3\s+coin\s+CPU backend, all cores \(\d+ workers\)\s+[\d,]+\s+[\d.]+ ± [\d.]+\s+[\d.]+× ± [\d.]+\s+100% \(the bound\)$/m,
    );
    expect(text).toMatch(
      /^Hex 3\s+coin\s+CPU backend, all cores, calls of 4,096\s+4,096\s+[\d.]+ ± [\d.]+\s+—\s+(\d+% ± \d+%|100% \(within noise, ± \d+%\)|n\/a: .*)$/m,
    );
    expect(text).toMatch(
      /^Hex 3, coin fill: the CPU backend on all cores \(\d+ workers\) is [\d.]+× \(95%: [\d.]+×–[\d.]+×\) as fast as native C on one core/m,
    );
  }, 120_000);

  it('says in one line that there is no C compiler, and exits 1', async () => {
    const result = await runCliInProcess([
      'bench-native',
      '--quick',
      '--cc',
      '/nonexistent/cc',
      '--json',
      '/tmp/hexbatch-never-written.json',
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      'error: no C compiler "/nonexistent/cc" on this machine: bench:native builds bench/native/playout.c with it (Debian: apt-get install gcc)\n',
    );
  });

  it('refuses bad settings with exit status 2', async () => {
    for (const args of [
      ['--rounds', '1'],
      ['--fills', 'dice'],
      ['--sizes', '40'],
      ['--long-ms', 'long'],
    ]) {
      const result = await runCliInProcess(['bench-native', ...args]);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
