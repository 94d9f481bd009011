/**
 * A round's leaves go to the evaluator in one call, and come back to the
 * tree: rounds overlap, so the tree chooses the next round's leaves while
 * earlier ones are evaluated (their virtual losses steer the choice).
 */
import { Color } from '../../game/color.js';
import type { EvalPosition, Evaluator, PositionResult } from '../../eval/types.js';
import { backup, backupAmaf, takeBackVirtualLosses } from './backup.js';
import type { TreeContext } from './context.js';
import type { Node } from './node.js';

export interface Leaf {
  readonly path: Node[];
  /** The leaf's position, as the evaluator takes it. */
  readonly request: EvalPosition;
  /** Whether a swap may come at the leaf (then its bridges stay whole: the swap would hand them over). */
  readonly swapMayCome: boolean;
}

/** A round whose leaves are being evaluated: their virtual losses stay in the tree until it is backed up. */
export interface RoundInFlight {
  readonly pending: readonly Leaf[];
  readonly results: Promise<readonly PositionResult[]>;
}

/** One evaluate call for a round's leaves, the `index`-th round of the search; a failed call is kept for finishRound to report. */
export function startRound(
  evaluator: Evaluator,
  context: TreeContext,
  pending: readonly Leaf[],
  index: number,
): RoundInFlight {
  const settings = context.settings;
  const seed = (Math.imul(settings.seed ^ 0x5bd1e995, 31) + index) >>> 0;
  if (pending.length === 0) return { pending, results: Promise.resolve([]) };
  const options = {
    playouts: settings.playoutsPerLeaf,
    seed,
    ...(settings.fill === undefined ? {} : { fill: settings.fill }),
    ...(context.amaf ? { ownership: true } : {}),
  };
  const results = evaluator
    .evaluate(
      pending.map((l) => l.request),
      options,
    )
    .then((e) => e.results);
  results.catch(() => {}); // awaited in finishRound; this only keeps it from counting as unhandled meanwhile
  return { pending, results };
}

/** Backs up a round's results; on a failed call, takes its virtual losses back and rethrows. */
export async function finishRound(context: TreeContext, round: RoundInFlight): Promise<void> {
  const k = context.settings.playoutsPerLeaf;
  let results: readonly PositionResult[];
  try {
    results = await round.results;
    if (results.length < round.pending.length) throw new Error('the evaluator returned too few results');
  } catch (error) {
    takeBackVirtualLosses(
      round.pending.map((l) => l.path),
      k,
    );
    throw error;
  }
  round.pending.forEach((leaf, i) => {
    const r = results[i] as PositionResult;
    const last = leaf.path[leaf.path.length - 1] as Node;
    backup(leaf.path, last.mover === Color.Black ? r.blackWins : r.whiteWins, k);
    if (context.amaf) backupAmaf(leaf.path, r, context.priorRefreshFactor);
  });
}
