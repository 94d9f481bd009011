/**
 * H-search's findings for tree nodes, found off the search's thread: each
 * is asked for as its node reaches the H-search threshold and applied at
 * most a fixed number of rounds later, waiting for it then if it is not in
 * yet. Under a time limit a finding applies as soon as it is in, and the
 * wait ends with the move's time; under a playout limit alone, exactly that
 * many rounds later, so that what a round sees does not depend on timing
 * and the limit still fixes the result.
 * Where no thread can be made (a browser), the findings are made on the
 * search's thread, and applied as late.
 */
import type { KnowledgeThread } from '../knowledge/knowledge-thread.js';
import { type KnowledgeJob, type WorthSearching, answerJob } from '../knowledge/worth-searching.js';
import type { Node } from './node.js';
import { inNode } from '../../eval/in-node.js';

interface Asked {
  readonly node: Node;
  /** The node's path from the root when it was asked for. */
  readonly path: readonly Node[];
  /** The round before whose leaves it is applied. */
  readonly due: number;
  readonly answer: Promise<WorthSearching>;
  /** The answer, once it is in. */
  found?: WorthSearching;
}

/** What applies a finding to its node (prune.ts). */
export type ApplyFinding = (node: Node, path: readonly Node[], found: WorthSearching) => void;

/** What `before` answers when the deadline came first. */
const LATE = Symbol('late');

/** `answer`, or LATE once performance.now() passes `deadline`. */
async function before<T>(answer: Promise<T>, deadline: number): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), Math.max(0, deadline - performance.now()));
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export class DeferredKnowledge {
  private readonly asked: Asked[] = [];
  private thread: Promise<KnowledgeThread | null> | null = null;
  /** The round whose leaves are being chosen. */
  private round = 0;

  /**
   * `lag`: the rounds between a node's job and its finding's use, at least
   * 1; `answer`: where the jobs go (by default the knowledge thread, or
   * this thread where there is none).
   */
  constructor(
    readonly lag: number,
    private readonly answer: (job: KnowledgeJob) => Promise<WorthSearching> = (job) => this.answerOf(job),
  ) {}

  /** Sends `node`'s job off; its finding applies before the leaves of the round `lag` rounds after this one. */
  ask(node: Node, path: readonly Node[], job: KnowledgeJob): void {
    const answer = this.answer(job);
    const asked: Asked = { node, path: path.slice(), due: this.round + this.lag, answer };
    // Awaited in applyDue; a dropped one must not count as unhandled.
    answer.then((found) => (asked.found = found)).catch(() => {});
    this.asked.push(asked);
  }

  /**
   * Before round `round`'s leaves: applies every finding due by then,
   * oldest first; under a time limit (`deadline`, on performance.now()'s
   * clock) every one already in too, and waits for a due one no later than
   * the deadline: the move's time is then up, and the rest are dropped.
   */
  async applyDue(round: number, apply: ApplyFinding, deadline?: number): Promise<void> {
    this.round = round;
    for (;;) {
      const head = this.asked[0];
      if (head === undefined) return;
      if (deadline !== undefined && head.found !== undefined) apply(head.node, head.path, head.found);
      else if (head.due > round) return;
      else if (deadline === undefined) apply(head.node, head.path, await head.answer);
      else {
        const found = await before(head.answer, deadline);
        if (found === LATE) return;
        apply(head.node, head.path, found);
      }
      this.asked.shift();
    }
  }

  /** At the search's end: forgets the findings not yet applied, after `forget` has undone each node's asking. */
  dropAll(forget: (node: Node) => void): void {
    for (const { node } of this.asked.splice(0)) forget(node);
    this.round = 0;
  }

  private answerOf(job: KnowledgeJob): Promise<WorthSearching> {
    this.thread ??= inNode()
      ? import('../knowledge/knowledge-thread.js').then(
          (m) => m.knowledgeThread(),
          () => null,
        )
      : Promise.resolve(null);
    // A thread that has failed leaves the answer to this one: the same answer, only later.
    return this.thread.then((thread) =>
      thread === null ? answerJob(job) : thread.answer(job).catch(() => answerJob(job)),
    );
  }
}
