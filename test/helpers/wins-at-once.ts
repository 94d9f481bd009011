/** The tests' reference for one-move wins: try every empty cell on a copy of the position. */
import { Color, type Player } from '../../src/game/color.js';
import { Position } from '../../src/game/position.js';

/** Cells where `player`, put to move, wins at once, as Position judges it. */
export function winsAtOnce(p: Position, player: Player): number[] {
  const out: number[] = [];
  const text = p.toText();
  for (let c = 0; c < p.geometry.cellCount; c++) {
    if (p.at(c) !== Color.Empty) continue;
    const q = Position.fromText(p.geometry.game, p.geometry.size, text, player);
    q.play(c);
    if (q.winner() === player) out.push(c);
  }
  return out;
}
