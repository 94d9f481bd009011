/**
 * Minorization–maximization for the generalised Bradley–Terry model of move
 * choice (Hunter, "MM algorithms for generalized Bradley–Terry models",
 * Annals of Statistics 2004; Coulom, "Computing Elo ratings of move patterns
 * in the game of Go", 2007). Each competition is a position; its candidates
 * are teams of features, one feature from each group; a candidate's
 * strength is the product of its features' gammas, and the teacher's move
 * wins with probability strength / (sum of the candidates' strengths).
 *
 * Each step updates one group's gammas at once (no candidate holds two
 * features of a group, so the step is an exact MM step and never lowers
 * the objective): γ_f ← W_f / Σ_j C_fj / E_j, where W_f counts the wins of
 * teams holding f, E_j is competition j's total strength and C_fj the
 * strength of f's teammates summed over j's candidates that hold f. The
 * prior adds `priorGames` virtual wins and as many virtual losses against
 * a team of gamma 1 to every feature, so that a rare feature stays near 1.
 */

export interface Competitions {
  /** Features are numbered 0 … featureCount − 1. */
  readonly featureCount: number;
  /** Group h holds features groupStart[h] … groupStart[h + 1] − 1; each candidate has one feature of each group. */
  readonly groupStart: Int32Array;
  /** Candidate i's features are features[i·G … i·G + G − 1], G = the number of groups. */
  readonly features: Int32Array;
  /** Competition j's candidates are start[j] … start[j + 1] − 1. */
  readonly start: Int32Array;
  /** Each competition's winner, as a candidate index. */
  readonly winner: Int32Array;
}

export interface MmOptions {
  /** Sweeps over all groups. */
  readonly iterations: number;
  /** Virtual wins, and as many virtual losses, of each feature against a team of gamma 1 (Coulom's prior: 1). */
  readonly priorGames: number;
  /** Stop early when a sweep raises the mean log-likelihood per competition by less than this. */
  readonly tolerance?: number;
  /** Hears each sweep's mean log-likelihood per competition (without the prior's games). */
  readonly onIteration?: (iteration: number, meanLogLikelihood: number) => void;
}

function groupCountOf(data: Competitions): number {
  return data.groupStart.length - 1;
}

/** Each candidate's strength under `gammas`. */
function strengths(data: Competitions, gammas: Float64Array, out: Float64Array): void {
  const groups = groupCountOf(data);
  const { features } = data;
  for (let i = 0, at = 0; i < out.length; i++) {
    let s = 1;
    for (let h = 0; h < groups; h++, at++) s *= gammas[features[at] as number] as number;
    out[i] = s;
  }
}

/** The log-likelihood of the winners under `gammas`, summed over the competitions (no prior). */
export function logLikelihood(data: Competitions, gammas: Float64Array): number {
  const strength = new Float64Array(data.features.length / groupCountOf(data));
  strengths(data, gammas, strength);
  return sumLogLikelihood(data, strength);
}

function sumLogLikelihood(data: Competitions, strength: Float64Array): number {
  let sum = 0;
  for (let j = 0; j < data.winner.length; j++) {
    let total = 0;
    for (let i = data.start[j] as number; i < (data.start[j + 1] as number); i++) total += strength[i] as number;
    sum += Math.log((strength[data.winner[j] as number] as number) / total);
  }
  return sum;
}

/** The objective MM raises: the log-likelihood plus the prior's virtual games. */
export function logPosterior(data: Competitions, gammas: Float64Array, priorGames: number): number {
  let prior = 0;
  for (const g of gammas) prior += priorGames * (Math.log(g) - 2 * Math.log(1 + g));
  return logLikelihood(data, gammas) + prior;
}

/** Fits the gammas (all start at 1); deterministic: the same data and options give the same gammas. */
export function fitGammas(data: Competitions, options: MmOptions): Float64Array {
  const groups = groupCountOf(data);
  const candidates = data.features.length / groups;
  if (!Number.isInteger(candidates) || data.start[data.winner.length] !== candidates)
    throw new Error('the competitions do not match their candidates');
  if (!(options.priorGames > 0)) throw new Error('the prior needs a positive number of virtual games');
  const gammas = new Float64Array(data.featureCount).fill(1);
  const wins = new Float64Array(data.featureCount);
  for (const w of data.winner)
    for (let h = 0; h < groups; h++) (wins[data.features[w * groups + h] as number] as number)++;
  const strength = new Float64Array(candidates);
  const denominator = new Float64Array(data.featureCount);
  const ratio = new Float64Array(data.featureCount);
  const a = options.priorGames;
  let previous = -Infinity;
  for (let iteration = 1; iteration <= options.iterations; iteration++) {
    // From scratch once a sweep, so that rounding in the per-group updates cannot pile up.
    strengths(data, gammas, strength);
    for (let h = 0; h < groups; h++) {
      const first = data.groupStart[h] as number;
      const end = data.groupStart[h + 1] as number;
      denominator.fill(0, first, end);
      for (let j = 0; j < data.winner.length; j++) {
        const from = data.start[j] as number;
        const to = data.start[j + 1] as number;
        let total = 0;
        for (let i = from; i < to; i++) total += strength[i] as number;
        const inverse = 1 / total;
        for (let i = from; i < to; i++) {
          const f = data.features[i * groups + h] as number;
          denominator[f] = (denominator[f] as number) + ((strength[i] as number) / (gammas[f] as number)) * inverse;
        }
      }
      for (let f = first; f < end; f++) {
        const old = gammas[f] as number;
        const updated = ((wins[f] as number) + a) / ((denominator[f] as number) + (2 * a) / (old + 1));
        gammas[f] = updated;
        ratio[f] = updated / old;
      }
      for (let i = 0; i < candidates; i++)
        strength[i] = (strength[i] as number) * (ratio[data.features[i * groups + h] as number] as number);
    }
    const mean = sumLogLikelihood(data, strength) / Math.max(1, data.winner.length);
    options.onIteration?.(iteration, mean);
    if (options.tolerance !== undefined && mean - previous < options.tolerance) break;
    previous = mean;
  }
  return gammas;
}
