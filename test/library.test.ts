// The README's library example, with the same calls, run on the CPU backend so that it needs no GPU.
import { expect, it } from 'vitest';
import { Color, FillKind, GameKind, Position, createEvaluator, parseCell } from '../src/index.js';

it('evaluates a position through the public entry point as the README shows', async () => {
  const evaluator = await createEvaluator({ backend: 'cpu' });
  const p = Position.empty(GameKind.Hex, 11);
  p.play(parseCell(p.geometry, 'f6'));
  const playouts = 2000;
  const { results, stats } = await evaluator.evaluate([{ geometry: p.geometry, cells: p.cells(), toMove: p.toMove }], {
    playouts,
    seed: 1,
    fill: FillKind.Exact,
    kernel: 'bpr',
    ownership: true,
  });
  const [r] = results;
  expect(r?.playouts).toBe(playouts);
  expect((r?.blackWins ?? 0) + (r?.whiteWins ?? 0)).toBe(playouts);
  expect(p.toMove).toBe(Color.White);
  expect(r?.winRate).toBeCloseTo((r?.whiteWins ?? 0) / playouts, 12);
  // Black's centre stone is worth something even in random playouts: white, to move, wins under half.
  expect(r?.winRate).toBeLessThan(0.49);
  expect(r?.ownership).toHaveLength(121);
  // The centre stone is black's in every playout, so it counts exactly black's wins.
  expect(r?.ownership?.[parseCell(p.geometry, 'f6')]).toBe(r?.blackWins);
  expect(stats.wallMs).toBeGreaterThan(0);
  evaluator.destroy();
});
