/**
 * How well a move prior predicts recorded moves: how often the chosen move
 * is its first choice (top-1) or among its first five (top-5), and the mean
 * log-probability it gives the chosen move. Ties are counted at their
 * expected value over a random order of the tied cells, so that a scorer
 * with few distinct scores (the baselines) gets its fair rate, with no
 * randomness.
 */
import { areNeighbors, type Geometry } from '../../game/geometry.js';
import type { SgfPosition } from '../../game/sgf-read.js';
import { type GamePosition, forEachPosition, madeByPlayer } from './game-positions.js';
import { priorGammas } from './move-prior.js';
import type { PriorTable } from './table.js';
import { nearCells } from '../knowledge/proximity.js';

/** Writes a positive score for each empty cell of the position into `out` (entries on stones are ignored). */
export type Scorer = (g: Geometry, p: GamePosition, out: Float32Array) => void;

export interface PredictionRates {
  readonly positions: number;
  /** Fractions of the positions, 0 … 1. */
  readonly top1: number;
  readonly top5: number;
  /** The mean natural log of the chosen move's share of the scores. */
  readonly meanLogProbability: number;
}

/** Every empty cell alike. */
export const uniformScorer: Scorer = (_g, _p, out) => out.fill(1);

/** The neighbours of the opponent's last move first, the rest after. */
export const adjacentScorer: Scorer = (g, p, out) => {
  for (let c = 0; c < out.length; c++) out[c] = p.last >= 0 && areNeighbors(g, c, p.last) ? 2 : 1;
};

/** The cells near the opponent's last move (its neighbours and bridge cells, proximity.ts) first. */
export const nearScorer: Scorer = (g, p, out) => {
  out.fill(1);
  if (p.last < 0) return;
  const { start, cells } = nearCells(g);
  for (let i = start[p.last] as number; i < (start[p.last + 1] as number); i++) out[cells[i] as number] = 2;
};

/** The learned prior's gammas. */
export function priorScorer(table: PriorTable): Scorer {
  return (g, p, out) => {
    priorGammas(table, g, p.cells, p.mover, p.last, out);
  };
}

/**
 * Rates of each scorer, in one pass over the games' positions from move
 * `fromMove` on (up to move `toMove`, when given; with `player`, only the
 * moves of the player whose name holds it).
 */
export function predictionRates(
  games: readonly SgfPosition[],
  fromMove: number,
  scorers: readonly Scorer[],
  toMove = Infinity,
  player?: string,
): PredictionRates[] {
  const sums = scorers.map(() => ({ top1: 0, top5: 0, log: 0 }));
  let positions = 0;
  for (const game of games) {
    const g = game.geometry;
    const scores = new Float32Array(g.cellCount);
    forEachPosition(game, fromMove, (p) => {
      if (p.moveNumber > toMove || !madeByPlayer(p, player)) return;
      positions++;
      scorers.forEach((scorer, s) => {
        scorer(g, p, scores);
        const mine = scores[p.played] as number;
        let above = 0;
        let tied = 0;
        let total = 0;
        for (let c = 0; c < g.cellCount; c++) {
          if (p.cells[c] !== 0) continue;
          const v = scores[c] as number;
          total += v;
          if (v > mine) above++;
          else if (v === mine) tied++;
        }
        const sum = sums[s] as { top1: number; top5: number; log: number };
        // The chosen cell lands uniformly among the tied places above+1 … above+tied.
        sum.top1 += Math.min(1, Math.max(0, (1 - above) / tied));
        sum.top5 += Math.min(1, Math.max(0, (5 - above) / tied));
        sum.log += Math.log(mine / total);
      });
    });
  }
  return sums.map((s) => ({
    positions,
    top1: s.top1 / Math.max(1, positions),
    top5: s.top5 / Math.max(1, positions),
    meanLogProbability: s.log / Math.max(1, positions),
  }));
}
