// The playout-scaling fit against games drawn from the model itself with
// known a and b, and against the equations a maximum-likelihood fit solves.
import { describe, expect, test } from 'vitest';
import { eloPerDoubling, fitScaling, type ScalingGame } from '../../src/match/scaling-fit.js';
import { eloOfShare } from '../../src/match/stats.js';

/** A seeded uniform in [0, 1) (mulberry32), so the data set is fixed. */
function uniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ladder n, 2n, 4n, 8n: adjacent pairs, colours alternating, each game drawn from σ(a + bΔ). */
function generated(a: number, b: number, gamesPerPair: number, seed: number): ScalingGame[] {
  const next = uniform(seed);
  const games: ScalingGame[] = [];
  for (let pair = 0; pair < 3; pair++) {
    for (let i = 0; i < gamesPerPair; i++) {
      const delta = (i % 2 === 0 ? 1 : -1) * Math.log10(2);
      games.push({ delta, blackWon: next() < 1 / (1 + Math.exp(-(a + b * delta))) });
    }
  }
  return games;
}

describe('the scaling fit', () => {
  test.each([
    [0.3, 1.8],
    [-0.2, 0.5],
    [0, 3],
  ])('recovers a = %d, b = %d from 30,000 generated games, within 4 standard errors', (a, b) => {
    const fit = fitScaling(generated(a, b, 10_000, 7));
    expect(Math.abs(fit.a - a)).toBeLessThan(4 * fit.aError);
    expect(Math.abs(fit.b - b)).toBeLessThan(4 * fit.bError);
    // With 30,000 games the errors are small: the test could not pass by luck.
    expect(fit.bError).toBeLessThan(0.1);
  });

  test('at the fit the likelihood equations hold: Σ(y − p) = 0 and Σ(y − p)Δ = 0', () => {
    const games = generated(0.4, 1.2, 300, 11);
    const fit = fitScaling(games);
    let sum = 0;
    let weighted = 0;
    for (const g of games) {
      const r = (g.blackWon ? 1 : 0) - 1 / (1 + Math.exp(-(fit.a + fit.b * g.delta)));
      sum += r;
      weighted += r * g.delta;
    }
    expect(Math.abs(sum)).toBeLessThan(1e-8);
    expect(Math.abs(weighted)).toBeLessThan(1e-8);
  });

  test('Elo per doubling is the Elo of the share σ(b·log10 2) between equal colours', () => {
    for (const b of [0.5, 1.8, 3])
      expect(eloPerDoubling(b)).toBeCloseTo(eloOfShare(1 / (1 + Math.exp(-b * Math.log10(2)))), 9);
    expect(eloPerDoubling(1.8)).toBeCloseTo(94.1, 1);
  });

  test('games that cannot fix b are refused', () => {
    expect(() =>
      fitScaling([
        { delta: 0.3, blackWon: true },
        { delta: 0.3, blackWon: false },
      ]),
    ).toThrow(/two or more/);
    const separated = [0.3, 0.3, -0.3, -0.3].map((delta) => ({ delta, blackWon: delta > 0 }));
    expect(() => fitScaling(separated)).toThrow();
  });
});
