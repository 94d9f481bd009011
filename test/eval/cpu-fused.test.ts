// The fused fill + bit-sliced test of the CPU backend: the planes it fills
// are fillPlayout's boards, bit for bit, and its answers are union-find's.
import { describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { fillSlices, sliceFillBase } from '../../src/fill/fill-slices.js';
import { makeFusedPlayer } from '../../src/eval/cpu/fused.js';
import { packPositions } from '../../src/eval/cpu/job.js';
import { prepareJob } from '../../src/eval/cpu/playouts.js';
import { methodByName } from '../../src/wintest/registry.js';
import { sliceLayoutOf, transposeBoards } from '../../src/wintest/bitsliced.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';
import { randomCells, testRandom } from '../helpers/boards.js';

// Sizes on both sides of the u32 / u32-pair column edge, and the largest.
const CASES = [
  [GameKind.Hex, 1],
  [GameKind.Hex, 5],
  [GameKind.Hex, 15],
  [GameKind.Hex, 16],
  [GameKind.Hex, 31],
  [GameKind.Y, 2],
  [GameKind.Y, 9],
  [GameKind.Y, 32],
] as const;

describe('fillSlices', () => {
  for (const [game, size] of CASES) {
    test(`${game} ${size}: the plane is the transpose of fillPlayout's boards`, () => {
      const g = geometryOf(game, size);
      const layout = sliceLayoutOf(g);
      const random = testRandom(size * 7 + (game === GameKind.Y ? 1 : 0));
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        for (const [toMove, empty] of [
          [Color.Black, 1],
          [Color.White, 0.6],
          [Color.Black, 0.3],
        ] as const) {
          const cells = randomCells(g, empty, random);
          const first = 2 ** 32 - 40 + Math.floor(random() * 8); // playout names near the top of the u32 range, too
          const count = 1 + Math.floor(random() * 32);
          const boards = Array.from({ length: count }, (_, k) => {
            const board = new Uint8Array(g.cellCount);
            fillPlayout(cells, toMove as Player, { seed: 5, position: 3, playout: first + k }, fill, board);
            return board;
          });
          const expected = new Int32Array(layout.planeWords);
          transposeBoards(layout, boards, 0, count, expected, new Int32Array(layout.planeWords));
          const base = sliceFillBase(cells, toMove as Player, layout.slotOfCell, layout.blackTemplate);
          const plane = base.plane.slice();
          fillSlices(base, 5, 3, first, count, fill, plane);
          const mask = count === 32 ? -1 : (1 << count) - 1;
          // Bits past `count` are the base plane's (all set on black stones); only the boards filled matter.
          expect(Array.from(plane, (w, i) => (w & mask) | ((expected[i] as number) & ~mask))).toEqual(
            Array.from(expected),
          );
        }
      }
    });
  }
});

describe('the fused player', () => {
  for (const [game, size] of CASES) {
    test(`${game} ${size}: winners, ownership and black-owned counts are union-find's on the filled boards`, () => {
      const g = geometryOf(game, size);
      const random = testRandom(size + 100);
      const positions = [0.9, 0.4].map((e, i) => ({
        cells: randomCells(g, e, random),
        toMove: (i === 0 ? Color.White : Color.Black) as Player,
      }));
      const uf = weightedUnionFind.create(g);
      for (const fill of [FillKind.Exact, FillKind.Coin]) {
        const job = {
          game,
          size,
          ...packPositions(positions, g.cellCount),
          seed: 21,
          fill,
          ownership: true,
          winners: true,
          method: 'bitsliced',
        };
        const play = makeFusedPlayer(g, job);
        for (const [p, first, end] of [
          [0, 0, 70],
          [1, 5, 6],
          [1, 40, 104],
        ] as const) {
          const r = play({ position: p, first, end });
          const board = new Uint8Array(g.cellCount);
          const ownership = new Uint32Array(g.cellCount);
          const blackOwned = new Uint32Array(g.cellCount);
          let black = 0;
          for (let q = first; q < end; q++) {
            const position = positions[p]!;
            fillPlayout(position.cells, position.toMove, { seed: 21, position: p, playout: q }, fill, board);
            const winner = uf.winner(board);
            expect(r.winners?.[q - first]).toBe(winner);
            if (winner === Color.Black) black++;
            board.forEach((v, i) => {
              if (v === winner) ownership[i] = (ownership[i] as number) + 1;
              if (v === Color.Black) blackOwned[i] = (blackOwned[i] as number) + 1;
            });
          }
          expect([r.blackWins, r.whiteWins]).toEqual([black, end - first - black]);
          expect(r.ownership).toEqual(ownership);
          expect(r.blackOwned).toEqual(blackOwned);
        }
      }
    });
  }
});

describe("a player's counts added into the caller's arrays (into)", () => {
  // The fused player, and board by board with another method: chunks played
  // into one pair of arrays sum to the counts of the whole range played alone.
  for (const method of ['bitsliced', 'floodfill']) {
    for (const [game, size] of [
      [GameKind.Hex, 5],
      [GameKind.Y, 9],
      [GameKind.Hex, 16],
    ] as const) {
      test(`${method}, ${game} ${size}: three chunks into the same arrays are the whole range's counts, and their results carry none`, () => {
        const g = geometryOf(game, size);
        const random = testRandom(size + 300);
        const positions = [{ cells: randomCells(g, 0.5, random), toMove: Color.White as Player }];
        const job = {
          game,
          size,
          ...packPositions(positions, g.cellCount),
          seed: 4,
          fill: FillKind.Exact,
          ownership: true,
          winners: false,
          method,
        };
        const play = prepareJob(job, (geometry) => methodByName(method).create(geometry));
        const whole = play({ position: 0, first: 0, end: 100 });
        // Not zeros to start with: the counts are added, never written over (stones included).
        const into = {
          ownership: new Uint32Array(g.cellCount).fill(7),
          blackOwned: new Uint32Array(g.cellCount).fill(3),
        };
        let blackWins = 0;
        for (const [first, end] of [
          [40, 100],
          [0, 33],
          [33, 40],
        ] as const) {
          const r = play({ position: 0, first, end }, into);
          expect([r.ownership, r.blackOwned]).toEqual([null, null]);
          blackWins += r.blackWins;
        }
        expect(blackWins).toBe(whole.blackWins);
        expect(Array.from(into.ownership, (n) => n - 7)).toEqual(Array.from(whole.ownership!));
        expect(Array.from(into.blackOwned, (n) => n - 3)).toEqual(Array.from(whole.blackOwned!));
      });
    }
  }
});
