import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { formatBoardText, parseBoardText } from '../../src/game/board-text.js';
import { cellName, columnName, parseCell } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { asciiPicture } from '../../src/game/ascii.js';
import { oracleWinner } from '../helpers/oracle.js';

describe('geometry', () => {
  it('refuses sizes out of range', () => {
    expect(() => geometryOf(GameKind.Hex, 0)).toThrow(/Hex size must be a whole number from 1 to 31, not 0/);
    expect(() => geometryOf(GameKind.Hex, 32)).toThrow(/from 1 to 31/);
    expect(() => geometryOf(GameKind.Y, 33)).toThrow(/Y size must be a whole number from 1 to 32/);
    expect(() => geometryOf(GameKind.Y, 2.5)).toThrow(/not 2.5/);
    expect(geometryOf(GameKind.Y, 32).cellCount).toBe(528);
    expect(geometryOf(GameKind.Hex, 31).cellCount).toBe(961);
  });

  it('has symmetric adjacency with the documented degree', () => {
    for (const [game, n] of [
      [GameKind.Hex, 6],
      [GameKind.Y, 7],
    ] as const) {
      const g = geometryOf(game, n);
      const adj = (i: number) => [...g.neighbors.subarray(g.neighborStart[i], g.neighborStart[i + 1])];
      for (let i = 0; i < g.cellCount; i++) {
        for (const j of adj(i)) expect(adj(j)).toContain(i);
        const interior = game === GameKind.Hex ? g.edges[i] === 0 : g.edges[i] === 0;
        if (interior) expect(adj(i)).toHaveLength(6);
      }
    }
    // Hex b2 touches a2, c2, b1, b3, c1 and a3.
    const h = geometryOf(GameKind.Hex, 3);
    const b2 = parseCell(h, 'b2');
    const names = [...h.neighbors.subarray(h.neighborStart[b2], h.neighborStart[b2 + 1])].map((i) => cellName(h, i));
    expect(names.sort()).toEqual(['a2', 'a3', 'b1', 'b3', 'c1', 'c2']);
  });
});

describe('cell names', () => {
  it('names columns past z as aa, ab, …', () => {
    expect(columnName(0)).toBe('a');
    expect(columnName(25)).toBe('z');
    expect(columnName(26)).toBe('aa');
    expect(columnName(31)).toBe('af');
  });

  it('round-trips every cell of the largest boards', () => {
    for (const g of [geometryOf(GameKind.Hex, 31), geometryOf(GameKind.Y, 32)]) {
      for (let i = 0; i < g.cellCount; i++) expect(parseCell(g, cellName(g, i))).toBe(i);
    }
  });

  it('refuses malformed and off-board names', () => {
    const g = geometryOf(GameKind.Y, 4);
    expect(() => parseCell(g, 'c2')).toThrow(/c2 is off the board/);
    expect(() => parseCell(g, 'a5')).toThrow(/off the board/);
    expect(() => parseCell(g, '3c')).toThrow(/not a cell name/);
  });
});

