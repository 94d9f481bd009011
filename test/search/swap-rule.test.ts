// The first move under the swap rule: the opening nearest an even game,
// each weighed by a search of the replies to it (src/search/knowledge/swap-rule.ts).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Color } from '../../src/game/color.js';
import { type CellIndex, GameKind, type Geometry, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { Mcts, defaultSettings, swapInnerRows } from '../../src/search/mcts.js';
import {
  type ReplyLimit,
  type ReplySearch,
  chooseSwapOpening,
  halfTurn,
  opensUnderSwap,
  spread,
  swapFromReplies,
  swapsInner,
  onOuterRing,
} from '../../src/search/knowledge/swap-rule.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { SWAP } from '../../src/game/position.js';
import { oracleWinner } from '../helpers/oracle.js';
import { FULL, everyBoard } from '../helpers/boards.js';

function turned(g: Geometry, cells: Uint8Array): Uint8Array {
  const out = new Uint8Array(g.cellCount);
  for (let c = 0; c < g.cellCount; c++) out[halfTurn(g, c)] = cells[c] as number;
  return out;
}

function empty(size: number, swap = true): Position {
  return new Position(geometryOf(GameKind.Hex, size), { swap });
}

/** A fake search of the replies: the reply's win rate is `rate(opening)`, and every call is recorded. */
function fakeSearch(rate: (opening: CellIndex) => number): {
  search: ReplySearch;
  calls: { opening: CellIndex; limit: ReplyLimit; index: number }[];
} {
  const calls: { opening: CellIndex; limit: ReplyLimit; index: number }[] = [];
  const search: ReplySearch = async (after, limit, index) => {
    const opening = after.cells().findIndex((v) => v !== Color.Empty);
    expect(after.swapAllowed, 'the replies are searched without a swap to come').toBe(false);
    expect(after.toMove).toBe(Color.White);
    calls.push({ opening, limit, index });
    return { winRate: rate(opening), playouts: limit.playouts ?? 100 };
  };
  return { search, calls };
}

describe('the half turn', () => {
  test('maps each cell to the cell at the same place seen from the other side, and back', () => {
    for (let n = 1; n <= 19; n++) {
      const g = geometryOf(GameKind.Hex, n);
      for (let c = 0; c < g.cellCount; c++) {
        const t = halfTurn(g, c);
        expect(g.row[t]).toBe(n - 1 - (g.row[c] as number));
        expect(g.col[t]).toBe(n - 1 - (g.col[c] as number));
        expect(halfTurn(g, t)).toBe(c);
      }
    }
  });

  test('keeps the winner of every full board of Hex 3 and 4 (exhaustive), so a pair of openings has one value', () => {
    for (const n of [3, 4]) {
      const g = geometryOf(GameKind.Hex, n);
      for (const cells of everyBoard(g.cellCount, FULL))
        expect(oracleWinner('hex', n, turned(g, cells))).toBe(oracleWinner('hex', n, cells));
    }
  });

  test('keeps the winner of random full boards of Hex 5 to 13', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 13 }), fc.infiniteStream(fc.boolean()), (n, draws) => {
        const g = geometryOf(GameKind.Hex, n);
        const it = draws[Symbol.iterator]();
        const cells = Uint8Array.from({ length: g.cellCount }, () => (it.next().value ? Color.Black : Color.White));
        return oracleWinner('hex', n, turned(g, cells)) === oracleWinner('hex', n, cells);
      }),
      { numRuns: 300 },
    );
  });
});

