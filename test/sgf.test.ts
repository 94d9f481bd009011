// SGF as HexGui writes it: read back by a small independent parser, the
// moves replay to the same game.
import { describe, expect, test } from 'vitest';
import { Color } from '../src/game/color.js';
import { GameKind, geometryOf } from '../src/game/geometry.js';
import { parseCell } from '../src/game/notation.js';
import { Position, SWAP } from '../src/game/position.js';
import { toSgf } from '../src/game/sgf.js';

/** The root's properties and the move nodes of a one-line-of-play SGF. */
function readSgf(text: string): { root: Map<string, string>; moves: [string, string][] } {
  const body = text.trim();
  expect(body.startsWith('(;')).toBe(true);
  expect(body.endsWith(')')).toBe(true);
  const nodes = body.slice(2, -1).split(/;(?=[BW]\[)/);
  const root = new Map<string, string>();
  for (const m of (nodes[0] as string).matchAll(/([A-Z]+)\[((?:\\.|[^\]\\])*)\]/g)) root.set(m[1] as string, (m[2] as string).replace(/\\(.)/g, '$1'));
  const moves = nodes.slice(1).map((n) => {
    const m = /^([BW])\[([^\]]*)\]$/.exec(n.trim());
    if (!m) throw new Error(`bad node ${n}`);
    return [m[1], m[2]] as [string, string];
  });
  return { root, moves };
}

describe('toSgf', () => {
  test('a Hex game with a swap replays to the same position', () => {
    const p = Position.empty(GameKind.Hex, 5);
    const g = p.geometry;
    const played = [parseCell(g, 'c3'), SWAP, parseCell(g, 'b2'), parseCell(g, 'd4'), parseCell(g, 'a5')];
    const moves = played.map((move) => {
      const player = p.toMove;
      p.play(move);
      return { player, move };
    });
    const text = toSgf({ geometry: g, moves, blackName: 'a]b\\c', whiteName: 'w', winner: Color.White, resultNote: 'Resign', date: '2026-11-23' });
    const { root, moves: read } = readSgf(text);
    expect(root.get('FF')).toBe('4');
    expect(root.get('GM')).toBe('11');
    expect(root.get('SZ')).toBe('5');
    expect(root.get('PB')).toBe('a]b\\c');
    expect(root.get('RE')).toBe('W+Resign');
    expect(root.has('XY')).toBe(false);
    const q = Position.empty(GameKind.Hex, 5);
    for (const [colour, value] of read) {
      expect(colour).toBe(q.toMove === Color.Black ? 'B' : 'W');
      q.play(value === 'swap-pieces' ? SWAP : parseCell(g, value));
    }
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
