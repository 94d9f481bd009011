/**
 * The selection rules: which slot a descent goes into. UCT on each child's
 * own wins; UCT-RAVE blends in the AMAF value by Gelly and Silver's
 * hand-chosen schedule β = √(k / (3n + k)); PUCT-AMAF makes a softmax of the
 * AMAF values the prior of PUCT's exploration term.
 */
import type { Move } from '../../game/position.js';
import { Selection } from '../selection.js';
import { type NearMarks, type TreeContext, markNear } from './context.js';
import { type Node, UNKNOWN, amafVisitsOf, amafWinsOf } from './node.js';
import { arenaF64 } from '../arena.js';

/** The slot to descend into, or −1 when there is none. */
export function select(context: TreeContext, node: Node): number {
  const settings = context.settings;
  if (settings.selection === Selection.PuctAmaf) return selectPuct(context, node);
  const rave = settings.selection === Selection.UctRave;
  const logN = Math.log(Math.max(node.visits, 1));
  const kids = node.kids;
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < kids.length; j++) {
    const kid = kids[j] as Node | null;
    // A proven child is decided: play a won one at once, never a lost one.
    if (kid !== null && kid.proven !== null) {
      if (kid.proven === kid.mover) return j;
      continue;
    }
    const score = rave ? raveScore(context, node, j, logN) : uctScore(context, kid?.visits ?? 0, kid?.wins ?? 0, logN);
    if (score > bestScore) {
      bestScore = score;
      best = j;
    }
  }
  return best;
}

function uctScore(context: TreeContext, visits: number, wins: number, logN: number): number {
  const n = Math.max(visits, 1);
  return wins / n + context.settings.exploration * Math.sqrt(logN / n);
}

/**
 * UCT-RAVE, for slot j of a node (not proven: select plays or skips
 * those, whose own value is exact). A move not tried yet is valued by its
 * AMAF value alone (β = 1), explored as if it had one leaf's playouts, so
 * that a move the playouts find poor waits; one with no statistics at all
 * comes first.
 */
function raveScore(context: TreeContext, node: Node, j: number, logN: number): number {
  const settings = context.settings;
  const kid = node.kids[j] as Node | null;
  const n = kid?.visits ?? 0;
  const move = node.moves[j] as Move;
  const amafVisits = amafVisitsOf(node.amaf, move);
  if (n === 0 && amafVisits === 0) return Number.POSITIVE_INFINITY;
  const value = n > 0 ? (kid as Node).wins / n : 0;
  let blended = value;
  if (amafVisits > 0) {
    const k = settings.raveEquivalence;
    const beta = Math.sqrt(k / (3 * n + k));
    blended = (1 - beta) * value + (beta * amafWinsOf(node.amaf, move)) / amafVisits;
  }
  const explored = Math.max(n, settings.playoutsPerLeaf);
  return blended + settings.exploration * Math.sqrt(logN / explored);
}

/**
 * The slots' prior weights (softmax numerators) and their total, kept
 * on the node unless they depend on `firstPlay`: that changes with every
 * visit, and a slot without AMAF counts takes it as its value (when no
 * slot has any, all values are equal and the weights all 1 whatever it is).
 */
function makePriors(context: TreeContext, node: Node, firstPlay: number): Float64Array {
  const { kids, moves, amaf, tried } = node;
  const slots = kids.length;
  if (node.priorBuffer === null || node.priorBuffer.length < slots) node.priorBuffer = arenaF64(slots);
  const priors = node.priorBuffer;
  // Only a slot with its node can be proven; a proven slot takes no share of the prior.
  let proven = 0;
  for (let t = 0; t < tried.length; t++) if ((kids[tried[t] as number] as Node).proven !== null) proven++;
  const isOpen = (j: number) => proven === 0 || (kids[j] as Node | null)?.proven == null;
  const learned = node.priorWeights;
  // Without AMAF counts every value is the first-play value, every exponential 1: the weights are the learned prior's alone.
  if (amaf === null && (node.move < 0 || context.near === null)) {
    let total = 0;
    const untried = new BestUntried();
    for (let j = 0; j < slots; j++) {
      const weight = isOpen(j) ? (learned === null ? 1 : (learned[j] as number)) : 0;
      priors[j] = weight;
      total += weight;
      if (kids[j] === null) untried.offer(j, weight);
    }
    return keepPriors(node, priors, total, true, untried.slot);
  }
  let highest = Number.NEGATIVE_INFINITY;
  let withoutAmaf = 0;
  for (let j = 0; j < slots; j++) {
    const move = moves[j] as Move;
    const visits = amafVisitsOf(amaf, move);
    const value = visits > 0 ? amafWinsOf(amaf, move) / visits : firstPlay;
    priors[j] = value;
    if (!isOpen(j)) continue;
    if (visits === 0) withoutAmaf++;
    if (value > highest) highest = value;
  }
  // The cells near the move into this node (the opponent's last) start
  // `proximity` higher, as if their AMAF value were that much better.
  if (node.move >= 0 && context.near !== null) highest = addProximity(context, node, priors, isOpen, highest);
  // Shifted by the highest value, so that no exponential overflows whatever τ.
  const temperature = context.settings.priorTemperature;
  let total = 0;
  const untried = new BestUntried();
  for (let j = 0; j < slots; j++) {
    const weight = isOpen(j)
      ? Math.exp(((priors[j] as number) - highest) / temperature) * (learned === null ? 1 : (learned[j] as number))
      : 0;
    priors[j] = weight;
    total += weight;
    if (kids[j] === null) untried.offer(j, weight);
  }
  return keepPriors(node, priors, total, withoutAmaf === 0 || withoutAmaf === slots - proven, untried.slot);
}

