/**
 * The generalized sequential probability ratio test on paired games, as
 * engine-testing frameworks run it (Van den Bergh's GSPRT): the games of one
 * opening, played twice with the colours exchanged, make a pair, and a pair's
 * score for A (0, ¼, ½, ¾ or 1 a game) is one draw from a pentanomial
 * distribution, which keeps the correlation inside a pair that counting
 * games alone would ignore. The log-likelihood ratio of H1 (A's expected
 * score is that of elo1) against H0 (that of elo0) uses, under each, the
 * pentanomial of greatest likelihood with that mean (empirical likelihood):
 * p_i = p̂_i / (1 + λ(a_i − s)), with λ the root of Σ p̂_i (a_i − s) / (1 + λ(a_i − s)) = 0.
 * Wald's bounds: stop for H1 at log((1 − β)/α), for H0 at log(β/(1 − α)).
 */

/** The test's hypotheses in logistic Elo (A's over B's) and its error rates. */
export interface SprtBounds {
  readonly elo0: number;
  readonly elo1: number;
  /** The chance of accepting H1 when H0 holds. */
  readonly alpha: number;
  /** The chance of accepting H0 when H1 holds. */
  readonly beta: number;
}

/** Pairs by A's score: [0, ¼, ½, ¾, 1] of the pair's two games (A lost both … won both; a draw is half). */
export type Pentanomial = readonly [number, number, number, number, number];

export type SprtVerdict = 'H0' | 'H1' | null;

export interface SprtState {
  readonly llr: number;
  /** Stop for H0 at or below `lower`, for H1 at or above `upper`. */
  readonly lower: number;
  readonly upper: number;
  readonly pairs: number;
  readonly verdict: SprtVerdict;
}

const SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

/**
 * A count of zero stands in as this much: with no pair in some bin the mean
 * of H0 or H1 may lie outside what the observed bins can reach, and the
 * likelihood would have no maximum (fishtest does the same).
 */
const EMPTY_BIN = 1e-3;

/** A's expected score at `elo` (logistic): 1 / (1 + 10^(−elo/400)). */
export function scoreOfElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** `elo0,elo1` or `elo0,elo1,alpha,beta` (α and β default 0.05); throws Error for anything else. */
export function parseSprt(text: string): SprtBounds {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 && parts.length !== 4)
    throw new Error(`expected elo0,elo1 or elo0,elo1,alpha,beta, not "${text}"`);
  const numbers = parts.map((p) => (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(p) ? Number(p) : Number.NaN));
  if (numbers.some((n) => !Number.isFinite(n))) throw new Error(`"${text}" holds something that is not a number`);
  const [elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05] = numbers;
  if (Math.abs(elo0) > 1000 || Math.abs(elo1) > 1000) throw new Error('elo0 and elo1 must lie within ±1000');
  if (!(elo1 > elo0)) throw new Error(`elo1 must be above elo0 (${elo0}, ${elo1})`);
  for (const [name, p] of [
    ['alpha', alpha],
    ['beta', beta],
  ] as const)
    if (!(p > 0 && p < 0.5)) throw new Error(`${name} must lie strictly between 0 and 0.5, not ${p}`);
  return { elo0, elo1, alpha, beta };
}

/** Wald's stopping bounds on the log-likelihood ratio. */
export function sprtLimits(bounds: SprtBounds): { lower: number; upper: number } {
  return { lower: Math.log(bounds.beta / (1 - bounds.alpha)), upper: Math.log((1 - bounds.beta) / bounds.alpha) };
}

/**
 * The λ of the pentanomial of greatest likelihood with mean `s`, for the
 * frequencies `p` of the scores: the root of f(λ) = Σ p_i d_i / (1 + λ d_i),
 * d_i = a_i − s, which falls from +∞ to −∞ over the interval where every
 * 1 + λ d_i stays positive. Newton's steps from 0 (the root is near 0 when
 * the observed mean is near s), with bisection whenever a step would leave
 * the bracket that holds the root.
 */
