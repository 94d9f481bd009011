/**
 * The errors an evaluator rejects with, besides WebGpuUnavailableError (no
 * adapter) and GpuLostError (the device went away), which the GPU layer
 * raises. Each says what happened and what to do, in one sentence.
 */

/** A request refused before anything was dispatched: the message names the field at fault. */
export class InvalidRequestError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'InvalidRequestError';
  }
}

/** A setting beyond what this device allows; says which limit, and the largest value it takes. */
export class DeviceLimitError extends InvalidRequestError {
  constructor(
    readonly setting: string,
    readonly value: number,
    readonly largest: number,
    readonly limits: string,
  ) {
    super(`${setting} must be a whole number from 1 to ${largest} on this adapter (${limits}), not ${value}`);
    this.name = 'DeviceLimitError';
  }
}

/** The evaluator was destroyed before or while the call ran. */
export class EvaluatorDestroyedError extends Error {
  constructor() {
    super('the evaluator was destroyed, so this call was abandoned: create a new evaluator');
    this.name = 'EvaluatorDestroyedError';
  }
}

/**
 * A kernel produced an impossible answer, such as no winner for a full board.
 * This is a hexbatch bug (or a broken driver), never the caller's: the
 * results are withheld rather than returned wrong.
 */
export class KernelFaultError extends Error {
  constructor(what: string) {
    super(`${what}; this is a bug in hexbatch or in the WebGPU driver, so no results were returned (please report it)`);
    this.name = 'KernelFaultError';
  }
}
