/**
 * Two ways to write a Hex game after a swap.
 *
 * HTP, HexGui, benzene's engines and HexGui's SGF leave black's first stone
 * where it is and give white the move again: the players have exchanged
 * colours, and each goes on with its new one (the "protocol" view).
 * Position mirrors the stone into a white one and gives black the move: the
 * players keep their colours, so a search's backed-up values need no
 * special case (the "position" view).
 *
 * The two are one game seen through the long diagonal with the colours
 * exchanged, which maps each side's goal edges onto the other's. So every
 * move after the swap converts one for one (the other colour, the mirrored
 * cell), and the conversion is its own inverse.
 */
import { type Player, opponent } from './color.js';
import { type Geometry, mirrorCell } from './geometry.js';
import { type Move, SWAP } from './position.js';

/** A move and the player who made it. */
export interface PlayedMove {
  readonly player: Player;
  readonly move: Move;
}

/** A move's cell seen from the other view: mirrored (the swap itself stays the swap). */
export function mirrorMove(g: Geometry, move: Move): Move {
  return move === SWAP ? SWAP : mirrorCell(g, move);
}

/** A move seen from the other view: the other colour, and the mirrored cell. */
export function acrossSwap(g: Geometry, m: PlayedMove): PlayedMove {
  return { player: opponent(m.player), move: mirrorMove(g, m.move) };
}

/** Whether a game's moves (in either view) hold the swap: it can only be the second. */
export function hasSwap(moves: readonly PlayedMove[]): boolean {
  return moves[1]?.move === SWAP;
}

/**
 * A game's moves in the other view: the moves after a swap converted, the
 * rest as they are. It serves both ways, protocol to position and back.
 */
export function otherView(g: Geometry, moves: readonly PlayedMove[]): PlayedMove[] {
  const swapped = hasSwap(moves);
  return moves.map((m, i) => (swapped && i >= 2 ? acrossSwap(g, m) : m));
}