describe('chooseSwapOpening, with a search of known values', () => {
  test('spread orders every cell once, any first part of it spread over the board', () => {
    for (let n = 1; n <= 181; n++) {
      const cells = Array.from({ length: n }, (_, i) => i * 2);
      const order = spread(cells);
      expect([...order].sort((a, b) => a - b)).toEqual(cells);
      // The first quarter of the order reaches into every fifth of the cells (n ≥ 25).
      if (n >= 25)
        for (let part = 0; part < 5; part++)
          expect(
            order.slice(0, Math.ceil(n / 4)).some((c) => c / 2 >= (part * n) / 5 && c / 2 < ((part + 1) * n) / 5),
            `n ${n} part ${part}`,
          ).toBe(true);
    }
  });

  test('a first stage cut short by the time compares the openings searched so far', async () => {
    let clock = 0;
    const { search, calls } = fakeSearch((c) => (c === 60 ? 0.5 : 0.3));
    const slow: ReplySearch = async (after, limit, index) => {
      clock += 10;
      while (performance.now() < start + clock) await new Promise((r) => setTimeout(r, 1));
      return search(after, limit, index);
    };
    const start = performance.now();
    const choice = await chooseSwapOpening(empty(11), slow, { timeMs: 100 });
    expect(calls.length).toBeLessThan(61);
    expect(choice.stages).toBe(1);
    expect(choice.openings.map((o) => o.move)).toContain(choice.move);
  });

  test('only the empty board of Hex with the swap rule opens under the swap', () => {
    expect(opensUnderSwap(empty(9))).toBe(true);
    expect(opensUnderSwap(empty(9, false))).toBe(false);
    const later = empty(9);
    later.play(40);
    expect(opensUnderSwap(later)).toBe(false);
    expect(opensUnderSwap(new Position(geometryOf(GameKind.Y, 9)))).toBe(false);
  });

  test('picks the opening whose best reply is nearest an even game, searching one cell of each half-turn pair', async () => {
    const g = geometryOf(GameKind.Hex, 7);
    // The reply's value grows with the distance from the centre, and one cell (not its twin, 39) is nearest ½.
    const rate = (c: CellIndex) =>
      c === 9 ? 0.49 : 0.2 + 0.01 * (Math.abs((g.row[c] as number) - 3) + Math.abs((g.col[c] as number) - 3));
    const { search, calls } = fakeSearch(rate);
    const choice = await chooseSwapOpening(empty(7), search, { playouts: 3 * 25 * 1000 });
    const best = Array.from({ length: g.cellCount }, (_, c) => c).reduce((a, c) =>
      Math.min(rate(c), 1 - rate(c)) > Math.min(rate(a), 1 - rate(a)) ? c : a,
    );
    expect(best).toBe(9);
    expect(choice.move).toBe(9);
    expect(choice.value).toBeCloseTo(Math.min(rate(9), 1 - rate(9)), 12);
    // Stage 1: the 25 cells c ≤ halfTurn(c), each with a third of the playouts split 25 ways.
    const first = calls.slice(0, 25);
    expect(first.map((c) => c.opening).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, c) => c));
    expect(first.map((c) => c.opening)).toEqual(spread(Array.from({ length: 25 }, (_, c) => c)));
    for (const c of first) expect(c.limit).toEqual({ playouts: 1000 });
    // Stage 2: the nearest quarter (7 openings), stage 3 a quarter of those (2).
    expect(calls.length).toBe(25 + 7 + 2);
    expect(calls.slice(25, 32).every((c) => c.limit.playouts === Math.floor(25_000 / 7))).toBe(true);
    expect(calls.map((c) => c.index)).toEqual(calls.map((_, i) => i));
    expect(choice.stages).toBe(3);
    expect(choice.openings[0]?.move).toBe(9);
    expect(choice.openings).toHaveLength(25);
  });

  test('plays either cell of the chosen pair by parity; a time limit is split as playouts are', async () => {
    const g = geometryOf(GameKind.Hex, 5);
    const { search, calls } = fakeSearch((c) => (c === 6 ? 0.5 : 0.2));
    expect((await chooseSwapOpening(empty(5), search, { timeMs: 300 }, 0)).move).toBe(6);
    expect(calls[0]?.limit).toEqual({ timeMs: 300 / 3 / 13 });
    expect((await chooseSwapOpening(empty(5), search, { timeMs: 300 }, 1)).move).toBe(halfTurn(g, 6));
    // Both limits: each search has its share of both (the last stage: 4 openings of 13).
    await chooseSwapOpening(empty(5), search, { timeMs: 300, playouts: 39_000 });
    expect(calls.at(-1)?.limit).toEqual({ timeMs: 300 / 3 / 4, playouts: 3250 });
  });

  test('weighs only the openings it is let open with, or all of them when it is let open with none', async () => {
    const g = geometryOf(GameKind.Hex, 7);
    // The best pair (the centre, 24) is one the caller would swap: the best of the rest is chosen.
    const rate = (c: CellIndex) => (c === 24 ? 0.5 : c === 2 ? 0.45 : 0.2);
    const edge = (c: CellIndex) => !swapsInner(g, c, 1);
    const { search, calls } = fakeSearch(rate);
    const choice = await chooseSwapOpening(empty(7), search, { playouts: 30_000 }, 0, edge);
    expect(choice.move).toBe(2);
    // Hex 7's outer ring has 24 cells, 12 pairs: only those were searched.
    expect(new Set(calls.map((c) => c.opening)).size).toBe(12);
    expect(calls.every((c) => edge(c.opening))).toBe(true);
    const unfiltered = fakeSearch(rate);
    expect((await chooseSwapOpening(empty(7), unfiltered.search, { playouts: 30_000 }, 0, () => false)).move).toBe(24);
    expect(new Set(unfiltered.calls.map((c) => c.opening)).size).toBe(25);
  });

  test('refuses a position it does not decide and a search without a limit; the 1×1 board is won by its one stone', async () => {
    const { search } = fakeSearch(() => 0.5);
    await expect(chooseSwapOpening(empty(5, false), search, { playouts: 100 })).rejects.toThrow(/swap rule/);
    await expect(chooseSwapOpening(empty(5), search, {})).rejects.toThrow(/limit/);
    expect(await chooseSwapOpening(empty(1), search, { playouts: 100 })).toMatchObject({ move: 0, value: 1 });
  });
});

