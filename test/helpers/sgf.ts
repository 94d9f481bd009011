/**
 * A small SGF reader for the tests, independent of the writer under test:
 * the root's properties and the moves of a game with one line of play, and
 * those moves replayed onto a position.
 */
import { Color } from '../../src/game/color.js';
import { parseCell } from '../../src/game/notation.js';
import { type Position, SWAP } from '../../src/game/position.js';

export interface ReadSgf {
  readonly root: Map<string, string>;
  /** Colour (B or W) and value of each move node, in order. */
  readonly moves: [string, string][];
}

export function readSgf(text: string): ReadSgf {
  const body = text.trim();
  if (!body.startsWith('(;') || !body.endsWith(')')) throw new Error(`not one SGF game tree: ${body.slice(0, 40)}`);
  const nodes = body.slice(2, -1).split(/;(?=[BW]\[)/);
  const root = new Map<string, string>();
  for (const m of (nodes[0] as string).matchAll(/([A-Z]+)\[((?:\\.|[^\]\\])*)\]/g))
    root.set(m[1] as string, (m[2] as string).replace(/\\(.)/g, '$1'));
  const moves = nodes.slice(1).map((n) => {
    const m = /^([BW])\[([^\]]*)\]$/.exec(n.trim());
    if (!m) throw new Error(`bad node ${n}`);
    return [m[1], m[2]] as [string, string];
  });
  return { root, moves };
}

/**
 * Plays the moves onto `position` as HexGui does (its HexGui.java): a swap
 * leaves the stones where they are and white moves again, so after a swap
 * each move is replayed as the other colour on the cell across the long
 * diagonal, which is how Position plays the same game. Throws when a move's
 * colour is not the side to move's.
 */
export function replaySgfMoves(position: Position, moves: readonly [string, string][]): void {
  const g = position.geometry;
  let hexGuiToMove = 'B';
  let swapped = false;
  for (const [colour, value] of moves) {
    if (colour !== hexGuiToMove) throw new Error(`${colour}[${value}] played when ${hexGuiToMove} was to move`);
    if (value === 'swap-pieces') {
      swapped = true;
      position.play(SWAP);
      continue;
    }
    hexGuiToMove = colour === 'B' ? 'W' : 'B';
    const named = parseCell(g, value);
    const cell = swapped ? g.index(g.col[named] as number, g.row[named] as number) : named;
    position.play(cell);
    const expected = (colour === 'B') !== swapped ? Color.Black : Color.White;
    if (position.at(cell) !== expected) throw new Error(`${colour}[${value}] became a stone of the wrong colour`);
  }
}
