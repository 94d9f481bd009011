/** A match's outcome in words, for the terminal and for the results files that keep it. */
import { Color } from '../game/color.js';
import type { ForfeitKind } from './referee.js';
import { type MatchGame, type Side, tally } from './match.js';
import { type ScalingFit, eloPerDoubling } from './scaling-fit.js';
import { scoreOf, scoreText } from './stats.js';

const KINDS: readonly ForfeitKind[] = ['illegal', 'refused', 'crash', 'timeout'];

function forfeitText(forfeits: Readonly<Record<ForfeitKind, number>>): string {
  const total = KINDS.reduce((s, k) => s + forfeits[k], 0);
  return `${total} (${KINDS.map((k) => `${forfeits[k]} ${k === 'illegal' ? 'illegal moves' : k}`).join(', ')})`;
}

/** Each side's mean wall time a move, over the games whose moves were timed, in seconds; null where none was. */
export function secondsAMove(games: readonly MatchGame[]): Record<Side, number | null> {
  const sum = { A: { moves: 0, ms: 0 }, B: { moves: 0, ms: 0 } };
  for (const g of games) {
    const t = g.played.thinking;
    if (t === undefined) continue;
    const white = g.black === 'A' ? 'B' : 'A';
    for (const [side, player] of [
      [g.black, Color.Black],
      [white, Color.White],
    ] as const) {
      sum[side].moves += t[player].moves;
      sum[side].ms += t[player].ms;
    }
  }
  const mean = (s: { moves: number; ms: number }) => (s.moves === 0 ? null : s.ms / s.moves / 1000);
  return { A: mean(sum.A), B: mean(sum.B) };
}

/** The lines after a match: the score of A, black's share, each side's forfeits and time a move. */
export function matchReport(games: readonly MatchGame[], labels: Readonly<Record<Side, string>>): string[] {
  const a = tally(games, 'A');
  const b = tally(games, 'B');
  const blackWins = games.filter((g) => g.winner === g.black).length;
  const seconds = secondsAMove(games);
  const timed =
    seconds.A !== null && seconds.B !== null
      ? [`time a move, the referee's clock: A ${seconds.A.toFixed(2)} s, B ${seconds.B.toFixed(2)} s`]
      : [];
  return [
    `A: ${labels.A}`,
    `B: ${labels.B}`,
    `A scored ${scoreText(scoreOf(a.wins, games.length))}`,
    `black won ${blackWins} of ${games.length}`,
    `forfeits: A ${forfeitText(a.forfeits)}; B ${forfeitText(b.forfeits)}`,
    ...timed,
  ];
}

const signed = (x: number, digits: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

/** The fit of P(black wins) = σ(a + b·Δlog10 n), with Elo per doubling and 95% intervals (±1.96 standard errors). */
export function scalingReport(fit: ScalingFit): string[] {
  const perDoubling = eloPerDoubling(fit.b);
  const perDoublingError = eloPerDoubling(fit.bError);
  return [
    `fit of P(black wins) = σ(a + b·(log10 n_black − log10 n_white)) over ${fit.games} games:`,
    `  a = ${signed(fit.a, 2)} ± ${(1.96 * fit.aError).toFixed(2)}, b = ${fit.b.toFixed(2)} ± ${(1.96 * fit.bError).toFixed(2)} (95%)`,
    `  Elo per doubling of playouts = 400·log10(e)·log10(2)·b = ${perDoubling.toFixed(0)} ± ${(1.96 * perDoublingError).toFixed(0)}`,
  ];
}
