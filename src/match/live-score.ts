/**
 * A match's score as its games come in, in any order: the score of A with
 * its Elo and interval, and, with an SPRT, the test on the pairs complete so
 * far. Local and queued matches show the same line and stop on the same
 * verdict.
 */
import { type MatchGame, type Side, forfeitedBy } from './match.js';
import { type Pentanomial, type SprtBounds, type SprtState, pairBin, sprtState, sprtText } from './sprt.js';
import { scoreOf, signedElo } from './stats.js';

export class LiveScore {
  private readonly scores: (number | undefined)[];
  /** Complete pairs by A's score, kept as games come in. */
  private readonly pairs: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  private wins = 0;
  private played = 0;
  /** Games lost by forfeit (an illegal move, a refusal, a crash, a timeout), by the side that lost them. */
  private readonly forfeits: Record<Side, number> = { A: 0, B: 0 };
  private state: SprtState | null = null;

  constructor(
    games: number,
    readonly sprt: SprtBounds | null,
  ) {
    this.scores = new Array<number | undefined>(games).fill(undefined);
  }

  /** Counts `game` once; a second game with the same index is ignored (returns false). */
  add(game: MatchGame): boolean {
    if (this.scores[game.index] !== undefined) return false;
    const score = game.winner === 'A' ? 1 : 0;
    this.scores[game.index] = score;
    this.wins += score;
    this.played++;
    const lost = forfeitedBy(game);
    if (lost !== null) this.forfeits[lost]++;
    // Games 2k and 2k + 1 are pair k; the pair counts once both are in.
    const partner = this.scores[game.index ^ 1];
    if (partner !== undefined) this.pairs[pairBin(score, partner)]++;
    if (this.sprt !== null) this.state = sprtState(this.pairs as Pentanomial, this.sprt);
    return true;
  }

  get games(): number {
    return this.played;
  }

  /** The SPRT's state, or null without one (or before the first game). */
  get test(): SprtState | null {
    return this.state;
  }

  /** Whether the SPRT has accepted H0 or H1. */
  get decided(): boolean {
    return this.state?.verdict != null;
  }

  /**
   * "A 9, B 8, Elo +18 (−110 to +150), LLR 0.41 (−2.94, 2.94), 8 pairs", and
   * ", forfeits: B 3" once a side has lost a game that way: an engine that
   * crashes at every move would otherwise look like a string of wins.
   */
  text(): string {
    const score = scoreOf(this.wins, this.played);
    const elo =
      this.played === 0
        ? ''
        : `, Elo ${signedElo(score.elo)} (${signedElo(score.eloInterval.low)} to ${signedElo(score.eloInterval.high)})`;
    const test = this.state === null || this.sprt === null ? '' : `, ${sprtText(this.state, this.sprt)}`;
    const lost = (['A', 'B'] as const).filter((side) => this.forfeits[side] > 0);
    const forfeits =
      lost.length === 0 ? '' : `, forfeits: ${lost.map((side) => `${side} ${this.forfeits[side]}`).join(', ')}`;
    return `A ${this.wins}, B ${this.played - this.wins}${elo}${test}${forfeits}`;
  }
}
