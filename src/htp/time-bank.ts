/**
 * A game's time bank (the `time-bank` setting): `time` becomes the mean a
 * move takes over a game. A move may take three means, and half of what
 * the game's moves have saved so far, up to six means: the moves that end
 * early (a settled choice, a proven or forced move) pay for the hard ones.
 * The opening gets its three means at once, as the savings come later; a
 * game that has overdrawn gets three means less what it owes.
 */

/** A move's time, in means, when the game has saved nothing and owes nothing; one more than the most it may owe. */
export const MEANS_A_MOVE = 3;

/** The most a move may take, in means: one hard move cannot spend a whole game's savings. */
export const MOST_MEANS_A_MOVE = 6;

/** The least a move may take, in means, after moves that overran their time. */
export const LEAST_MEANS_A_MOVE = 0.5;

/** The share of the savings one move may spend beyond its three means. */
export const SAVINGS_SPENT_A_MOVE = 0.5;

export class TimeBank {
  /** Milliseconds the game's moves have saved against their means; below zero when overdrawn. */
  private saved = 0;

  /** The time the next move may take, in ms. */
  allowance(meanMs: number): number {
    const extra = this.saved > 0 ? SAVINGS_SPENT_A_MOVE * this.saved : this.saved;
    const most = MOST_MEANS_A_MOVE * meanMs;
    return Math.min(most, Math.max(LEAST_MEANS_A_MOVE * meanMs, MEANS_A_MOVE * meanMs + extra));
  }

  /** Books a move that took `usedMs` against its mean. */
  spend(meanMs: number, usedMs: number): void {
    this.saved += meanMs - usedMs;
  }

  /** A new game starts with nothing saved or owed. */
  clear(): void {
    this.saved = 0;
  }
}
