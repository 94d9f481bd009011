import { describe, expect, test } from 'vitest';
import { Color, type Player } from '../src/game/color.js';
import { GameKind, geometryOf } from '../src/game/geometry.js';
import { FillKind } from '../src/fill/fill.js';
import { makeFusedPlayer } from '../src/eval/cpu-fused.js';
import { makeWasmFusedPlayer } from '../src/eval/cpu-fused-wasm.js';
import { packPositions } from '../src/eval/cpu-job.js';
import { loadWasmKernel } from '../src/eval/wasm-kernel.js';
import { randomCells, testRandom } from './helpers/boards.js';

describe('wasm twin', () => {
  for (const [game, size] of [[GameKind.Hex, 11], [GameKind.Hex, 1], [GameKind.Hex, 31], [GameKind.Y, 32], [GameKind.Y, 1], [GameKind.Hex, 5]] as const) {
    test(`${game} ${size}`, async () => {
      const kernel = await loadWasmKernel();
      const g = geometryOf(game, size);
      const random = testRandom(size + 100);
      const positions = [1, 0.9, 0.4, 0].map((e, i) => ({ cells: randomCells(g, e, random), toMove: (i % 2 === 0 ? Color.White : Color.Black) as Player }));
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const job = { game, size, ...packPositions(positions, g.cellCount), seed: 21, fill, ownership: true, winners: true, method: 'bitsliced' };
        const js = makeFusedPlayer(g, job);
        for (const ahead of [undefined, 0, 3]) {
          const wasm = makeWasmFusedPlayer(g, job, kernel, ahead === undefined ? {} : { drawsAhead: ahead });
          for (const [p, first, end] of [[0, 0, 300], [1, 5, 6], [2, 40, 104], [3, 7, 200], [0, 2 ** 32 - 130, 2 ** 32 - 1]] as const) {
            const a = js({ position: p, first, end });
            const b = wasm({ position: p, first, end });
            expect(b.winners).toEqual(a.winners);
            expect([b.blackWins, b.whiteWins]).toEqual([a.blackWins, a.whiteWins]);
            expect(b.ownership).toEqual(a.ownership);
            expect(b.blackOwned).toEqual(a.blackOwned);
          }
        }
      }
    });
  }
});