describe('the search opens under the swap rule by its own replies', () => {
  test('Hex 7 with the swap rule: not the strongest opening but one near an even game, the same for the same seed', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 3), leavesPerRound: 8, playoutsPerLeaf: 64 };
    const withSwap = await new Mcts(cpu, settings).search(empty(7), { playouts: 60_000 });
    const again = await new Mcts(cpu, settings).search(empty(7), { playouts: 60_000 });
    expect(again.move).toBe(withSwap.move);
    expect(withSwap.winRate).toBeLessThanOrEqual(0.5);
    // Each search meets its share within one leaf's K, as any search meets its limit.
    expect(withSwap.playouts).toBeLessThanOrEqual(60_000 + withSwap.rounds * settings.playoutsPerLeaf);
    // A limit smaller than a leaf for each opening is still about kept: each search is one smaller
    // leaf (41 openings at 16, 11 at 60, 3 at 222: 1,982). Whole leaves of K = 64 would come to 4,096.
    // (swap-inner off, so that all 41 openings are searched.)
    const small = await new Mcts(cpu, { ...settings, swapInner: 0 }).search(empty(9), { playouts: 2000 });
    expect(small.playouts).toBeGreaterThanOrEqual(1982);
    expect(small.playouts).toBeLessThanOrEqual(2200);
    expect(withSwap.moves[0]?.winRate).toBe(withSwap.winRate);
    // Searched again as the opponent would search it, the chosen opening is worth more to us with the
    // swap to come than the centre, the strongest opening, which the search plays without the rule.
    const worth = async (cell: CellIndex) => {
      const after = new Position(geometryOf(GameKind.Hex, 7), { swap: false });
      after.play(cell);
      const reply =
        (await new Mcts(cpu, { ...settings, seed: 11 }).search(after, { playouts: 60_000, searchForced: true }))
          .winRate ?? Number.NaN;
      return Math.min(reply, 1 - reply);
    };
    const chosen = await worth(withSwap.move);
    const centre = await worth(24);
    expect(chosen).toBeGreaterThan(centre);
    // Within 0.1 of even: 60,000 playouts over 41 openings tell their worth apart to a few points only.
    expect(chosen).toBeGreaterThan(0.4);
    const withoutRule = await new Mcts(cpu, settings).search(empty(7, false), { playouts: 60_000 });
    const strongest = withoutRule.winRate ?? Number.NaN;
    expect(Math.min(strongest, 1 - strongest)).toBeLessThan(chosen);
    expect(withSwap.move).not.toBe(24);
  });
});

