// Minorization–maximization for the Bradley–Terry team model (src/search/prior/mm.ts),
// on competitions drawn from known gammas: every sweep raises the objective
// (log-likelihood plus the prior's virtual games), the fit meets the
// optimum's condition (each feature's wins equal its expected wins, up to
// the prior's pull towards 1), and it recovers the true gammas.
import { describe, expect, test } from 'vitest';
import { type Competitions, fitGammas, logLikelihood, logPosterior } from '../../src/search/prior/mm.js';

/** A seeded stream of fractions in [0, 1). */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return ((s ^ (s >>> 15)) >>> 0) / 2 ** 32;
  };
}

const GROUP_SIZES = [4, 3, 6];

/** Competitions of `candidates` teams each, features drawn uniformly, the winner drawn by the true strengths. */
function synthetic(truth: Float64Array, competitions: number, candidates: number, seed: number): Competitions {
  const next = stream(seed);
  const groupStart = new Int32Array(GROUP_SIZES.length + 1);
  GROUP_SIZES.forEach((n, h) => (groupStart[h + 1] = (groupStart[h] as number) + n));
  const features = new Int32Array(competitions * candidates * GROUP_SIZES.length);
  const start = new Int32Array(competitions + 1);
  const winner = new Int32Array(competitions);
  for (let j = 0; j < competitions; j++) {
    start[j + 1] = (j + 1) * candidates;
    const strength: number[] = [];
    for (let i = j * candidates; i < (j + 1) * candidates; i++) {
      let s = 1;
      GROUP_SIZES.forEach((n, h) => {
        const f = (groupStart[h] as number) + Math.floor(next() * n);
        features[i * GROUP_SIZES.length + h] = f;
        s *= truth[f] as number;
      });
      strength.push(s);
    }
    let pick = next() * strength.reduce((a, b) => a + b, 0);
    let w = 0;
    while (w < candidates - 1 && pick >= (strength[w] as number)) pick -= strength[w++] as number;
    winner[j] = j * candidates + w;
  }
  return { featureCount: groupStart[GROUP_SIZES.length] as number, groupStart, features, start, winner };
}

const featureCount = GROUP_SIZES.reduce((a, b) => a + b, 0);
const next = stream(99);
const truth = Float64Array.from({ length: featureCount }, () => Math.exp(3 * next() - 1.5));
const data = synthetic(truth, 4000, 12, 5);

/** Log-gammas less their group's mean: what the model can tell (a group's scale cancels). */
function centred(gammas: Float64Array): number[] {
  const out: number[] = [];
  let at = 0;
  for (const n of GROUP_SIZES) {
    const logs = Array.from(gammas.subarray(at, at + n), Math.log);
    const mean = logs.reduce((a, b) => a + b, 0) / n;
    out.push(...logs.map((x) => x - mean));
    at += n;
  }
  return out;
}

describe('MM for the Bradley–Terry team model', () => {
  test('raises the objective with every sweep', () => {
    const a = 1;
    let previous = logPosterior(data, new Float64Array(featureCount).fill(1), a);
    for (let k = 1; k <= 8; k++) {
      const now = logPosterior(data, fitGammas(data, { iterations: k, priorGames: a }), a);
      expect(now, `after ${k} sweeps`).toBeGreaterThanOrEqual(previous - 1e-9);
      previous = now;
    }
    expect(logLikelihood(data, fitGammas(data, { iterations: 8, priorGames: a }))).toBeGreaterThan(
      logLikelihood(data, new Float64Array(featureCount).fill(1)) + 100,
    );
  });

  test("meets the optimum's condition: wins − expected wins = a(γ − 1)/(γ + 1) for every feature", () => {
    // A small set, where the prior weighs enough for MM to settle the groups' scales soon.
    const a = 4;
    const data = synthetic(truth, 300, 12, 8);
    const gammas = fitGammas(data, { iterations: 3000, priorGames: a });
    const groups = GROUP_SIZES.length;
    const wins = new Float64Array(featureCount);
    const expected = new Float64Array(featureCount);
    for (let j = 0; j < data.winner.length; j++) {
      const members: number[][] = [];
      for (let i = data.start[j] as number; i < (data.start[j + 1] as number); i++)
        members.push(Array.from(data.features.subarray(i * groups, (i + 1) * groups)));
      const strength = members.map((m) => m.reduce((s, f) => s * (gammas[f] as number), 1));
      const total = strength.reduce((x, y) => x + y, 0);
      members.forEach((m, k) =>
        m.forEach((f) => (expected[f] = (expected[f] as number) + (strength[k] as number) / total)),
      );
      for (const f of members[(data.winner[j] as number) - (data.start[j] as number)] as number[])
        wins[f] = (wins[f] as number) + 1;
    }
    for (let f = 0; f < featureCount; f++) {
      const g = gammas[f] as number;
      expect((wins[f] as number) - (expected[f] as number), `feature ${f}`).toBeCloseTo((a * (g - 1)) / (g + 1), 3);
    }
  });

  test('recovers the gammas the competitions were drawn from', () => {
    const fitted = centred(fitGammas(data, { iterations: 300, priorGames: 0.01, tolerance: 1e-12 }));
    const expected = centred(truth);
    fitted.forEach((x, f) =>
      expect(Math.abs(x - (expected[f] as number)), `feature ${f}: ${x} against ${expected[f]}`).toBeLessThan(0.12),
    );
    // And a fit to competitions drawn from other gammas does not: the test can tell.
    const other = synthetic(Float64Array.from(truth).reverse(), 4000, 12, 6);
    const wrong = centred(fitGammas(other, { iterations: 300, priorGames: 0.01, tolerance: 1e-12 }));
    expect(Math.max(...wrong.map((x, f) => Math.abs(x - (expected[f] as number))))).toBeGreaterThan(0.5);
  });

  test('keeps a feature that never wins near 1 with the prior, and refuses a prior of 0', () => {
    const lonely: Competitions = {
      featureCount: 2,
      groupStart: Int32Array.from([0, 2]),
      features: Int32Array.from([0, 1]),
      start: Int32Array.from([0, 2]),
      winner: Int32Array.from([0]),
    };
    const gammas = fitGammas(lonely, { iterations: 200, priorGames: 1 });
    expect(gammas[1]).toBeGreaterThan(0.2);
    expect(gammas[0]).toBeGreaterThan(gammas[1] as number);
    expect(() => fitGammas(lonely, { iterations: 1, priorGames: 0 })).toThrow(/virtual games/);
  });
});
