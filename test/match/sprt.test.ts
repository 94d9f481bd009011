// The SPRT on paired games: its log-likelihood ratio against independent
// oracles (the plain binomial SPRT where pairs only win or lose both games,
// and a brute-force maximum of the likelihood on a trinomial), then its error
// rates on simulated matches of known Elo difference, with and without a
// first-player advantage (which makes the two games of a pair correlated).
import { describe, expect, test } from 'vitest';
import {
  type Pentanomial,
  type SprtBounds,
  pairCounts,
  parseSprt,
  pentanomialLlr,
  scoreOfElo,
  sprtLimits,
  sprtState,
  sprtText,
} from '../../src/match/sprt.js';
import { LiveScore } from '../../src/match/live-score.js';
import { wilsonInterval } from '../../src/match/stats.js';

/** A small seeded generator (mulberry32), so that the simulation is the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The most likely trinomial (scores 0, ½, 1) with mean s, by a fine search over the line of such trinomials. */
function bruteLogLikelihood(n0: number, nHalf: number, n1: number, s: number): number {
  // p½ = 2(s − p1); p0 = 1 − p½ − p1; p1 ranges where all three are at least 0.
  let best = Number.NEGATIVE_INFINITY;
  const lo = Math.max(0, 2 * s - 1);
  const hi = s;
  for (let k = 1; k < 200_000; k++) {
    const p1 = lo + ((hi - lo) * k) / 200_000;
    const pHalf = 2 * (s - p1);
    const p0 = 1 - pHalf - p1;
    if (p0 <= 0 || pHalf <= 0 || p1 <= 0) continue;
    best = Math.max(best, n0 * Math.log(p0) + nHalf * Math.log(pHalf) + n1 * Math.log(p1));
  }
  return best;
}

describe('the log-likelihood ratio', () => {
  test('pairs that only win or lose both games: the binomial SPRT', () => {
    const s0 = scoreOfElo(0);
    const s1 = scoreOfElo(20);
    for (const [won, lost] of [
      [30, 20],
      [5, 9],
      [120, 97],
    ] as const) {
      const exact = won * Math.log(s1 / s0) + lost * Math.log((1 - s1) / (1 - s0));
      // The empty bins count as 1e-3 a bin, which moves the ratio by about that much.
      expect(pentanomialLlr([lost, 0, 0, 0, won], s0, s1)).toBeCloseTo(exact, 2);
    }
  });

  test('a trinomial: the maximum likelihood under each mean, found by brute force', () => {
    const s0 = scoreOfElo(-10);
    const s1 = scoreOfElo(30);
    for (const [n0, nHalf, n1] of [
      [12, 40, 18],
      [30, 31, 29],
      [3, 8, 9],
    ] as const) {
      const oracle = bruteLogLikelihood(n0, nHalf, n1, s1) - bruteLogLikelihood(n0, nHalf, n1, s0);
      expect(pentanomialLlr([n0, 0, nHalf, 0, n1], s0, s1)).toBeCloseTo(oracle, 1);
    }
  });

  test('Wald bounds, pairs from games, and the text', () => {
    const bounds = parseSprt('0,10');
    expect(bounds).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(sprtLimits(bounds).upper).toBeCloseTo(Math.log(19), 12);
    expect(sprtLimits(parseSprt('-5, 5, 0.1, 0.2')).lower).toBeCloseTo(Math.log(0.2 / 0.9), 12);
    expect(pairCounts([1, 0, 1, 1, 0, 0, 1, undefined, 0])).toEqual([1, 0, 1, 0, 1]);
    expect(sprtState([0, 0, 0, 0, 0], bounds)).toMatchObject({ llr: 0, verdict: null, pairs: 0 });
    expect(sprtText(sprtState([0, 0, 0, 0, 200], bounds), bounds)).toMatch(/H1 accepted/);
    for (const bad of ['10', '10,0', '0,10,0.5,0.05', '0,10,0.05', 'a,b', '0,10,0,0.1'])
      expect(() => parseSprt(bad)).toThrow();
  });
});

