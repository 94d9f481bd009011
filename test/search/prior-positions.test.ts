// The positions the move prior learns from (src/search/prior/game-positions.ts):
// a game's moves replayed from SGF, after a swap in Position's colours, with
// setup stones, and the last move as the prior needs it.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { parseCell } from '../../src/game/notation.js';
import { parseSgf } from '../../src/game/sgf-read.js';
import { forEachPosition } from '../../src/search/prior/game-positions.js';

function visits(sgf: string, fromMove = 1) {
  const game = parseSgf(sgf);
  const g = game.geometry;
  const seen: { move: number; mover: Color; last: string | null; played: string; stones: string }[] = [];
  const name = (c: number) => `${String.fromCharCode(97 + (g.col[c] as number))}${(g.row[c] as number) + 1}`;
  forEachPosition(game, fromMove, (p) => {
    const stones = [...p.cells.keys()]
      .filter((c) => p.cells[c] !== 0)
      .map((c) => `${p.cells[c] === Color.Black ? 'B' : 'W'}${name(c)}`)
      .join(' ');
    seen.push({
      move: p.moveNumber,
      mover: p.mover,
      last: p.last < 0 ? null : name(p.last),
      played: name(p.played),
      stones,
    });
  });
  return { seen, g };
}

describe('the positions of a game', () => {
  test("follow the moves, each with the opponent's last move, from the move asked for", () => {
    const { seen } = visits('(;FF[4]GM[11]SZ[5];B[c3];W[b4];B[d2])', 2);
    expect(seen).toEqual([
      { move: 2, mover: Color.White, last: 'c3', played: 'b4', stones: 'Bc3' },
      { move: 3, mover: Color.Black, last: 'b4', played: 'd2', stones: 'Bc3 Wb4' },
    ]);
  });

  test("after a swap, in Position's view: the first stone mirrored and white, black to move, no last move for the first move after it", () => {
    const { seen } = visits('(;FF[4]GM[11]SZ[5];B[b1];W[swap-pieces];W[c4];B[d2])');
    expect(seen).toEqual([
      { move: 1, mover: Color.Black, last: null, played: 'b1', stones: '' },
      // HexGui's W[c4] is black's d3 in Position's view (the other colour, the mirrored cell).
      { move: 3, mover: Color.Black, last: null, played: 'd3', stones: 'Wa2' },
      { move: 4, mover: Color.White, last: 'd3', played: 'b4', stones: 'Wa2 Bd3' },
    ]);
  });

  test('start from the setup stones', () => {
    const { seen, g } = visits('(;FF[4]GM[11]SZ[5]AB[a1]AW[b2];B[c3];W[d4])');
    expect(seen[0]).toEqual({ move: 1, mover: Color.Black, last: null, played: 'c3', stones: 'Ba1 Wb2' });
    expect(seen[1]?.last).toBe('c3');
    expect(parseCell(g, 'c3')).toBe(12);
  });

  test('credit each move to the player who made it, by the names in the file, across a swap', () => {
    const names: (string | null)[] = [];
    forEachPosition(parseSgf('(;FF[4]GM[11]SZ[5]PB[first]PW[second];B[b1];W[swap-pieces];W[c4];B[d2])'), 1, (p) =>
      names.push(p.madeBy),
    );
    // After the swap HexGui's file gives the first player white (W[c4]) and the swapper black.
    expect(names).toEqual(['first', 'first', 'second']);
    const unnamed: (string | null)[] = [];
    forEachPosition(parseSgf('(;FF[4]GM[11]SZ[5]PB[only];B[b1];W[c4])'), 1, (p) => unnamed.push(p.madeBy));
    expect(unnamed).toEqual(['only', null]);
  });

  test('refuse moves out of turn, and moves after the end', () => {
    expect(() => visits('(;FF[4]GM[11]SZ[5];B[a1];B[b1])')).toThrow("move 2 is black's, but it is white's turn");
    expect(() => visits('(;FF[4]GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])')).toThrow('move 4 comes after the game is over');
  });
});
