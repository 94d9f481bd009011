/**
 * Every registered win-test method against the tests' own brute-force oracle:
 * exhaustively on small boards, by property on boards up to the largest sizes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { FillKind, fillPlayout } from '../../src/fill/fill.js';
import { METHODS, methodByName, methodNames } from '../../src/wintest/registry.js';
import type { WinTestMethod } from '../../src/wintest/method.js';
import { everyBoard, randomCells, testRandom } from '../helpers/boards.js';
import { oracleWinner } from '../helpers/oracle.js';

const EXPECTED_NAMES = [
  'bpr',
  'bpr-packed',
  'bpr-incremental',
  'bitsliced',
  'unionfind',
  'wqhuf',
  'path',
  'floodfill',
  'components',
];

function acceptsPartial(m: WinTestMethod): boolean {
  return m.supports.partialBoards;
}

/** Every board of a geometry with cells drawn from `values`, with the oracle's answers (computed once). */
interface BoardSet {
  readonly boards: Uint8Array[];
  readonly winners: Uint8Array;
}
const boardSets = new Map<string, BoardSet>();

function allBoards(g: Geometry, values: readonly number[]): BoardSet {
  const key = `${g.game}${g.size}:${values.join('')}`;
  const cached = boardSets.get(key);
  if (cached) return cached;
  const boards = [...everyBoard(g.cellCount, values)];
  const set = { boards, winners: Uint8Array.from(boards, (cells) => oracleWinner(g.game, g.size, cells)) };
  boardSets.set(key, set);
  return set;
}

function expectAllAgree(m: WinTestMethod, g: Geometry, values: readonly number[]): void {
  const { boards, winners } = allBoards(g, values);
  const out = new Uint8Array(boards.length);
  m.create(g).prepare(boards).decideAll(out);
  for (let b = 0; b < boards.length; b++) {
    if (out[b] !== winners[b]) {
      throw new Error(
        `${m.name} on ${g.game} ${g.size}: board ${[...(boards[b] as Uint8Array)].join('')} gave ${out[b]}, oracle ${winners[b]}`,
      );
    }
  }
}

describe('registry', () => {
  it('holds every method of the issue, by name', () => {
    expect(methodNames()).toEqual(EXPECTED_NAMES);
    expect(() => methodByName('nope')).toThrow(/unknown method "nope" \(expected one of: bpr, /);
  });
});

describe.each(METHODS.map((m) => [m.name, m] as const))('%s', (_name, method) => {
  it('decides every full Hex board up to 4×4', () => {
    for (let n = 1; n <= 4; n++) {
      const g = geometryOf(GameKind.Hex, n);
      expectAllAgree(method, g, [Color.Black, Color.White]);
    }
  });

  it('decides every full Y board up to size 5', () => {
    for (let n = 1; n <= 5; n++) {
      const g = geometryOf(GameKind.Y, n);
      expectAllAgree(method, g, [Color.Black, Color.White]);
    }
  });

  // A method either decides partial boards or refuses them; each gets the test that applies.
  if (acceptsPartial(method)) {
    it('decides every partial Hex board up to 3×3', () => {
      for (let n = 1; n <= 3; n++) {
        const g = geometryOf(GameKind.Hex, n);
        expectAllAgree(method, g, [Color.Empty, Color.Black, Color.White]);
      }
    });
  } else {
    it('refuses a partial board with a clear error', () => {
      const g = geometryOf(GameKind.Hex, 3);
      const board = new Uint8Array(g.cellCount).fill(Color.Black);
      board[4] = Color.Empty;
      expect(() => method.create(g).winner(board)).toThrow(/full boards only/);
    });
  }

  it('agrees with the oracle one board at a time on random boards of every size', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom(0, 0.3, 0.9),
        (game, size, seed, emptyShare) => {
          const n = Math.min(size, game === GameKind.Hex ? 31 : 32);
          const g = geometryOf(game, n);
          const share = acceptsPartial(method) ? emptyShare : 0;
          const board = randomBoard(g, seed, share);
          expect(method.create(g).winner(board)).toBe(oracleWinner(game, n, board));
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** A board with roughly `emptyShare` cells left empty, the rest an exact fill. */
function randomBoard(g: Geometry, seed: number, emptyShare: number): Uint8Array {
  const full = new Uint8Array(g.cellCount);
  fillPlayout(new Uint8Array(g.cellCount), Color.Black, { seed, position: 0, playout: 0 }, FillKind.Exact, full);
  const holes = randomCells(g, emptyShare, testRandom(seed), 0);
  return full.map((v, i) => (holes[i] === Color.Empty ? Color.Empty : v));
}

describe('all methods together', () => {
  it('agree on batches of random full and partial boards, and every full board has one winner', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 32 }),
        fc.integer(),
        (game, size, seed) => {
          const n = Math.min(size, game === GameKind.Hex ? 31 : 32);
          const g = geometryOf(game, n);
          const full = Array.from({ length: 40 }, (_, k) => randomBoard(g, seed + k, 0));
          const partial = Array.from({ length: 40 }, (_, k) => randomBoard(g, seed - k, 0.4));
          const want = full.map((b) => oracleWinner(game, n, b));
          expect(want.every((w) => w !== Color.Empty)).toBe(true);
          for (const m of METHODS) {
            const out = new Uint8Array(full.length);
            m.create(g).prepare(full).decideAll(out);
            expect([...out], m.name).toEqual(want);
            if (!acceptsPartial(m)) continue;
            m.create(g).prepare(partial).decideAll(out);
            expect([...out], m.name).toEqual(partial.map((b) => oracleWinner(game, n, b)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('incremental methods agree with from-scratch ones after every move of random games', () => {
    const incremental = METHODS.filter((m) => m.supports.incremental);
    expect(incremental.map((m) => m.name).sort()).toEqual(['bpr-incremental', 'unionfind', 'wqhuf']);
    const reference = methodByName('floodfill');
    fc.assert(
      fc.property(
        fc.constantFrom(GameKind.Hex, GameKind.Y),
        fc.integer({ min: 1, max: 32 }),
        fc.integer(),
        (game, size, seed) => {
          const n = Math.min(size, game === GameKind.Hex ? 31 : 32);
          const g = geometryOf(game, n);
          const order = Array.from({ length: g.cellCount }, (_, i) => i);
          let s = seed >>> 0;
          for (let i = order.length - 1; i > 0; i--) {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            const j = s % (i + 1);
            [order[i], order[j]] = [order[j] as number, order[i] as number];
          }
          const fromScratch = reference.create(g);
          const boards = incremental.map((m) => m.createIncremental?.(g));
          const cells = new Uint8Array(g.cellCount);
          order.forEach((cell, k) => {
            const colour = k % 2 === 0 ? Color.Black : Color.White;
            cells[cell] = colour;
            const want = fromScratch.winner(cells);
            boards.forEach((b, i) => {
              if (!b) throw new Error(`${incremental[i]?.name} has no createIncremental`);
              b.play(cell, colour);
              expect(b.winner(), incremental[i]?.name).toBe(want);
            });
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
