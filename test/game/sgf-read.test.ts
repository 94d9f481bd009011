// Reading SGF as HexGui writes it: our own writer's games read back to the
// same moves (random games, any size), HexGui's setup properties and
// layout, and a clear message for each kind of bad file.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { cellName, parseCell } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { toSgf } from '../../src/game/sgf.js';
import { parseSgf } from '../../src/game/sgf-read.js';
import { otherView } from '../../src/game/swap-view.js';

describe('parseSgf', () => {
  test('reads back any game toSgf writes (swap included), move for move', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        (size, swapFirst, picks) => {
          const p = Position.empty(GameKind.Hex, size);
          const moves: { player: Color.Black | Color.White; move: number }[] = [];
          for (const [i, pick] of picks.entries()) {
            const legal = p.legalMoves();
            if (p.isOver() || legal.length === 0) break;
            const move =
              i === 1 && swapFirst && p.canSwap()
                ? SWAP
                : (legal.filter((m) => m !== SWAP)[pick % legal.filter((m) => m !== SWAP).length] as number);
            moves.push({ player: p.toMove, move });
            p.play(move);
          }
          const read = parseSgf(
            toSgf({ geometry: p.geometry, moves, blackName: 'b]\\', comment: 'a (comment); with [brackets]' }),
          );
          expect(read.geometry.size).toBe(size);
          expect(read.setup).toEqual([]);
          // The file is in HexGui's view; across the swap it is Position's game again.
          expect(otherView(p.geometry, read.moves)).toEqual(moves);
          expect(read.toMove).toBeNull();
        },
      ),
      { numRuns: 150 },
    );
  });

  test("HexGui's setup: AB/AW lists over several lines, PL, and only the main line of variations", () => {
    const text = '(;AP[HexGui:0.2]FF[4]GM[11]SZ[11];\nAB[c1][j2]\n[d3]\nAW[c2] [k11]PL[W]\n(;W[e5];B[f5])(;W[a1]))';
    const read = parseSgf(text);
    const g = geometryOf(GameKind.Hex, 11);
    expect(read.setup).toEqual([
      { player: Color.Black, cell: parseCell(g, 'c1') },
      { player: Color.Black, cell: parseCell(g, 'j2') },
      { player: Color.Black, cell: parseCell(g, 'd3') },
      { player: Color.White, cell: parseCell(g, 'c2') },
      { player: Color.White, cell: parseCell(g, 'k11') },
    ]);
    expect(read.moves.map((m) => [m.player, cellName(g, m.move)])).toEqual([
      [Color.White, 'e5'],
      [Color.Black, 'f5'],
    ]);
    expect(read.toMove).toBe(Color.White);
  });

  test("cell names are HexGui's (column letter, row number): j2 is column j, row 2", () => {
    const g = geometryOf(GameKind.Hex, 11);
    const { setup } = parseSgf('(;FF[4]GM[11]SZ[11];AB[j2])');
    expect([g.col[setup[0]?.cell as number], g.row[setup[0]?.cell as number]]).toEqual([9, 1]);
  });

  test("after a swap the first stone's own cell stays taken and its mirror is free (HexGui's view)", () => {
    const g = geometryOf(GameKind.Hex, 5);
    const read = parseSgf('(;FF[4]GM[11]SZ[5];B[b1];W[swap-pieces];W[a2];B[c3])');
    expect(read.moves.map((m) => [m.player, m.move === SWAP ? 'swap-pieces' : cellName(g, m.move)])).toEqual([
      [Color.Black, 'b1'],
      [Color.White, 'swap-pieces'],
      [Color.White, 'a2'],
      [Color.Black, 'c3'],
    ]);
  });

  test.each([
    ['', /not SGF/],
    ['(;FF[4]GM[1]SZ[9])', /GM\[1\] is not Hex/],
    ['(;FF[4]GM[11])', /no board size/],
    ['(;FF[4]GM[11]SZ[7:8])', /only square boards/],
    ['(;FF[4]GM[11]SZ[40])', /size must be from 1 to 31/],
    ['(;FF[4]GM[11]SZ[5];AB[f1])', /f1 is off the board/],
    ['(;FF[4]GM[11]SZ[5];AB[a1]AW[a1])', /a1 is played on a cell that is not empty/],
    ['(;FF[4]GM[11]SZ[5];B[a1];W[a1])', /a1 is played on a cell that is not empty/],
    ['(;FF[4]GM[11]SZ[5];AE[a1])', /AE .* not supported/],
    ['(;FF[4]GM[11]SZ[5];AB[a1];W[swap-pieces])', /swap-pieces is only a second move/],
    // HexGui's swap leaves b1 black, so it is not free after the swap.
    ['(;FF[4]GM[11]SZ[5];B[b1];W[swap-pieces];W[b1])', /b1 is played on a cell that is not empty/],
    ['(;FF[4]GM[11]SZ[5];B[a1]', /ends inside a game tree/],
    ['(;FF[4]GM[11]SZ[5];B[a1)', /ends inside a property value/],
    ['(;FF[4]GM[11]SZ[5];PL[X])', /PL\[X\] names no colour/],
    ['(;FF[4]GM[11]SZ[5];B[a1][b1])', /B has 2 values/],
  ])('%j is refused', (text, message) => {
    expect(() => parseSgf(text)).toThrow(message);
  });
});
