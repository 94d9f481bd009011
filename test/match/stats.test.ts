// The score's numbers against hand-computed values and against the
// equations that define them.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Z95, eloOfShare, scoreOf, scoreText, signedElo, wilsonInterval } from '../../src/match/stats.js';
import { secondsAMove } from '../../src/match/report.js';
import { Color, type Player } from '../../src/game/color.js';
import type { PlayedGame } from '../../src/match/referee.js';

describe('the Wilson interval', () => {
  test('hand-computed values', () => {
    // 0 of n: the upper end is z²/(n + z²); 10 of 10 mirrors it.
    const z2 = Z95 * Z95;
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(z2 / (10 + z2), 12);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(10 / (10 + z2), 12);
    // 6 of 8 by hand: centre (0.75 + z²/16)/(1 + z²/8) = 0.66878…, half-width 0.26005…
    expect(wilsonInterval(6, 8).low).toBeCloseTo(0.40927, 4);
    expect(wilsonInterval(6, 8).high).toBeCloseTo(0.92853, 4);
    // Half of the games: symmetric about one half.
    const even = wilsonInterval(50, 100);
    expect(even.low + even.high).toBeCloseTo(1, 12);
  });

  test('each end p solves (p̂ − p)² = z²·p(1 − p)/n, and p̂ lies between them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const wins = Math.round(f * n);
        const share = wins / n;
        const { low, high } = wilsonInterval(wins, n);
        expect(low).toBeLessThanOrEqual(share);
        expect(high).toBeGreaterThanOrEqual(share);
        for (const p of [low, high]) expect((share - p) ** 2).toBeCloseTo((Z95 * Z95 * p * (1 - p)) / n, 9);
      }),
    );
  });
});

describe('Elo', () => {
  test('hand-computed values', () => {
    expect(eloOfShare(0.5)).toBe(0);
    expect(eloOfShare(0.75)).toBeCloseTo(400 * Math.log10(3), 12);
    // 400 Elo is odds of 10 to 1.
    expect(eloOfShare(10 / 11)).toBeCloseTo(400, 9);
    expect(eloOfShare(1 / 11)).toBeCloseTo(-400, 9);
    expect(eloOfShare(1)).toBe(Number.POSITIVE_INFINITY);
    expect(eloOfShare(0)).toBe(Number.NEGATIVE_INFINITY);
  });

  test('the expected score of the Elo difference is the share again', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), (share) => {
        expect(1 / (1 + 10 ** (-eloOfShare(share) / 400))).toBeCloseTo(share, 12);
      }),
    );
  });

  test('the score line: 6 of 8', () => {
    const s = scoreOf(6, 8);
    expect(s.eloInterval.low).toBeCloseTo(eloOfShare(0.40927), 0);
    expect(scoreText(s)).toBe('6 of 8, 75.0% (95% Wilson interval 40.9%–92.9%); Elo +191 (95% interval −64 to +445)');
    expect(signedElo(Number.NEGATIVE_INFINITY)).toBe('−∞');
  });
});

describe('time a move', () => {
  test("each side's mean over the moves it was asked for, whichever colour it had", () => {
    const played = (blackMs: number, whiteMs: number): PlayedGame => ({
      moves: [],
      winner: Color.Black as Player,
      forfeit: null,
      resigned: false,
      thinking: { [Color.Black]: { moves: 2, ms: blackMs }, [Color.White]: { moves: 2, ms: whiteMs } },
    });
    const games = [
      { index: 0, black: 'A' as const, opening: null, played: played(400, 2000), winner: 'A' as const },
      { index: 1, black: 'B' as const, opening: null, played: played(1800, 600), winner: 'B' as const },
    ];
    const s = secondsAMove(games);
    expect(s.A).toBeCloseTo((400 + 600) / 4 / 1000, 9);
    expect(s.B).toBeCloseTo((2000 + 1800) / 4 / 1000, 9);
    const { thinking: _untimed, ...untimed } = games[0]!.played;
    expect(secondsAMove([{ ...games[0]!, played: untimed }])).toEqual({ A: null, B: null });
  });
});
