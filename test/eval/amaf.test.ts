// The AMAF counts (src/eval/amaf.ts) and the black-owned counts they rest on,
// against boards rebuilt from the fill and counted one by one.
import { afterAll, describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { amafCounts } from '../../src/eval/amaf.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import type { PositionResult } from '../../src/eval/types.js';
import { bpr } from '../../src/wintest/bpr.js';
import { oracleWinner } from '../helpers/oracle.js';
import { randomCells, testRandom } from '../helpers/boards.js';

describe('amafCounts', () => {
  test('a hand-made result: two cells, four playouts', () => {
    // Playouts (owner of cell 0, owner of cell 1, winner): (B, W, B), (B, B, W), (W, B, W), (W, W, B).
    const result: PositionResult = {
      playouts: 4,
      blackWins: 2,
      whiteWins: 2,
      winRate: 0.5,
      ownership: Uint32Array.of(2, 0),
      blackOwned: Uint32Array.of(2, 2),
    };
    expect(amafCounts(result, Color.Black)).toEqual({ owned: Uint32Array.of(2, 2), ownedAndWon: Uint32Array.of(1, 0) });
    expect(amafCounts(result, Color.White)).toEqual({ owned: Uint32Array.of(2, 2), ownedAndWon: Uint32Array.of(1, 0) });
  });

  test('refuses a result evaluated without ownership', () => {
    expect(() => amafCounts({ playouts: 1, blackWins: 1, whiteWins: 0, winRate: 1 }, Color.Black)).toThrow(
      /ownership: true/,
    );
  });
});

describe('black-owned and AMAF counts of the CPU backend equal the rebuilt boards', () => {
  // The fused bit-sliced path and the board-by-board path, on threads and on this thread.
  const evaluators = [
    createCpuEvaluator(undefined, { workers: 0 }),
    createCpuEvaluator(bpr, { workers: 0 }),
    createCpuEvaluator(undefined, { workers: 2 }),
  ];
  afterAll(() => evaluators.forEach((e) => e.destroy()));

  for (const [game, size] of [
    [GameKind.Hex, 5],
    [GameKind.Y, 7],
    [GameKind.Hex, 19],
  ] as const) {
    test(`${game} ${size}`, async () => {
      const g = geometryOf(game, size);
      const random = testRandom(size * 31);
      const positions = [0.3, 0.8, 1].map((empty, i) => ({
        geometry: g,
        cells: randomCells(g, empty, random),
        toMove: (i % 2 === 0 ? Color.Black : Color.White) as Player,
      }));
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const playouts = 2500;
        const options = { playouts, seed: 40 + size, fill, ownership: true };
        const [first, ...others] = await Promise.all(evaluators.map((e) => e.evaluate(positions, options)));
        for (const other of others) expect(other.results).toEqual(first?.results);
        const board = new Uint8Array(g.cellCount);
        positions.forEach((p, k) => {
          // owned[colour][cell], won[colour][cell], counted board by board.
          const owned = { [Color.Black]: new Uint32Array(g.cellCount), [Color.White]: new Uint32Array(g.cellCount) };
          const won = { [Color.Black]: new Uint32Array(g.cellCount), [Color.White]: new Uint32Array(g.cellCount) };
          for (let q = 0; q < playouts; q++) {
            fillPlayout(p.cells, p.toMove, { seed: options.seed, position: k, playout: q }, fill, board);
            const winner = oracleWinner(game, size, board);
            board.forEach((owner, i) => {
              const colour = owner as Player;
              owned[colour][i] = (owned[colour][i] as number) + 1;
              if (owner === winner) won[colour][i] = (won[colour][i] as number) + 1;
            });
          }
          const result = first?.results[k] as PositionResult;
          expect(result.blackOwned).toEqual(owned[Color.Black]);
          for (const player of [Color.Black, Color.White] as const) {
            expect(amafCounts(result, player)).toEqual({ owned: owned[player], ownedAndWon: won[player] });
          }
        });
      }
    });
  }
});
