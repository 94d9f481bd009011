/**
 * The rule by which the search picks a child on its way down, and the
 * statistics each rule needs (src/search/mcts.ts implements them).
 */
export enum Selection {
  /** UCT on each child's own wins (Kocsis and Szepesvári). */
  Uct = 'uct',
  /** UCT-RAVE: the child's own value blended with its AMAF value (Gelly and Silver). */
  UctRave = 'uct-rave',
  /**
   * PUCT (Rosin; Silver et al.'s AlphaZero): the child's own value plus
   * exploration weighted by a prior, the prior a softmax of the children's
   * AMAF values.
   */
  PuctAmaf = 'puct-amaf',
}

/** Every selection rule, by its name on the command line. */
export const SELECTIONS: readonly Selection[] = [Selection.Uct, Selection.UctRave, Selection.PuctAmaf];

/** `uct`, `uct-rave` or `puct-amaf`; throws otherwise. */
export function parseSelection(text: string): Selection {
  const selection = SELECTIONS.find((s) => s === text);
  if (selection === undefined) throw new Error(`unknown selection "${text}" (expected ${SELECTIONS.join(', ')})`);
  return selection;
}

/**
 * Whether the rule keeps AMAF statistics: the evaluator is asked for
 * ownership, every evaluated leaf's counts are backed up to the children
 * along its path, and a node's moves all become children at once.
 */
export function keepsAmaf(selection: Selection): boolean {
  return selection !== Selection.Uct;
}