/** The slot without a node that has the highest prior, the first on a tie, found as the priors are made (bestUntriedSlot's answer). */
class BestUntried {
  slot = -1;
  private highest = Number.NEGATIVE_INFINITY;

  offer(slot: number, prior: number): void {
    if (prior > this.highest) {
      this.highest = prior;
      this.slot = slot;
    }
  }
}

/** Records the priors just made on the node, keeping them for later descents where `keep` (they do not depend on the first-play value). */
function keepPriors(node: Node, priors: Float64Array, total: number, keep: boolean, bestUntried: number): Float64Array {
  node.priorTotal = total;
  node.priorsMadeAt = node.visits;
  node.bestUntried = bestUntried;
  if (keep) node.priors = priors;
  return priors;
}

/** Adds the proximity prior to the values of the open slots near `node.move`; the highest open value after. */
function addProximity(
  context: TreeContext,
  node: Node,
  values: Float64Array,
  isOpen: (j: number) => boolean,
  highest: number,
): number {
  const near = context.near as NearMarks;
  markNear(near, node.move, 1);
  const moves = node.moves;
  for (let j = 0; j < moves.length; j++) {
    const move = moves[j] as Move;
    if (move < 0 || near.mark[move] !== 1) continue;
    const value = (values[j] as number) + context.proximity;
    values[j] = value;
    if (isOpen(j) && value > highest) highest = value;
  }
  markNear(near, node.move, 0);
  return highest;
}

/**
 * PUCT with an AMAF prior: the child maximising Q + c·P·√N / (1 + n).
 * N and n count leaves (K playouts each), as AlphaZero's rule counts
 * evaluations; N is the children's total, at least 1 so that the prior
 * orders the first choice. Q is the child's own win rate, or before its
 * first leaf the first-play value: its tried siblings' mean win rate (½
 * when none is tried), for a slot without its node less the first-play
 * reduction R·√(the prior's share of the tried slots). P is a softmax at
 * temperature τ of the children's AMAF win rates (a child without any takes
 * the first-play value, unreduced), over
 * the children not proven: a proven loss is never chosen, so it takes no
 * share, and a proven win is chosen at once. Virtual losses count in n
 * and Q, as in the other rules. Returns the slot, or −1 when there is none.
 */
function selectPuct(context: TreeContext, node: Node): number {
  const { kids, tried } = node;
  let wins = 0;
  let visits = 0;
  let won = -1;
  // Only tried slots have visits or proofs; a slot without its node has neither.
  for (let t = 0; t < tried.length; t++) {
    const j = tried[t] as number;
    const kid = kids[j] as Node;
    if (kid.proven === null) {
      wins += kid.wins;
      visits += kid.visits;
    } else if (kid.proven === kid.mover && (won < 0 || j < won)) won = j;
  }
  if (won >= 0) return won;
  const firstPlay = visits > 0 ? wins / visits : 0.5;
  const priors = node.priors ?? makePriors(context, node, firstPlay);
  const k = context.settings.playoutsPerLeaf;
  const reach = (context.settings.puctExploration * Math.sqrt(Math.max(visits / k, 1))) / node.priorTotal;
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  let triedPrior = 0;
  for (let t = 0; t < tried.length; t++) {
    const j = tried[t] as number;
    const kid = kids[j] as Node;
    if (kid.proven !== null) continue;
    triedPrior += priors[j] as number;
    const n = kid.visits;
    const value = n > 0 ? kid.wins / n : firstPlay;
    const score = value + (reach * (priors[j] as number)) / (1 + n / k);
    // Ties go to the first slot, as in a scan in slot order.
    if (score > bestScore || (score === bestScore && j < best)) {
      bestScore = score;
      best = j;
    }
  }
  // An untried slot scores the same value + reach · prior: the best of them has the highest prior.
  if (node.bestUntried === UNKNOWN) node.bestUntried = bestUntriedSlot(kids, priors);
  const untried = node.bestUntried;
  if (untried >= 0) {
    const reduction = context.fpuReduction;
    const untriedValue = reduction === 0 ? firstPlay : firstPlay - reduction * Math.sqrt(triedPrior / node.priorTotal);
    const score = untriedValue + reach * (priors[untried] as number);
    if (score > bestScore || (score === bestScore && untried < best)) best = untried;
  }
  return best;
}

/** The slot without a node that has the highest prior, the first on a tie; −1 when there is none. */
function bestUntriedSlot(kids: readonly (Node | null)[], priors: Float64Array): number {
  const best = new BestUntried();
  for (let j = 0; j < kids.length; j++) if (kids[j] === null) best.offer(j, priors[j] as number);
  return best.slot;
}
