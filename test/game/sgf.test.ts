// SGF as HexGui writes it: read back by a small independent parser, the
// moves replay to the same game.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { parseCell } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { toSgf } from '../../src/game/sgf.js';
import { readSgf, replaySgfMoves } from '../helpers/sgf.js';

describe('toSgf', () => {
  test("a Hex game with a swap is written in HexGui's view and replays to the same position", () => {
    const p = Position.empty(GameKind.Hex, 5);
    const g = p.geometry;
    const played = [parseCell(g, 'd2'), SWAP, parseCell(g, 'b1'), parseCell(g, 'e4'), parseCell(g, 'a5')];
    const moves = played.map((move) => {
      const player = p.toMove;
      p.play(move);
      return { player, move };
    });
    const text = toSgf({
      geometry: g,
      moves,
      blackName: 'a]b\\c',
      whiteName: 'w',
      winner: Color.White,
      resultNote: 'Resign',
      date: '2026-11-23',
    });
    const { root, moves: read } = readSgf(text);
    expect(root.get('FF')).toBe('4');
    expect(root.get('GM')).toBe('11');
    expect(root.get('SZ')).toBe('5');
    expect(root.get('PB')).toBe('a]b\\c');
    // White, the swapper, plays on as black in HexGui's view: its win is B+.
    expect(root.get('RE')).toBe('B+Resign');
    // HexGui keeps d2 black and white moves again; each later move is the other colour on the mirrored cell.
    expect(read).toEqual([
      ['B', 'd2'],
      ['W', 'swap-pieces'],
      ['W', 'a2'],
      ['B', 'd5'],
      ['W', 'e1'],
    ]);
    expect(root.has('XY')).toBe(false);
    const q = Position.empty(GameKind.Hex, 5);
    replaySgfMoves(q, read);
    expect(q.cells()).toEqual(p.cells());
  });

  test('a Y game is marked, and an unfinished game has no result', () => {
    const g = geometryOf(GameKind.Y, 6);
    const text = toSgf({ geometry: g, moves: [{ player: Color.Black, move: parseCell(g, 'a1') }] });
    const { root, moves } = readSgf(text);
    expect(root.get('XY')).toBe('y');
    expect(root.has('RE')).toBe(false);
    expect(moves).toEqual([['B', 'a1']]);
  });
});
