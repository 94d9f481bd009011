/**
 * Where the winner command's boards get decided. Every batch of input lines
 * goes through one BoardDecider, so another backend (the GPU evaluator) can
 * be offered by adding a decider here, without touching how lines are read,
 * checked or printed.
 */
import type { Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import type { WinTestMethod } from '../wintest/method.js';

export interface BoardDecider {
  /** Decides a batch of boards of one geometry, in order. */
  decide(boards: readonly Cells[]): Promise<ArrayLike<Winner>>;
  /** Frees what the decider holds; a GPU device, for one, keeps Node alive. */
  close?(): Promise<void>;
}

/** Decides on the CPU with one win-test method, a whole batch per call. */
export function cpuDecider(method: WinTestMethod, g: Geometry): BoardDecider {
  const test = method.create(g);
  return {
    async decide(boards) {
      const winners = new Uint8Array(boards.length);
      test.prepare(boards).decideAll(winners);
      return winners;
    },
  };
}
