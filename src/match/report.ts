/** A match's outcome in words, for the terminal and for the results files that keep it. */
import type { ForfeitKind } from './referee.js';
import { type MatchGame, type Side, tally } from './match.js';
import { type ScalingFit, eloPerDoubling } from './scaling-fit.js';
import { scoreOf, scoreText } from './stats.js';

const KINDS: readonly ForfeitKind[] = ['illegal', 'refused', 'crash', 'timeout'];

function forfeitText(forfeits: Readonly<Record<ForfeitKind, number>>): string {
  const total = KINDS.reduce((s, k) => s + forfeits[k], 0);
  return `${total} (${KINDS.map((k) => `${forfeits[k]} ${k === 'illegal' ? 'illegal moves' : k}`).join(', ')})`;
}

/** The lines after a match: the score of A, black's share, and each side's forfeits. */
export function matchReport(games: readonly MatchGame[], labels: Readonly<Record<Side, string>>): string[] {
  const a = tally(games, 'A');
  const b = tally(games, 'B');
  const blackWins = games.filter((g) => g.winner === g.black).length;
  return [
    `A: ${labels.A}`,
    `B: ${labels.B}`,
    `A scored ${scoreText(scoreOf(a.wins, games.length))}`,
    `black won ${blackWins} of ${games.length}`,
    `forfeits: A ${forfeitText(a.forfeits)}; B ${forfeitText(b.forfeits)}`,
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
