/**
 * "Validate GPU vs CPU": the GPU reports every playout's winner, and the CPU
 * rebuilds each board from the same (seed, position, playout) stream and
 * decides it with an independent method. Every playout must agree.
 */
import type { Engine } from './engine.js';
import type { ValidationResult } from './results.js';
import type { DemoSettings } from './settings.js';

/** The CPU replays every playout at well under a million a second: keep the check to seconds. */
export const VALIDATION_MAX_PLAYOUTS = 1 << 16;

/** The settings' batch, with playouts per position (then positions) cut to fit the cap. */
export function validationBatch(settings: DemoSettings): DemoSettings {
  const positions = Math.min(settings.positions, VALIDATION_MAX_PLAYOUTS);
  const playouts = Math.min(settings.playouts, Math.floor(VALIDATION_MAX_PLAYOUTS / positions));
  return { ...settings, positions, playouts };
}

export async function runValidation(engine: Engine, settings: DemoSettings): Promise<ValidationResult> {
  const batch = validationBatch(settings);
  const t0 = performance.now();
  const v = await engine.validate(batch);
  return { settings: batch, ...v, wallMs: performance.now() - t0 };
}
