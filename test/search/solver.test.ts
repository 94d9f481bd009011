// The solver against plain minimax over Position (its own union-find win
// test, no table, no ordering): every position of tiny boards, and random
// positions of the larger ones.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { solve } from '../../src/search/solver.js';

/** Whether the side to move wins, by trying everything. */
function bruteWins(p: Position): boolean {
  for (let c = 0; c < p.geometry.cellCount; c++) {
    if (p.at(c) !== Color.Empty) continue;
    p.play(c);
    const won = p.isOver() || !bruteWins(p);
    p.undo();
    if (won) return true;
  }
  return false;
}

function bruteWinningMoves(p: Position): number[] {
  const moves: number[] = [];
  for (let c = 0; c < p.geometry.cellCount; c++) {
    if (p.at(c) !== Color.Empty) continue;
    p.play(c);
    if (p.isOver() || !bruteWins(p)) moves.push(c);
    p.undo();
  }
  return moves;
}

/** Every board of 0/1/2 per cell with legal stone counts, side to move from the counts, not yet won. */
function* allPositions(game: GameKind, size: number): Generator<Position> {
  const n = Position.empty(game, size).geometry.cellCount;
  for (let code = 0; code < 3 ** n; code++) {
    let text = '';
    for (let k = 0, x = code; k < n; k++, x = Math.floor(x / 3)) text += '.bw'[x % 3];
    const black = [...text].filter((ch) => ch === 'b').length;
    const white = [...text].filter((ch) => ch === 'w').length;
    if (black !== white && black !== white + 1) continue;
    const p = Position.fromText(game, size, text);
    if (!p.isOver()) yield p;
  }
}

/** A random non-won position with `stones` stones, alternately placed. */
function randomPosition(game: GameKind, size: number, stones: number, rng: () => number): Position | null {
  const p = Position.empty(game, size, { swap: false });
  for (let s = 0; s < stones; s++) {
    const moves = p.legalMoves();
    p.play(moves[Math.floor(rng() * moves.length)] as number);
    if (p.isOver()) return null;
  }
  return p;
}

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('solver', () => {
  test.each([
    [GameKind.Hex, 2],
    [GameKind.Hex, 3],
    [GameKind.Y, 2],
    [GameKind.Y, 3],
  ])('%s %i: every position agrees with brute force', (game, size) => {
    let count = 0;
    for (const p of allPositions(game, size)) {
      const s = solve(p);
      expect(s.winningMoves, p.toText()).toEqual(bruteWinningMoves(p));
      expect(s.wins).toBe(s.winningMoves.length > 0);
      count++;
    }
    expect(count).toBeGreaterThan(5);
  });

  test.each([
    [GameKind.Hex, 4, 7],
    [GameKind.Y, 4, 3],
    [GameKind.Y, 5, 8],
  ])('%s %i: random positions with %i stones agree with brute force', (game, size, stones) => {
    const rng = lcg(size * 100 + stones);
    let checked = 0;
    for (let t = 0; t < 40 && checked < 12; t++) {
      const p = randomPosition(game, size, stones, rng);
      if (!p) continue;
      expect(solve(p).winningMoves, p.toText()).toEqual(bruteWinningMoves(p));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  test('the first player wins the empty Hex boards up to 4×4 and the centre of 3×3 wins', () => {
    for (const n of [1, 2, 3, 4]) expect(solve(Position.empty(GameKind.Hex, n)).wins).toBe(true);
    // b2 is the centre; a known result, also checked by brute force above.
    const s = solve(Position.empty(GameKind.Hex, 3));
    expect(s.winningMoves).toContain(4);
  });
});
