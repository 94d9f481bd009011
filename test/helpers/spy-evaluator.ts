/** An evaluator that records every request before passing it on, for tests of what the search asks. */
import type { EvalPosition, Evaluator } from '../../src/eval/types.js';

/** `inner`, recording every evaluate call's positions in `calls`. */
export function spy(inner: Evaluator): { evaluator: Evaluator; calls: EvalPosition[][] } {
  const calls: EvalPosition[][] = [];
  const evaluator: Evaluator = {
    ...inner,
    evaluate: (positions, options) => {
      calls.push([...positions]);
      return inner.evaluate(positions, options);
    },
  };
  return { evaluator, calls };
}
