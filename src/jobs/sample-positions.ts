/**
 * Positions for checking GPU against CPU: the empty board first, then boards
 * holding ever more random stones, up to nearly full, so that the two are
 * compared on every amount of empty cells, on both sides to move, and on
 * boards already won before the fill.
 */
import { Color } from '../game/color.js';
import { type GameKind, geometryOf } from '../game/geometry.js';
import { PlayoutStream, uniformBelow } from '../fill/counter-rng.js';
import type { EvalPosition } from '../eval/types.js';

/** Keeps the stones' streams apart from the playouts' streams of the same seed. */
const STONES_SALT = 0x5bd1e995;

/** Positions for checking GPU against CPU: the empty board first, then ever more random stones, both sides to move; the same for the same seed. */
export function samplePositions(game: GameKind, size: number, count: number, seed: number): EvalPosition[] {
  const geometry = geometryOf(game, size);
  return Array.from({ length: count }, (_, p) => {
    const stream = new PlayoutStream({ seed: (seed ^ STONES_SALT) >>> 0, position: p, playout: 0 });
    const stoneShare = p / count;
    const cells = new Uint8Array(geometry.cellCount);
    for (let i = 0; i < cells.length; i++) {
      const w = stream.word();
      if (w / 2 ** 32 < stoneShare) cells[i] = w & 1 ? Color.Black : Color.White;
    }
    return { geometry, cells, toMove: p % 2 === 0 ? Color.Black : Color.White };
  });
}

/** `count` copies of the empty board, black to move: what throughput is measured on. */
export function emptyPositions(game: GameKind, size: number, count: number): EvalPosition[] {
  const geometry = geometryOf(game, size);
  const cells = new Uint8Array(geometry.cellCount);
  return Array.from({ length: count }, () => ({ geometry, cells, toMove: Color.Black }));
}

/**
 * A mid-game position: `stones` stones on distinct random cells, black's and
 * white's alternating (black has the extra one when `stones` is odd), so the
 * side to move is white after an odd count and black after an even one.
 */
export function midGamePosition(game: GameKind, size: number, stones: number, seed: number): EvalPosition {
  const geometry = geometryOf(game, size);
  if (stones > geometry.cellCount) throw new RangeError(`${stones} stones do not fit on ${geometry.cellCount} cells`);
  const stream = new PlayoutStream({ seed: (seed ^ STONES_SALT) >>> 0, position: 0, playout: 1 });
  const cells = new Uint8Array(geometry.cellCount);
  for (let placed = 0; placed < stones;) {
    const cell = uniformBelow(stream.word(), geometry.cellCount);
    if (cells[cell] !== Color.Empty) continue;
    cells[cell] = placed % 2 === 0 ? Color.Black : Color.White;
    placed++;
  }
  return { geometry, cells, toMove: stones % 2 === 0 ? Color.Black : Color.White };
}
