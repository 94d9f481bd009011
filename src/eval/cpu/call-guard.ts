/**
 * The calls of one evaluator in flight, each under its own AbortController,
 * so that destroy() rejects every one of them at once.
 */
import { EvaluatorDestroyedError } from '../errors.js';

export class CallGuard {
  private destroyed = false;
  private readonly inFlight = new Set<AbortController>();

  /**
   * Runs `work` under a controller that aborts on the caller's signal or on
   * destroy(); the call rejects with the reason at once, not when the chunk
   * running now ends, and `work` sees the abort and starts nothing more.
   */
  async run<T>(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.destroyed) throw new EvaluatorDestroyedError();
    signal?.throwIfAborted();
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.inFlight.add(controller);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    let finished = false;
    try {
      const result = await Promise.race([work(controller.signal), aborted]);
      finished = true;
      return result;
    } finally {
      // A call that failed may leave work running: stop it. One that
      // finished has none, and an abort (an Error with its stack, and an
      // event) costs tens of microseconds, too much for the search's rounds.
      if (!finished && !controller.signal.aborted) controller.abort(new Error('the call ended'));
      aborted.catch(() => {});
      signal?.removeEventListener('abort', onAbort);
      this.inFlight.delete(controller);
    }
  }

  /** Refuses every later call and rejects those in flight with EvaluatorDestroyedError. */
  destroy(): void {
    this.destroyed = true;
    for (const controller of this.inFlight) controller.abort(new EvaluatorDestroyedError());
    this.inFlight.clear();
  }
}
