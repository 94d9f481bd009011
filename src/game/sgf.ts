/**
 * Writes a game as SGF (FF[4]) the way HexGui reads it: GM[11] (Hex), SZ,
 * one node per move with the cell's name (`;B[c3]`) and `;W[swap-pieces]`
 * for the swap. SGF has no game number for Y, so a Y game is written as
 * GM[11] with the private root property XY[y] (readers skip unknown
 * properties) so that our own tools can tell it apart.
 *
 * After a swap the file is in HexGui's view (swap-view.ts): black's stone
 * stays, white moves again, and each later move is the other colour on the
 * mirrored cell of Position's; RE names the winner in that view too. PB and
 * PW name the players by the colour they began with.
 */
import { Color, type Player, opponent } from './color.js';
import { GameKind, type Geometry } from './geometry.js';
import { cellName } from './notation.js';
import { type Move, SWAP } from './position.js';
import { hasSwap, otherView } from './swap-view.js';

/** A game to write as SGF: the board, the moves in play order, and what the record says about it. */
export interface SgfGame {
  readonly geometry: Geometry;
  /** In play order, as Position plays them (the first is black's). */
  readonly moves: readonly { readonly player: Player; readonly move: Move }[];
  readonly blackName?: string;
  readonly whiteName?: string;
  /** The winner, when the game is over. */
  readonly winner?: Player | null;
  /** Why the game ended, when not by a connection (a forfeit, a resignation). */
  readonly resultNote?: string;
  /** YYYY-MM-DD. */
  readonly date?: string;
  readonly comment?: string;
  /** More root properties, each an upper-case identifier and its text (a private one, such as XS, is skipped by readers that do not know it). */
  readonly properties?: readonly (readonly [string, string])[];
}

/** SGF text values escape `]` and `\`. */
function sgfText(text: string): string {
  return text.replace(/[\\\]]/g, (c) => `\\${c}`);
}

/** The swap's name in SGF and HTP (HexGui's). */
export const SWAP_MOVE_NAME = 'swap-pieces';

/** A move's name in SGF and HTP: the cell's, or the swap's. */
export function moveName(g: Geometry, move: Move): string {
  return move === SWAP ? SWAP_MOVE_NAME : cellName(g, move);
}

/** The game as HexGui's SGF (FF[4], GM[11], cell names, `swap-pieces`), with the moves after a swap in HexGui's view. */
export function toSgf(game: SgfGame): string {
  const g = game.geometry;
  const root = ['FF[4]', 'GM[11]', 'AP[hexbatch]', `SZ[${g.size}]`];
  if (g.game === GameKind.Y) root.push('XY[y]');
  if (game.blackName !== undefined) root.push(`PB[${sgfText(game.blackName)}]`);
  if (game.whiteName !== undefined) root.push(`PW[${sgfText(game.whiteName)}]`);
  if (game.date !== undefined) root.push(`DT[${game.date}]`);
  const winner = game.winner == null ? null : hasSwap(game.moves) ? opponent(game.winner) : game.winner;
  if (winner !== null)
    root.push(
      `RE[${winner === Color.Black ? 'B' : 'W'}+${game.resultNote === undefined ? '' : sgfText(game.resultNote)}]`,
    );
  if (game.comment !== undefined) root.push(`C[${sgfText(game.comment)}]`);
  for (const [id, value] of game.properties ?? []) {
    if (!/^[A-Z]+$/.test(id)) throw new Error(`"${id}" is not an SGF property identifier`);
    root.push(`${id}[${sgfText(value)}]`);
  }
  const nodes = otherView(g, game.moves).map((m) => `;${m.player === Color.Black ? 'B' : 'W'}[${moveName(g, m.move)}]`);
  return `(;${root.join('')}\n${nodes.join('')})\n`;
}