describe('the swap, from the stone replies', () => {
  test('is taken when the best stone reply is worth less than an even game', () => {
    expect(swapFromReplies(0.49)).toBe(true);
    expect(swapFromReplies(0.5)).toBe(false);
    expect(swapFromReplies(0.8)).toBe(false);
    // With a margin, below ½ plus the margin.
    expect(swapFromReplies(0.51, 0.02)).toBe(true);
    expect(swapFromReplies(0.52, 0.02)).toBe(false);
  });

  test('Hex 4, every opening: the search swaps exactly when no stone reply wins (the exact solver, the swap left out, as the oracle)', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 2), leavesPerRound: 8, playoutsPerLeaf: 64 };
    const g = geometryOf(GameKind.Hex, 4);
    let swaps = 0;
    for (let cell = 0; cell < g.cellCount; cell++) {
      const position = empty(4);
      position.play(cell);
      const stonesOnly = new Position(g, { swap: false });
      stonesOnly.play(cell);
      const replyWins = solve(stonesOnly).wins;
      const result = await new Mcts(cpu, settings).search(position, { playouts: 4096 });
      expect(result.move === SWAP, `after ${cell}`).toBe(!replyWins);
      if (result.move === SWAP) swaps++;
      else
        expect(
          solve(
            (() => {
              const p = stonesOnly.clone();
              p.play(result.move);
              return p;
            })(),
          ).wins,
          `the reply ${result.move} to ${cell} wins`,
        ).toBe(false);
    }
    // Both kinds occur on Hex 4: some openings win for the first player, some lose.
    expect(swaps).toBeGreaterThan(0);
    expect(swaps).toBeLessThan(16);
  });

  test('Hex 9 at small budgets: the centre is swapped and the acute corner kept, as at 1 s a move', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 2), leavesPerRound: 8, playoutsPerLeaf: 128 };
    const after = (cell: CellIndex) => {
      const p = empty(9);
      p.play(cell);
      return p;
    };
    expect((await new Mcts(cpu, settings).search(after(40), { playouts: 20_000 })).move).toBe(SWAP);
    const corner = await new Mcts(cpu, settings).search(after(0), { playouts: 20_000 });
    expect(corner.move).not.toBe(SWAP);
    expect(corner.winRate).toBeGreaterThanOrEqual(0.5);
    // A margin above the best reply's worth swaps the corner too, after the same search.
    const worth = corner.winRate as number;
    const margin = worth - 0.5 + 0.01;
    const swapped = await new Mcts(cpu, { ...settings, swapMargin: margin }).search(after(0), { playouts: 20_000 });
    expect(swapped.move).toBe(SWAP);
    expect(swapped.winRate).toBeCloseTo(1 - worth, 12);
  });

  test('swap-inner: every Hex opening at least that many rows from each edge, none at 0 or on Y', () => {
    for (const size of [1, 4, 9, 11]) {
      const g = geometryOf(GameKind.Hex, size);
      for (let cell = 0; cell < g.cellCount; cell++) {
        const r = g.row[cell] as number;
        const c = g.col[cell] as number;
        const fromEdges = [r, c, size - 1 - r, size - 1 - c];
        expect(swapsInner(g, cell, 0)).toBe(false);
        for (const rows of [1, 2, 3])
          expect(swapsInner(g, cell, rows), `Hex ${size}, cell ${cell}, ${rows} rows`).toBe(
            fromEdges.every((d) => d >= rows),
          );
      }
    }
    // Hex 9's inner cells: the board less its outer ring.
    const g9 = geometryOf(GameKind.Hex, 9);
    const inner = (rows: number) => Array.from({ length: 81 }, (_, c) => c).filter((c) => swapsInner(g9, c, rows));
    expect(inner(1)).toHaveLength(49);
    expect(inner(4)).toEqual([40]);
    const y = geometryOf(GameKind.Y, 9);
    for (let cell = 0; cell < y.cellCount; cell++) expect(swapsInner(y, cell, 1)).toBe(false);
  });

  test('swap-inner swaps every inner opening whatever the search finds, swap-edge=off keeps every edge one, and each leaves the rest to the search (Hex 9)', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 3), leavesPerRound: 8, playoutsPerLeaf: 32 };
    const g = geometryOf(GameKind.Hex, 9);
    const overruled = { inner: 0, edge: 0 };
    for (let cell = 0; cell < g.cellCount; cell++) {
      const position = empty(9);
      position.play(cell);
      const decide = (more: object) => new Mcts(cpu, { ...settings, ...more }).search(position, { playouts: 1024 });
      const plain = await decide({ swapInner: 0 });
      const inner = await decide({ swapInner: 1, swapInnerFrom: 9 });
      const edge = await decide({ swapInner: 0, swapEdge: false });
      expect(onOuterRing(g, cell)).toBe(!swapsInner(g, cell, 1));
      if (onOuterRing(g, cell)) {
        expect(inner, `swap-inner leaves the edge opening ${cell} to the search`).toEqual(plain);
        expect(edge.move, `swap-edge=off keeps the edge opening ${cell}`).not.toBe(SWAP);
        if (plain.move === SWAP) overruled.edge++;
      } else {
        expect(inner.move, `swap-inner swaps the inner opening ${cell}`).toBe(SWAP);
        expect(edge, `swap-edge leaves the inner opening ${cell} to the search`).toEqual(plain);
        if (plain.move !== SWAP) overruled.inner++;
      }
    }
    // A search this small decides some openings either way: each setting overrules it somewhere.
    expect(overruled.inner).toBeGreaterThan(0);
    expect(overruled.edge).toBeGreaterThan(0);
    // And the engine's own first move is then one it would not swap itself.
    for (const seed of [1, 2]) {
      const opening = await new Mcts(cpu, { ...settings, seed, swapInner: 1, swapInnerFrom: 9 }).search(empty(9), {
        playouts: 8192,
      });
      expect(swapsInner(g, opening.move, 1), `seed ${seed}: ${opening.move}`).toBe(false);
    }
  });

  test('swap-inner-from: by default every inner opening is swapped from Hex 9 up and left to the search below', async () => {
    expect(swapInnerRows({}, 9)).toBe(1);
    expect(swapInnerRows({}, 11)).toBe(1);
    expect(swapInnerRows({}, 13)).toBe(1);
    expect(swapInnerRows({}, 8)).toBe(0);
    expect(swapInnerRows({ swapInnerFrom: 11 }, 9)).toBe(0);
    expect(swapInnerRows({ swapInner: 0 }, 11)).toBe(0);
    expect(swapInnerRows({ swapInner: 3, swapInnerFrom: 1 }, 4)).toBe(3);
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 5), leavesPerRound: 8, playoutsPerLeaf: 32 };
    const g = geometryOf(GameKind.Hex, 11);
    // On Hex 11 the defaults swap an inner opening at once, which the search alone (swap-inner 0) may keep.
    let kept = 0;
    for (const cell of [g.index(7, 4), g.index(8, 6), g.index(2, 8), g.index(5, 5)]) {
      const position = empty(11);
      position.play(cell);
      expect((await new Mcts(cpu, settings).search(position, { playouts: 512 })).move).toBe(SWAP);
      if ((await new Mcts(cpu, { ...settings, swapInner: 0 }).search(position, { playouts: 512 })).move !== SWAP)
        kept++;
    }
    expect(kept).toBeGreaterThan(0);
  });

  test('reply-search: the swap decided at swap-move-prior with half the playouts, a kept stone answered at move-prior with the rest, and that tree kept', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const base = { ...defaultSettings('cpu', 2), leavesPerRound: 8, playoutsPerLeaf: 128 };
    const limits = { playouts: 40_000 };
    const half = { playouts: 20_000 };
    const after = (cell: CellIndex) => {
      const p = empty(9);
      p.play(cell);
      return p;
    };
    // The acute corner, kept: the reply is a search at λ = 2 of the rest, as a tree at λ = 2 throughout would search it.
    const split = new Mcts(cpu, { ...base, movePrior: 2, swapMovePrior: 1, replySearch: true });
    const kept = await split.search(after(0), limits);
    const decision = await new Mcts(cpu, { ...base, movePrior: 1, swapMovePrior: 1 }).search(after(0), half);
    expect(decision.move).not.toBe(SWAP);
    const steep = await new Mcts(cpu, { ...base, movePrior: 2, swapMovePrior: 2 }).search(after(0), {
      playouts: limits.playouts - decision.playouts,
    });
    expect(kept.moves).toEqual(steep.moves);
    expect(kept.move).toBe(steep.moves[0]?.move);
    expect(kept.playouts).toBe(decision.playouts + steep.playouts);
    // The steeper power searches otherwise here, so the answer is the second search's, not the decision's.
    expect(kept.moves).not.toEqual(decision.moves);
    // Its tree is the next move's.
    const next = after(0);
    next.play(kept.move);
    next.play(kept.expectedReply as CellIndex);
    expect((await split.search(next, half)).reusedPlayouts).toBeGreaterThan(0);
    // The centre, swapped: the first search's answer alone.
    const swapped = await new Mcts(cpu, { ...base, movePrior: 2, swapMovePrior: 1, replySearch: true }).search(
      after(40),
      limits,
    );
    expect(swapped).toEqual(await new Mcts(cpu, { ...base, movePrior: 1, swapMovePrior: 1 }).search(after(40), half));
    expect(swapped.move).toBe(SWAP);
  });

  test('the swap decisions take swap-move-prior, whatever the tree’s move-prior', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const base = { ...defaultSettings('cpu', 5), leavesPerRound: 8, playoutsPerLeaf: 64 };
    const atPowers = (movePrior: number, swapMovePrior: number) => new Mcts(cpu, { ...base, movePrior, swapMovePrior });
    const afterB2 = empty(7);
    afterB2.play(8);
    for (const position of [empty(7), afterB2]) {
      const limits = { playouts: 6_000 };
      const steep = await atPowers(2, 1).search(position, limits);
      // The same search as a tree at λ = 1 throughout, move for move and visit for visit.
      expect(steep).toEqual(await atPowers(1, 1).search(position, limits));
      // And not a search at the tree's power: the swap decisions would differ in their visits.
      expect(steep).not.toEqual(await atPowers(2, 2).search(position, limits));
    }
  });
});
