// The early stop (SearchSettings.stopEarly): a search ends once its most
// visited root move can no longer be overtaken by the playouts left. Under a
// playout limit that is exact, so the move is the one the full search plays;
// the rule itself is checked on a root built by hand, and the playouts left
// under a time limit on made-up clocks.
import { afterAll, describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position, SWAP } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { Node } from '../../src/search/tree/node.js';
import { RATE_TRUSTED_AFTER, leaderSettled, playoutsLeft } from '../../src/search/tree/early-stop.js';
import { randomStream } from '../../src/search/tree/random.js';

describe('leaderSettled', () => {
  /** A root whose children have these visits, in slot order (null: a slot with no node). */
  function rootWith(visits: readonly (number | null)[]): Node {
    const root = new Node(SWAP, Color.White);
    root.addAmafSlots(visits.map((_, i) => i));
    visits.forEach((v, i) => {
      if (v !== null) root.kidAt(i, Color.Black).visits = v;
    });
    return root;
  }

  test('the leader is settled only while the runner-up, given every playout left, stays behind', () => {
    const root = rootWith([100, 300, null, 40]);
    expect(leaderSettled(root, 199)).toBe(true);
    expect(leaderSettled(root, 200)).toBe(false);
    expect(leaderSettled(root, Number.POSITIVE_INFINITY)).toBe(false);
  });

  test('a tie is never settled, and a lone child is ahead of the untried ones by its visits', () => {
    expect(leaderSettled(rootWith([256, 256, 0]), 0)).toBe(false);
    expect(leaderSettled(rootWith([null, 512, null]), 511)).toBe(true);
    expect(leaderSettled(rootWith([null, 512, null]), 512)).toBe(false);
  });
});

describe('playoutsLeft', () => {
  test('under a playout limit: the budget left', () => {
    expect(playoutsLeft(3000, 10_000, undefined, 0, 0, 5)).toBe(7000);
  });

  test('under a time limit: none foreseen before a tenth of the time, then the rate of the rounds so far', () => {
    const budget = Number.POSITIVE_INFINITY;
    expect(playoutsLeft(1000, budget, 1000, 0, 0, RATE_TRUSTED_AFTER * 1000 - 1)).toBe(Number.POSITIVE_INFINITY);
    // Rounds began at 100 ms: 4,000 playouts in 400 ms, 10 a millisecond, and 500 ms left.
    expect(playoutsLeft(4000, budget, 1000, 0, 100, 500)).toBe(5000);
    expect(playoutsLeft(4000, 4500, 1000, 0, 100, 500)).toBe(500);
    expect(playoutsLeft(4000, budget, 1000, 0, 100, 1200)).toBe(0);
  });
});

describe('a search with the early stop', () => {
  const cpuPromise = createCpuEvaluator(undefined, { workers: 0 });
  afterAll(async () => (await cpuPromise).destroy());

  /** A position of `moves` random stones (seeded), no swap to come. */
  function randomPosition(game: GameKind, size: number, moves: number, seed: number): Position {
    const position = new Position(geometryOf(game, size), { swap: false });
    const next = randomStream(seed);
    for (let i = 0; i < moves && !position.isOver(); i++) {
      const legal = position.legalMoves();
      position.play(legal[next() % legal.length] as number);
    }
    return position;
  }

  test('plays the full search move in fewer playouts, on Hex and Y positions', async () => {
    const cpu = await cpuPromise;
    const budget = 256 * 160;
    let stoppedEarly = 0;
    const cases = [
      [GameKind.Hex, 7, 2],
      [GameKind.Hex, 7, 5],
      [GameKind.Hex, 9, 4],
      [GameKind.Y, 8, 3],
    ] as const;
    for (const [game, size, moves] of cases) {
      for (const seed of [1, 2, 3]) {
        const position = randomPosition(game, size, moves, 100 * size + seed);
        if (position.isOver()) continue;
        const play = (stopEarly: boolean) =>
          new Mcts(cpu, { ...defaultSettings('cpu', seed), stopEarly }).search(position, { playouts: budget });
        const full = await play(false);
        const early = await play(true);
        expect(early.playouts).toBeLessThanOrEqual(full.playouts);
        // Only a win the full search went on to prove could choose otherwise.
        if (full.moves.find((m) => m.move === full.move)?.proven !== 'won') expect(early.move).toBe(full.move);
        if (early.playouts < full.playouts) stoppedEarly++;
      }
    }
    expect(stoppedEarly).toBeGreaterThan(0);
  });

  test('never stops early where a swap may answer, nor in a search of a forced move', async () => {
    const cpu = await cpuPromise;
    const budget = 256 * 64;
    const settings = { ...defaultSettings('cpu', 4), stopEarly: true };
    const swapping = new Position(geometryOf(GameKind.Hex, 7));
    swapping.play(swapping.geometry.index(0, 0));
    expect(swapping.canSwap()).toBe(true);
    const answer = await new Mcts(cpu, settings).search(swapping, { playouts: budget });
    expect(answer.playouts).toBe(budget);
    const late = randomPosition(GameKind.Hex, 7, 14, 703);
    const forced = await new Mcts(cpu, settings).search(late, { playouts: budget, searchForced: true });
    const free = await new Mcts(cpu, settings).search(late, { playouts: budget });
    expect(forced.playouts).toBe(budget);
    expect(free.playouts).toBeLessThan(budget);
  });
});
