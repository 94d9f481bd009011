/**
 * Playout scaling: the chance that black wins a game between searches of n_B
 * and n_W playouts, modelled as P = σ(a + b·Δ) with Δ = log10 n_B − log10 n_W,
 * fitted by maximum likelihood (logistic regression by Newton's method; the
 * log-likelihood is concave, so the step converges from zero). a is black's
 * edge between equals; b turns into Elo per doubling (eloPerDoubling).
 */

export interface ScalingGame {
  /** log10 n_black − log10 n_white. */
  readonly delta: number;
  readonly blackWon: boolean;
}

export interface ScalingFit {
  readonly a: number;
  readonly b: number;
  /** Standard errors from the inverse of the observed information. */
  readonly aError: number;
  readonly bError: number;
  readonly games: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Elo is 400·log10 of the odds, the logit is ln of the odds, so one unit of
 * logit is 400·log10(e) Elo; a doubling moves Δ by log10 2 and the logit by
 * b·log10 2: 400·log10(e)·log10(2)·b ≈ 52.3·b.
 */
export function eloPerDoubling(b: number): number {
  return 400 * Math.LOG10E * Math.log10(2) * b;
}

/** Throws when the games cannot fix both parameters (no spread in Δ, or a perfect separation). */
export function fitScaling(games: readonly ScalingGame[], maxSteps = 100): ScalingFit {
  if (new Set(games.map((g) => g.delta)).size < 2) throw new Error('the fit needs games at two or more playout ratios');
  let a = 0;
  let b = 0;
  for (let step = 0; step < maxSteps; step++) {
    // Gradient g and information H (the negative Hessian) of the log-likelihood.
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (const { delta, blackWon } of games) {
      const p = sigmoid(a + b * delta);
      const r = (blackWon ? 1 : 0) - p;
      const w = p * (1 - p);
      ga += r;
      gb += r * delta;
      haa += w;
      hab += w * delta;
      hbb += w * delta * delta;
    }
    const det = haa * hbb - hab * hab;
    if (!(det > 1e-12)) throw new Error('the games do not fix both a and b (too few, or one side always won)');
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (!Number.isFinite(a) || !Number.isFinite(b) || Math.abs(b) > 1e3)
      throw new Error('the fit diverges (one side always won)');
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-10) {
      return { a, b, aError: Math.sqrt(hbb / det), bError: Math.sqrt(haa / det), games: games.length };
    }
  }
  throw new Error('the fit did not converge');
}
