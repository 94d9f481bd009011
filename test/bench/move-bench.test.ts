// bench-moves: the settings its moves are searched with. A move it times
// runs its whole time, so the engine's early stop is off unless asked for.
import { describe, expect, test } from 'vitest';
import { BENCH_MOVES_DEFAULTS, settingsWith } from '../../src/cli/bench-moves-command.js';
import { DEFAULT_ENGINE_SETTINGS, searchSettingsOf } from '../../src/search/engine-settings.js';
import { runMoveBench } from '../../src/bench/move-bench.js';
import { createEvaluator } from '../../src/eval/create-evaluator.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';

describe('bench-moves settings', () => {
  test("the engine's defaults but the stop, which is off", () => {
    expect(DEFAULT_ENGINE_SETTINGS.stopEarly).toBe(true);
    const engine = settingsWith(undefined, BENCH_MOVES_DEFAULTS);
    expect(engine).toEqual({ ...DEFAULT_ENGINE_SETTINGS, stopEarly: false });
    expect(searchSettingsOf(engine, 'cpu').stopEarly).toBe(false);
  });

  test('--set turns the stop on, and sets any other setting beside it', () => {
    const engine = settingsWith('stop-early=on,leaves=8', BENCH_MOVES_DEFAULTS);
    expect(engine.stopEarly).toBe(true);
    expect(searchSettingsOf(engine, 'cpu')).toMatchObject({ stopEarly: true, leavesPerRound: 8 });
  });

  test('without command defaults, the engine defaults stand', () => {
    expect(settingsWith(undefined)).toEqual(DEFAULT_ENGINE_SETTINGS);
  });
});

describe('bench-moves with a playout limit', () => {
  test('every move searches exactly its playouts, and two runs search the same trees', async () => {
    const evaluator = await createEvaluator({ backend: 'cpu' });
    try {
      const settings = { ...searchSettingsOf(settingsWith(undefined, BENCH_MOVES_DEFAULTS), 'cpu'), leavesPerRound: 4 };
      const plan = {
        geometry: geometryOf(GameKind.Hex, 7),
        settings,
        limit: { playouts: 40 * 256 },
        positions: 3,
        seed: 5,
      };
      const first = await runMoveBench(evaluator, plan);
      const second = await runMoveBench(evaluator, plan);
      expect(first.timeMs).toBeNull();
      expect(first.playoutsPerMove).toBe(40 * 256);
      const searched = first.moves.filter((m) => m.decidedBy === null);
      expect(searched.length).toBeGreaterThan(0);
      for (const m of searched) expect(m.leaves).toBe(40);
      expect(second.moves.map((m) => [m.leaves, m.rounds])).toEqual(first.moves.map((m) => [m.leaves, m.rounds]));
    } finally {
      evaluator.destroy();
    }
  }, 60_000);
});
