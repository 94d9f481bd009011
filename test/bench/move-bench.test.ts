// bench-moves: the settings its moves are searched with. A move it times
// runs its whole time, so the engine's early stop is off unless asked for.
import { describe, expect, test } from 'vitest';
import { BENCH_MOVES_DEFAULTS, settingsWith } from '../../src/cli/bench-moves-command.js';
import { DEFAULT_ENGINE_SETTINGS, searchSettingsOf } from '../../src/search/engine-settings.js';

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