/** Pair outcomes of A whose per-game Elo is `elo` (before colour), with `firstMove` Elo for black. */
function simulate(
  bounds: SprtBounds,
  elo: number,
  firstMove: number,
  random: () => number,
  maxPairs = 50_000,
): 'H0' | 'H1' | null {
  const pBlack = scoreOfElo(elo + firstMove);
  const pWhite = scoreOfElo(elo - firstMove);
  const counts = [0, 0, 0, 0, 0];
  for (let k = 0; k < maxPairs; k++) {
    const score = (random() < pBlack ? 1 : 0) + (random() < pWhite ? 1 : 0);
    counts[score * 2] = (counts[score * 2] as number) + 1;
    const state = sprtState(counts as unknown as Pentanomial, bounds);
    if (state.verdict !== null) return state.verdict;
  }
  return null;
}

/** The per-game Elo (before colour) whose expected score over a pair is that of `target`. */
function eloWithFirstMove(target: number, firstMove: number): number {
  const want = scoreOfElo(target);
  let lo = -1000;
  let hi = 1000;
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    if ((scoreOfElo(mid + firstMove) + scoreOfElo(mid - firstMove)) / 2 < want) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('the live score', () => {
  test('games in any order, each once: the same pairs and test as all games at the end', () => {
    const bounds = parseSprt('0,30');
    const random = rng(7);
    const winners = Array.from({ length: 41 }, () => (random() < 0.6 ? 'A' : 'B') as 'A' | 'B');
    const order = winners.map((_, i) => i).sort(() => random() - 0.5);
    const live = new LiveScore(winners.length, bounds);
    for (const index of order) {
      const game = {
        index,
        black: index % 2 === 0 ? 'A' : 'B',
        opening: null,
        winner: winners[index] as 'A' | 'B',
        played: { moves: [], winner: 1, forfeit: null, resigned: false },
      } as const;
      expect(live.add(game)).toBe(true);
      expect(live.add(game)).toBe(false);
    }
    const all = sprtState(pairCounts(winners.map((w) => (w === 'A' ? 1 : 0))), bounds);
    expect(live.test).toEqual(all);
    expect(live.games).toBe(41);
    expect(live.text()).toMatch(
      new RegExp(`^A ${winners.filter((w) => w === 'A').length}, B \\d+, Elo [+−]\\d+ .*, 20 pairs`),
    );
  });
});

describe('error rates on simulated matches of known Elo difference', () => {
  // The rate seen in RUNS simulated tests is itself an estimate: it must not lie
  // significantly above the rate asked for (the 99% Wilson interval's low end at or below it).
  const RUNS = 2000;
  const Z99 = 2.5758;
  const cases: { bounds: SprtBounds; firstMove: number }[] = [
    { bounds: { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 }, firstMove: 0 },
    { bounds: { elo0: 0, elo1: 40, alpha: 0.05, beta: 0.05 }, firstMove: 150 },
    { bounds: { elo0: -10, elo1: 30, alpha: 0.1, beta: 0.2 }, firstMove: 150 },
  ];
  test.each(cases)(
    'elo0 $bounds.elo0, elo1 $bounds.elo1, α $bounds.alpha, β $bounds.beta, first move worth $firstMove Elo',
    ({ bounds, firstMove }) => {
      const random = rng(2024 + firstMove + bounds.elo0);
      const hits = (trueElo: number, verdict: 'H0' | 'H1', runs: number) => {
        const elo = eloWithFirstMove(trueElo, firstMove);
        let n = 0;
        for (let r = 0; r < runs; r++) if (simulate(bounds, elo, firstMove, random) === verdict) n++;
        return n;
      };
      // At elo0 it wrongly accepts H1 about α of the time at most; at elo1 it wrongly accepts H0 about β of the time at most.
      expect(wilsonInterval(hits(bounds.elo0, 'H1', RUNS), RUNS, Z99).low).toBeLessThanOrEqual(bounds.alpha);
      expect(wilsonInterval(hits(bounds.elo1, 'H0', RUNS), RUNS, Z99).low).toBeLessThanOrEqual(bounds.beta);
      // And it is a test, not a refusal to decide: far beyond elo1 it accepts H1 nearly always, far below elo0 H0.
      expect(hits(bounds.elo1 + 40, 'H1', 300)).toBeGreaterThan(0.97 * 300);
      expect(hits(bounds.elo0 - 40, 'H0', 300)).toBeGreaterThan(0.97 * 300);
    },
    120_000,
  );
});
