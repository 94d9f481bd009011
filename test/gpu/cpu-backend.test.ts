// The CPU backend (no GPU needed): what its results mean.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { createEvaluator } from '../../src/eval/create-evaluator.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import { oracleWinner } from '../helpers/oracle.js';
import { randomCells, testRandom } from '../helpers/boards.js';

describe('the CPU backend', async () => {
  const cpu = await createEvaluator({ backend: 'cpu' });
  const g = geometryOf(GameKind.Hex, 5);
  const cells = randomCells(g, 0.6, testRandom(1));
  const position = { geometry: g, cells, toMove: Color.White as const };

  test("the win rate is the side to move's wins over the playouts", async () => {
    const { results, stats } = await cpu.evaluate([position], { playouts: 500, seed: 4 });
    const r = results[0];
    expect(stats.backend).toBe('cpu');
    expect((r?.blackWins ?? 0) + (r?.whiteWins ?? 0)).toBe(500);
    expect(r?.winRate).toBe((r?.whiteWins ?? 0) / 500);
  });

  test('winners, ownership and black-owned counts follow from the filled boards', async () => {
    const { results } = await cpu.evaluate([position], {
      playouts: 50,
      seed: 9,
      fill: FillKind.Coin,
      winners: true,
      ownership: true,
    });
    const r = results[0];
    const board = new Uint8Array(g.cellCount);
    const ownership = new Uint32Array(g.cellCount);
    const blackOwned = new Uint32Array(g.cellCount);
    for (let q = 0; q < 50; q++) {
      fillPlayout(cells, Color.White, { seed: 9, position: 0, playout: q }, FillKind.Coin, board);
      const winner = oracleWinner('hex', 5, board);
      expect(r?.winners?.[q]).toBe(winner);
      board.forEach((v, i) => {
        if (v === winner) ownership[i] = (ownership[i] as number) + 1;
        if (v === Color.Black) blackOwned[i] = (blackOwned[i] as number) + 1;
      });
    }
    expect(r?.ownership).toEqual(ownership);
    expect(r?.blackOwned).toEqual(blackOwned);
    // A stone already on the board counts its owner's wins, and is black-owned in every playout or none.
    const blackStone = cells.indexOf(Color.Black);
    const whiteStone = cells.indexOf(Color.White);
    expect(r?.ownership?.[blackStone]).toBe(r?.blackWins);
    expect([r?.blackOwned?.[blackStone], r?.blackOwned?.[whiteStone]]).toEqual([50, 0]);
  });

  test('decide answers as the win test does, partial boards too', async () => {
    const boards = [cells, new Uint8Array(g.cellCount), randomCells(g, 0, testRandom(2))];
    expect(await cpu.decide(g, boards)).toEqual(boards.map((b) => weightedUnionFind.create(g).winner(b)));
  });
});
