// The two views of a swapped game are one game: random Hex games played on
// Position through a swap, written in HexGui's view by otherView, are
// replayed here stone by stone as HexGui shows them (the swap moves
// nothing), and must give the mirrored board with the colours exchanged,
// and the other colour as winner.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color, opponent } from '../../src/game/color.js';
import { formatBoardText } from '../../src/game/board-text.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position, SWAP } from '../../src/game/position.js';
import { type PlayedMove, hasSwap, otherView } from '../../src/game/swap-view.js';

describe('swap-view', () => {
  test("a game through a swap, in HexGui's view: the board mirrored with the colours exchanged, the same game to the end", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.array(fc.nat(), { minLength: 200, maxLength: 200 }),
        (size, picks) => {
          const p = Position.empty(GameKind.Hex, size);
          const g = p.geometry;
          const moves: PlayedMove[] = [];
          for (const pick of picks) {
            if (p.isOver()) break;
            const cells = p.legalMoves().filter((m) => m !== SWAP);
            const move = p.canSwap() ? SWAP : (cells[pick % cells.length] as number);
            moves.push({ player: p.toMove, move });
            p.play(move);
          }
          const seen = otherView(g, moves);
          expect(otherView(g, seen)).toEqual(moves);
          expect(hasSwap(seen)).toBe(hasSwap(moves));
          // HexGui: black, white's swap, then white again, alternating after.
          if (hasSwap(moves))
            seen.forEach((m, i) =>
              expect(m.player).toBe(i === 0 ? Color.Black : i === 1 || i % 2 === 0 ? Color.White : Color.Black),
            );
          const named = new Uint8Array(g.cellCount);
          for (const m of seen) {
            if (m.move === SWAP) continue;
            expect(named[m.move]).toBe(Color.Empty);
            named[m.move] = m.player;
          }
          if (!hasSwap(moves)) {
            expect(named).toEqual(p.cells());
            return;
          }
          for (let c = 0; c < g.cellCount; c++) {
            const there = p.at(g.index(g.col[c] as number, g.row[c] as number));
            expect(named[c]).toBe(there === Color.Empty ? Color.Empty : opponent(there as Color.Black | Color.White));
          }
          const shown = Position.fromText(GameKind.Hex, size, formatBoardText(g, named), Color.Black);
          expect(shown.winner()).toBe(opponent(p.winner() as Color.Black | Color.White));
        },
      ),
      { numRuns: 300 },
    );
  });
});
