/**
 * A match's score as numbers: the Wilson score interval for the share won,
 * and the Elo difference that share stands for, with the interval mapped
 * through the same (increasing) function.
 */

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Wilson's interval for `wins` of `games` (Wilson 1927); it stays inside [0, 1], unlike the normal one. */
export function wilsonInterval(wins: number, games: number, z = Z95): Interval {
  if (games <= 0) return { low: 0, high: 1 };
  const p = wins / games;
  const z2n = (z * z) / games;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / games + z2n / (4 * games))) / (1 + z2n);
  // At 0 or all wins one end is exactly 0 or 1; rounding would leave it a hair off.
  return { low: wins <= 0 ? 0 : Math.max(0, centre - half), high: wins >= games ? 1 : Math.min(1, centre + half) };
}

/** The Elo difference whose expected score is `share`: 400·log10(p / (1 − p)); ±Infinity at 1 and 0. */
export function eloOfShare(share: number): number {
  if (share <= 0) return Number.NEGATIVE_INFINITY;
  if (share >= 1) return Number.POSITIVE_INFINITY;
  return 400 * Math.log10(share / (1 - share));
}

export interface Score {
  readonly wins: number;
  readonly games: number;
  readonly share: number;
  readonly shareInterval: Interval;
  readonly elo: number;
  readonly eloInterval: Interval;
}

export function scoreOf(wins: number, games: number): Score {
  const share = games > 0 ? wins / games : 0.5;
  const shareInterval = wilsonInterval(wins, games);
  return {
    wins,
    games,
    share,
    shareInterval,
    elo: eloOfShare(share),
    eloInterval: { low: eloOfShare(shareInterval.low), high: eloOfShare(shareInterval.high) },
  };
}

/** "+49", "−120", "+∞". */
export function signedElo(elo: number): string {
  if (!Number.isFinite(elo)) return elo > 0 ? '+∞' : '−∞';
  const r = Math.round(elo);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : '0';
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** "57 of 100, 57.0% (95% Wilson interval 47.2–66.3%); Elo +49 (95% interval −19 to +118)". */
export function scoreText(s: Score): string {
  return `${s.wins} of ${s.games}, ${percent(s.share)} (95% Wilson interval ${percent(s.shareInterval.low)}–${percent(s.shareInterval.high)}); Elo ${signedElo(s.elo)} (95% interval ${signedElo(s.eloInterval.low)} to ${signedElo(s.eloInterval.high)})`;
}
