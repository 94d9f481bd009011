/**
 * The positions of recorded Hex games, each with the move the player chose:
 * what the move prior learns from and is measured on.
 */
import { Color, type Player, colorName } from '../../game/color.js';
import { formatBoardText } from '../../game/board-text.js';
import { GameKind, type CellIndex, type Cells } from '../../game/geometry.js';
import { Position, SWAP } from '../../game/position.js';
import type { SgfPosition } from '../../game/sgf-read.js';
import { hasSwap, otherView } from '../../game/swap-view.js';

/** One position of a game and the move played there. */
export interface GamePosition {
  readonly cells: Readonly<Cells>;
  readonly mover: Player;
  /** The opponent's last move, −1 for none (the first move, after setup stones, after a swap). */
  readonly last: CellIndex;
  readonly played: CellIndex;
  /** 1 for the game's first move. */
  readonly moveNumber: number;
  /** Who made the move, as the file names the players (PB, PW; in Position's view each keeps its colour through a swap); null where it names none. */
  readonly madeBy: string | null;
}

/** Whether a player's name (null for none) holds `text`: how `--player` names a player. */
function nameHolds(name: string | null, text: string): boolean {
  return name?.includes(text) ?? false;
}

/** Whether a position's move is one to learn from: any move, or with `player` one made by the player whose name holds it. */
export function madeByPlayer(p: GamePosition, player: string | undefined): boolean {
  return player === undefined || nameHolds(p.madeBy, player);
}

/** Whether either player of `game` has a name that holds `player`. */
export function namesPlayer(game: SgfPosition, player: string): boolean {
  return nameHolds(game.names.black, player) || nameHolds(game.names.white, player);
}

/**
 * Calls `visit` with each position of a game from move `fromMove` on (1 is
 * the first move), in order; a swap is played but not visited. The cells
 * are valid only during the call. Throws an Error for a game that is not
 * Hex or whose moves do not alternate.
 */
export function forEachPosition(game: SgfPosition, fromMove: number, visit: (p: GamePosition) => void): void {
  const g = game.geometry;
  if (g.game !== GameKind.Hex) throw new Error('not a Hex game');
  const swap = hasSwap(game.moves);
  let position: Position;
  if (game.setup.length === 0) {
    position = new Position(g, { swap });
  } else {
    const cells = new Uint8Array(g.cellCount);
    for (const stone of game.setup) cells[stone.cell] = stone.player;
    position = Position.fromText(
      GameKind.Hex,
      g.size,
      formatBoardText(g, cells),
      game.moves[0]?.player ?? game.toMove ?? undefined,
    );
  }
  let last: CellIndex = -1;
  otherView(g, game.moves).forEach((m, i) => {
    if (position.isOver()) throw new Error(`move ${i + 1} comes after the game is over`);
    // otherView gives every move in Position's colours, so they alternate as Position's turns do.
    if (m.player !== position.toMove)
      throw new Error(`move ${i + 1} is ${colorName(m.player)}'s, but it is ${colorName(position.toMove)}'s turn`);
    if (m.move !== SWAP && i + 1 >= fromMove)
      visit({
        cells: position.peekCells(),
        mover: position.toMove,
        last,
        played: m.move,
        moveNumber: i + 1,
        madeBy: m.player === Color.Black ? game.names.black : game.names.white,
      });
    position.play(m.move);
    last = m.move === SWAP ? -1 : m.move;
  });
}
