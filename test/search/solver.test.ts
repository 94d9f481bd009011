// The solver against plain minimax over Position (its own union-find win
// test, no table, no ordering): every position of tiny boards, and random
// positions of the larger ones.
import { describe, expect, test, vi } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { type QuickSolution, SOLVER_TABLE_LIMIT, solve, solveWithin } from '../../src/search/knowledge/solver.js';
import { lcgRandom } from '../helpers/boards.js';

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
    const rng = lcgRandom(size * 100 + stones);
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

  test('a table at SOLVER_TABLE_LIMIT (a Map holds no more) gives up whatever the budget: null from solveWithin, a plain error from solve', () => {
    const p = Position.empty(GameKind.Hex, 3);
    // Filling sixteen million entries takes minutes: the table reports itself full instead.
    const size = vi.spyOn(Map.prototype, 'size', 'get').mockReturnValue(SOLVER_TABLE_LIMIT);
    try {
      expect(solveWithin(p, Number.POSITIVE_INFINITY)).toBeNull();
      expect(() => solve(p)).toThrow(
        /^the solver gave up: the position needs more than 16,777,215 positions in its table$/,
      );
    } finally {
      size.mockRestore();
    }
    expect(solveWithin(p, Number.POSITIVE_INFINITY)?.wins).toBe(true);
    expect(solve(p).wins).toBe(true);
  });

  test('late positions of big boards: only the empty cells count, and it agrees with brute force', () => {
    const rng = lcgRandom(31);
    let checked = 0;
    while (checked < 6) {
      const size = 6 + Math.floor(rng() * 6);
      const cells: string[] = Array.from({ length: size * size }, (_, i) => (i % 2 === 0 ? 'b' : 'w')).sort(
        () => rng() - 0.5,
      );
      for (let k = 0; k < 7; k++) cells[Math.floor(rng() * cells.length)] = '.';
      const black = cells.filter((c) => c === 'b').length;
      const white = cells.filter((c) => c === 'w').length;
      const p = Position.fromText(GameKind.Hex, size, cells.join(''), black > white ? Color.White : Color.Black);
      if (p.isOver()) continue;
      expect(solve(p).winningMoves).toEqual(bruteWinningMoves(p));
      checked++;
    }
  });

  test('solveWithin with connections (positions joined by virtual connections decided at once) and must-play pruning agrees with solve on late Hex 7 positions', () => {
    const rng = lcgRandom(12);
    let checked = 0;
    const nodes = { plain: 0, connections: 0, both: 0 };
    while (checked < 40) {
      const p = Position.empty(GameKind.Hex, 7, { swap: false });
      while (p.legalMoves().length > 14 && !p.isOver()) {
        const moves = p.legalMoves();
        p.play(moves[Math.floor(rng() * moves.length)] as number);
      }
      if (p.isOver()) continue;
      const full = solve(p);
      const plain = solveWithin(p, Number.POSITIVE_INFINITY) as QuickSolution;
      const quick = solveWithin(p, Number.POSITIVE_INFINITY, { connections: true }) as QuickSolution;
      const pruned = solveWithin(p, Number.POSITIVE_INFINITY, { connections: true, mustPlay: true }) as QuickSolution;
      for (const answer of [quick, pruned]) {
        expect(answer.wins).toBe(full.wins);
        if (full.wins) expect(full.winningMoves).toContain(answer.move);
      }
      nodes.plain += plain.nodes;
      nodes.connections += quick.nodes;
      nodes.both += pruned.nodes;
      checked++;
    }
    // Not vacuous: the connections decided positions that the plain search
    // had to search below, and the pruning left out moves it had to try.
    expect(nodes.connections).toBeLessThan(nodes.plain);
    expect(nodes.both).toBeLessThan(nodes.connections);
  });

  test('solveWithin: the first winning move, or null past its budget or its size', () => {
    const rng = lcgRandom(8);
    for (let n = 0; n < 20; n++) {
      const p = Position.empty(GameKind.Hex, 4, { swap: false });
      for (let s = 0; s < 3 + Math.floor(rng() * 5) && !p.isOver(); s++) {
        const moves = p.legalMoves();
        p.play(moves[Math.floor(rng() * moves.length)] as number);
      }
      if (p.isOver()) continue;
      const full = solve(p);
      for (const [connections, mustPlay] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ] as const) {
        const quick = solveWithin(p, Number.POSITIVE_INFINITY, { connections, mustPlay });
        expect(quick?.wins).toBe(full.wins);
        if (full.wins) expect(full.winningMoves).toContain(quick?.move);
        else expect(quick?.move).toBeNull();
      }
    }
    expect(solveWithin(Position.empty(GameKind.Hex, 4, { swap: false }), 10)).toBeNull();
    expect(solveWithin(Position.empty(GameKind.Hex, 6), Number.POSITIVE_INFINITY)).toBeNull();
  });
});
