/**
 * The page's "Validate GPU vs CPU" batch: the CPU replays every playout, so
 * the check is capped to stay within seconds.
 */
import type { DemoSettings } from './settings.js';

/** The CPU replays every playout at well under a million a second: keep the check to seconds. */
export const VALIDATION_MAX_PLAYOUTS = 1 << 16;

/** The settings' batch, with playouts per position (then positions) cut to fit the cap. */
export function validationBatch(settings: DemoSettings): DemoSettings {
  const positions = Math.min(settings.positions, VALIDATION_MAX_PLAYOUTS);
  const playouts = Math.min(settings.playouts, Math.floor(VALIDATION_MAX_PLAYOUTS / positions));
  return { ...settings, positions, playouts };
}
