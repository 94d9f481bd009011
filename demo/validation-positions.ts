/**
 * Positions for the page's validation: the empty board first, then boards
 * holding ever more random stones, up to nearly full, so that GPU and CPU
 * are compared on every amount of empty cells, on both sides to move, and
 * on boards already won before the fill.
 */
import { Color } from '../src/game/color.js';
import { geometryOf } from '../src/game/geometry.js';
import { PlayoutStream } from '../src/fill/counter-rng.js';
import type { EvalPosition } from '../src/eval/types.js';
import type { DemoSettings } from './settings.js';

/** Keeps the stones' streams apart from the playouts' streams of the same seed. */
const STONES_SALT = 0x5bd1e995;

export function validationPositions(settings: DemoSettings): EvalPosition[] {
  const geometry = geometryOf(settings.game, settings.size);
  return Array.from({ length: settings.positions }, (_, p) => {
    const stream = new PlayoutStream({ seed: (settings.seed ^ STONES_SALT) >>> 0, position: p, playout: 0 });
    const stoneShare = p / settings.positions;
    const cells = new Uint8Array(geometry.cellCount);
    for (let i = 0; i < cells.length; i++) {
      const w = stream.word();
      if (w / 2 ** 32 < stoneShare) cells[i] = w & 1 ? Color.Black : Color.White;
    }
    return { geometry, cells, toMove: p % 2 === 0 ? Color.Black : Color.White };
  });
}
