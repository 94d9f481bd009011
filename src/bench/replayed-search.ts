/**
 * The tree's own time, apart from the evaluator's: a search is recorded
 * once, every evaluate call's request and results, and then searched again
 * against an evaluator that answers each call at once with the recorded
 * results. The same seed, settings and playout limit make the same tree
 * (the search backs its rounds up in order, never as results arrive), so
 * the replay is the first search without its playouts: choosing the leaves,
 * the knowledge, the back-ups. A replay that asks for another round than the
 * one recorded is an error, never a silently different tree.
 */
import type { Winner } from '../game/color.js';
import { type Cells, type Geometry, sameCells } from '../game/geometry.js';
import type { EvalPosition, Evaluation, EvaluateOptions, Evaluator } from '../eval/types.js';
import { packPositions } from '../eval/cpu/job.js';

/** One recorded call: what was asked, and what came back. */
interface RecordedCall {
  readonly cells: Uint8Array;
  readonly toMove: Uint8Array;
  readonly playouts: number;
  readonly seed: number | undefined;
  readonly ownership: boolean;
  readonly evaluation: Evaluation;
}

/** A search's evaluate calls, in the order it made them. */
export class SearchRecording {
  /** Each call at the index it was asked at, once its results are in (calls in flight may finish in any order). */
  private readonly calls: (RecordedCall | undefined)[] = [];
  private asked = 0;

  /** Calls asked for so far. */
  get length(): number {
    return this.asked;
  }

  /** `inner`, with every call it answers recorded here. */
  recorder(inner: Evaluator): Evaluator {
    return {
      ...inner,
      evaluate: (positions, options) => {
        const request = requestOf(positions, options);
        const at = this.asked++;
        return inner.evaluate(positions, options).then((evaluation) => {
          this.calls[at] = { ...request, evaluation };
          return evaluation;
        });
      },
    };
  }

  /**
   * An evaluator that answers the recorded calls, in order, at once; it
   * rejects a call that differs from the recorded one, or one past the last.
   * `like` lends it the backend, description and concurrency (the search's
   * rounds in flight follow the concurrency).
   */
  replayer(like: Evaluator): Evaluator {
    let next = 0;
    return {
      backend: like.backend,
      description: like.description,
      adapter: like.adapter,
      concurrency: like.concurrency,
      evaluate: (positions, options) => {
        const recorded = this.calls[next];
        if (recorded === undefined)
          return Promise.reject(
            new Error(`the replayed search asked for call ${next + 1}; ${this.length} were recorded`),
          );
        const asked = requestOf(positions, options);
        if (!sameRequest(asked, recorded))
          return Promise.reject(new Error(`the replayed search's call ${next + 1} differs from the recorded one`));
        next++;
        return Promise.resolve(recorded.evaluation);
      },
      decide: (_g: Geometry, _boards: readonly Cells[]): Promise<Winner[]> =>
        Promise.reject(new Error('a replaying evaluator answers recorded evaluate calls only')),
      destroy: () => {},
    };
  }
}

function requestOf(positions: readonly EvalPosition[], options: EvaluateOptions): Omit<RecordedCall, 'evaluation'> {
  return {
    ...packPositions(positions, positions[0]?.cells.length ?? 0),
    playouts: options.playouts,
    seed: options.seed,
    ownership: options.ownership === true,
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && sameCells(a, b);

function sameRequest(a: Omit<RecordedCall, 'evaluation'>, b: Omit<RecordedCall, 'evaluation'>): boolean {
  return (
    a.playouts === b.playouts &&
    a.seed === b.seed &&
    a.ownership === b.ownership &&
    sameBytes(a.toMove, b.toMove) &&
    sameBytes(a.cells, b.cells)
  );
}