describe('board text', () => {
  it('round-trips random boards of every size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 31 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 2 })),
        fc.boolean(),
        (game, n, values, rows) => {
          const g = geometryOf(game, n);
          const cells = Uint8Array.from({ length: g.cellCount }, () => values.next().value as number);
          const text = formatBoardText(g, cells, rows);
          expect([...parseBoardText(g, text)]).toEqual([...cells]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ignores white space and names what is wrong', () => {
    const g = geometryOf(GameKind.Hex, 2);
    expect([...parseBoardText(g, ' b .\n\tw . ')]).toEqual([1, 0, 2, 0]);
    expect(() => parseBoardText(g, 'b..')).toThrow('Hex 2×2 needs 4 cells, but the text has 3');
    expect(() => parseBoardText(g, 'b....')).toThrow('needs 4 cells, but the text has 5');
    expect(() => parseBoardText(g, 'b.x.')).toThrow('unknown character "x" at position 3');
    expect(() => parseBoardText(geometryOf(GameKind.Y, 3), '.....')).toThrow('Y size 3 needs 6 cells');
  });
});

describe('position', () => {
  it('plays, undoes and refuses illegal moves', () => {
    const p = Position.empty(GameKind.Hex, 3);
    expect(p.toMove).toBe(Color.Black);
    p.play(parseCell(p.geometry, 'b2'));
    expect(p.toMove).toBe(Color.White);
    expect(() => p.play(parseCell(p.geometry, 'b2'))).toThrow('b2 is already taken by black');
    expect(() => p.play(9)).toThrow('move 9 is off the board');
    p.undo();
    expect(p.toText()).toBe('.........');
    expect(p.toMove).toBe(Color.Black);
    expect(() => p.undo()).toThrow('no move to undo');
  });

  it('applies and undoes the swap rule in Hex only', () => {
    const p = Position.empty(GameKind.Hex, 4);
    expect(p.legalMoves()).not.toContain(SWAP);
    p.play(parseCell(p.geometry, 'c1'));
    expect(p.legalMoves()).toContain(SWAP);
    p.play(SWAP);
    // Black's c1 becomes white's a3: the stone is mirrored and recoloured.
    expect(p.at(parseCell(p.geometry, 'a3'))).toBe(Color.White);
    expect(p.at(parseCell(p.geometry, 'c1'))).toBe(Color.Empty);
    expect(p.toMove).toBe(Color.Black);
    expect(() => p.play(SWAP)).toThrow(/swap is only legal/);
    p.undo();
    expect(p.at(parseCell(p.geometry, 'c1'))).toBe(Color.Black);
    expect(p.toMove).toBe(Color.White);
    const y = Position.empty(GameKind.Y, 4);
    y.play(0);
    expect(y.legalMoves()).not.toContain(SWAP);
    const noSwap = Position.empty(GameKind.Hex, 4, { swap: false });
    noSwap.play(0);
    expect(noSwap.legalMoves()).not.toContain(SWAP);
  });

  it('knows the winner after every move of random games and stops there', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 9 }),
        fc.integer(),
        (game, n, seed) => {
          const p = Position.empty(game, n, { swap: false });
          let s = seed >>> 0;
          while (!p.isOver()) {
            const moves = p.legalMoves();
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            p.play(moves[s % moves.length] as number);
            expect(p.winner()).toBe(oracleWinner(game, n, p.cells()));
          }
          expect(p.legalMoves()).toEqual([]);
          expect(() => p.play(0)).toThrow(/the game is over/);
          p.undo();
          expect(p.winner()).toBe(Color.Empty);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads board text and works out the side to move', () => {
    expect(Position.fromText(GameKind.Hex, 2, 'b...').toMove).toBe(Color.White);
    expect(Position.fromText(GameKind.Hex, 2, 'bw..').toMove).toBe(Color.Black);
    expect(Position.fromText(GameKind.Hex, 2, 'bb..', Color.White).toMove).toBe(Color.White);
    expect(() => Position.fromText(GameKind.Hex, 2, 'bb..')).toThrow(
      /cannot tell the side to move from 2 black and 0 white/,
    );
    expect(Position.fromText(GameKind.Y, 2, 'bbb', Color.White).winner()).toBe(Color.Black);
  });
});

describe('ascii picture', () => {
  it('draws Hex as a skewed rhombus and Y as a triangle', () => {
    const h = geometryOf(GameKind.Hex, 3);
    expect(asciiPicture(h, parseBoardText(h, 'b.. .w. ..b')).split('\n').slice(0, 4)).toEqual([
      '    a b c',
      ' 1  X . .',
      '  2  . O .',
      '   3  . . X',
    ]);
    const y = geometryOf(GameKind.Y, 3);
    expect(asciiPicture(y, parseBoardText(y, 'b .w ..b')).split('\n').slice(0, 3)).toEqual([
      ' 1   X',
      ' 2  . O',
      ' 3 . . X',
    ]);
  });
});