function lambdaFor(p: readonly number[], s: number): number {
  let lo = -1 / (1 - s);
  let hi = 1 / s;
  let lambda = 0;
  for (let k = 0; k < 200; k++) {
    let f = 0;
    let df = 0;
    for (let i = 0; i < p.length; i++) {
      const d = (SCORES[i] as number) - s;
      const q = d / (1 + lambda * d);
      f += (p[i] as number) * q;
      df -= (p[i] as number) * q * q;
    }
    if (f > 0) lo = lambda;
    else hi = lambda;
    const newton = lambda - f / df;
    const next = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (Math.abs(next - lambda) <= 1e-14 * Math.max(1, Math.abs(lambda))) return next;
    lambda = next;
  }
  return lambda;
}

/** The log-likelihood ratio of A's expected score being `s1` against `s0`, for the pairs counted in `counts`. */
export function pentanomialLlr(counts: Pentanomial, s0: number, s1: number): number {
  const n = counts.reduce((t, c) => t + c, 0);
  if (n === 0) return 0;
  const filled = counts.map((c) => (c > 0 ? c : EMPTY_BIN));
  const total = filled.reduce((t, c) => t + c, 0);
  const p = filled.map((c) => c / total);
  const l0 = lambdaFor(p, s0);
  const l1 = lambdaFor(p, s1);
  // Σ n_i log(p1_i / p0_i), with p_j,i = p̂_i / (1 + λ_j (a_i − s_j)).
  return counts.reduce((t, c, i) => {
    const a = SCORES[i] as number;
    return c === 0 ? t : t + c * (Math.log1p(l0 * (a - s0)) - Math.log1p(l1 * (a - s1)));
  }, 0);
}

/** The test after the pairs counted in `counts`. */
export function sprtState(counts: Pentanomial, bounds: SprtBounds): SprtState {
  const llr = pentanomialLlr(counts, scoreOfElo(bounds.elo0), scoreOfElo(bounds.elo1));
  const { lower, upper } = sprtLimits(bounds);
  const pairs = counts.reduce((t, c) => t + c, 0);
  return { llr, lower, upper, pairs, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}

/**
 * The pentanomial of complete pairs: `scores` holds A's score (1 a win, ½ a
 * draw, 0 a loss) by game index, undefined for a game not played yet; games
 * 2k and 2k + 1 are pair k.
 */
export function pairCounts(scores: readonly (number | undefined)[]): Pentanomial {
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (let k = 0; 2 * k + 1 < scores.length; k++) {
    const a = scores[2 * k];
    const b = scores[2 * k + 1];
    if (a !== undefined && b !== undefined) counts[pairBin(a, b)]++;
  }
  return counts;
}

/** The pentanomial's bin for a pair in which A scored `a` and `b` (1, ½ or 0 each): 0 … 4. */
export function pairBin(a: number, b: number): 0 | 1 | 2 | 3 | 4 {
  return Math.round((a + b) * 2) as 0 | 1 | 2 | 3 | 4;
}

const fixed = (x: number) => (x < 0 ? `−${(-x).toFixed(2)}` : x.toFixed(2));

/** "LLR 1.23 (−2.94, 2.94), 57 pairs" and, once decided, what was accepted. */
export function sprtText(state: SprtState, bounds: SprtBounds): string {
  const base = `LLR ${fixed(state.llr)} (${fixed(state.lower)}, ${fixed(state.upper)}), ${state.pairs} pairs`;
  if (state.verdict === 'H1') return `${base}: H1 accepted (Elo ≥ ${bounds.elo1} rather than ≤ ${bounds.elo0})`;
  if (state.verdict === 'H0') return `${base}: H0 accepted (Elo ≤ ${bounds.elo0} rather than ≥ ${bounds.elo1})`;
  return base;
}

/** "SPRT elo0 0, elo1 10, α 0.05, β 0.05". */
export function sprtSetting(bounds: SprtBounds): string {
  return `SPRT elo0 ${bounds.elo0}, elo1 ${bounds.elo1}, α ${bounds.alpha}, β ${bounds.beta}`;
}
