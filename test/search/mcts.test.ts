// The batched search: one evaluate call per round of distinct leaves,
// deterministic for a seed, reusing its tree, and choosing moves the exact
// solver (an independent oracle) proves winning.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import type { EvalPosition, EvaluateOptions, Evaluator, PositionResult } from '../../src/eval/types.js';
import { Mcts, defaultRoundsInFlight, defaultSettings } from '../../src/search/mcts.js';
import { SELECTIONS, Selection } from '../../src/search/selection.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { TACTICS } from '../../src/search/knowledge/tactics.js';
import { lcgRandom } from '../helpers/boards.js';
import { spy } from '../helpers/spy-evaluator.js';

const cpu = await createCpuEvaluator();

/**
 * The CPU evaluator with each call held a little (so that later rounds are
 * chosen while it runs), counting the most calls ever running at once and,
 * as each call is made, how many earlier calls had finished.
 */
function overlapping(concurrency: number): {
  evaluator: Evaluator;
  most: () => number;
  finishedAtCall: readonly number[];
} {
  let running = 0;
  let finished = 0;
  let most = 0;
  const finishedAtCall: number[] = [];
  const evaluator: Evaluator = {
    ...cpu,
    concurrency,
    evaluate: async (positions, options) => {
      finishedAtCall.push(finished);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      try {
        return await cpu.evaluate(positions, options);
      } finally {
        running--;
        finished++;
      }
    },
  };
  return { evaluator, most: () => most, finishedAtCall };
}

describe('batched MCTS', () => {
  test('each round is one evaluate call of B distinct leaves with K playouts', async () => {
    const { evaluator, calls } = spy(cpu);
    const settings = { ...defaultSettings('cpu', 3), leavesPerRound: 12, playoutsPerLeaf: 8, tactics: false };
    const result = await new Mcts(evaluator, settings).search(Position.empty(GameKind.Hex, 7, { swap: false }), {
      playouts: 12 * 8 * 6,
    });
    expect(result.rounds).toBe(6);
    expect(calls).toHaveLength(6);
    for (const call of calls) {
      expect(call).toHaveLength(12);
      const boards = new Set(call.map((p) => `${p.toMove}:${p.cells.join('')}`));
      expect(boards.size).toBe(12);
    }
    expect(result.playouts).toBe(12 * 8 * 6);
  });

  test.each([1, 3])(
    'expand-at %i: a node is a leaf that many times before its children are, and never more',
    async (expandAt) => {
      const { evaluator, calls } = spy(cpu);
      const settings = {
        ...defaultSettings('cpu', 4),
        leavesPerRound: 2,
        playoutsPerLeaf: 8,
        tactics: false,
        solver: false,
        reducedBoard: false,
        expandAt,
      };
      await new Mcts(evaluator, settings).search(Position.empty(GameKind.Hex, 3, { swap: false }), {
        playouts: 8 * 2 * 40,
      });
      // Below the empty root a 1-stone board is a root child, and a 2-stone board its child with black's stone.
      const seen = new Map<string, number>();
      const key = (cells: ArrayLike<number>) => Array.from(cells).join('');
      let deepest = 0;
      for (const call of calls)
        for (const p of call) {
          const stones = p.cells.filter((c) => c !== Color.Empty);
          deepest = Math.max(deepest, stones.length);
          if (stones.length === 2) {
            const parent = p.cells.map((c) => (c === Color.White ? Color.Empty : c));
            expect(seen.get(key(parent))).toBeGreaterThanOrEqual(expandAt);
          }
          // Deeper boards can be reached by two move orders, two nodes.
          if (stones.length <= 2) seen.set(key(p.cells), (seen.get(key(p.cells)) ?? 0) + 1);
        }
      expect(Math.max(...seen.values())).toBe(expandAt);
      expect(deepest).toBeGreaterThanOrEqual(2);
    },
  );

  test('reports every round as it goes, ending where the result ends', async () => {
    const seen: { playouts: number; rounds: number; visits: number }[] = [];
    const settings = { ...defaultSettings('cpu', 4), leavesPerRound: 6, playoutsPerLeaf: 8, tactics: false };
    const result = await new Mcts(cpu, settings).search(Position.empty(GameKind.Hex, 5, { swap: false }), {
      playouts: 6 * 8 * 5,
      onProgress: (p) =>
        seen.push({ playouts: p.playouts, rounds: p.rounds, visits: p.moves.reduce((s, m) => s + m.visits, 0) }),
    });
    expect(seen.map((p) => p.rounds)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((p) => p.playouts)).toEqual([48, 96, 144, 192, 240]);
    // Every counted playout sits below one root move once its round is backed up.
    for (const p of seen) expect(p.visits).toBe(p.playouts);
    expect(seen.at(-1)?.playouts).toBe(result.playouts);
  });

  test('an abort stops the search between rounds, leaving a whole tree that the next search reuses', async () => {
    const settings = { ...defaultSettings('cpu', 4), leavesPerRound: 6, playoutsPerLeaf: 8, tactics: false };
    const m = new Mcts(cpu, settings);
    const p = Position.empty(GameKind.Hex, 5, { swap: false });
    const stop = new AbortController();
    const rounds: number[] = [];
    const reason = new Error('taken back');
    const aborted = m.search(p, {
      playouts: 6 * 8 * 10,
      signal: stop.signal,
      onProgress: (progress) => {
        rounds.push(progress.rounds);
        if (progress.rounds === 2) stop.abort(reason);
      },
    });
    await expect(aborted).rejects.toBe(reason);
    expect(rounds).toEqual([1, 2]);
    // The two rounds backed up before the abort are all there, and no virtual loss is left over.
    const again = await m.search(p, { playouts: 6 * 8 });
    expect(again.reusedPlayouts).toBe(2 * 6 * 8);
    expect(again.moves.reduce((s, mv) => s + mv.visits, 0)).toBe(3 * 6 * 8);
  });

  test.each(SELECTIONS)(
    'deterministic for a seed under a playout limit; another seed differs (%s)',
    async (selection) => {
      const p = Position.fromText(GameKind.Hex, 6, 'b'.padEnd(36, '.'), Color.White);
      const run = (seed: number) =>
        new Mcts(cpu, { ...defaultSettings('cpu', seed), selection }).search(p, { playouts: 3000 });
      const a = await run(5);
      const b = await run(5);
      const c = await run(6);
      expect(b).toEqual(a);
      expect(c.moves).not.toEqual(a.moves);
    },
  );

  test('the second round is chosen only once the first is back, however many may be in flight', async () => {
    const { evaluator: held, finishedAtCall } = overlapping(3);
    await new Mcts(held, {
      ...defaultSettings('cpu', 4),
      leavesPerRound: 4,
      playoutsPerLeaf: 8,
      tactics: false,
      roundsInFlight: 3,
    }).search(Position.empty(GameKind.Hex, 5, { swap: false }), { playouts: 4 * 8 * 5 });
    // Round 2 waits for round 1; from then on three run at once, so round 4 goes out before round 2 is back.
    expect(finishedAtCall).toEqual([0, 1, 1, 1, 2]);
  });

  test.each([1, 2, 3])(
    'with %i evaluate calls in flight: that many run at once, and a seed still fixes the result',
    async (roundsInFlight) => {
      const { evaluator: counting, most } = overlapping(1);
      const p = Position.empty(GameKind.Hex, 6, { swap: false });
      const settings = { ...defaultSettings('cpu', 9), leavesPerRound: 6, playoutsPerLeaf: 16, roundsInFlight };
      const a = await new Mcts(counting, settings).search(p, { playouts: 6 * 16 * 12 });
      expect(most()).toBe(roundsInFlight);
      const b = await new Mcts(cpu, settings).search(p, { playouts: 6 * 16 * 12 });
      expect(b).toEqual(a);
      expect(a.moves.reduce((s, m) => s + m.visits, 0)).toBe(a.playouts);
    },
  );

  test.each([
    [1, 1],
    [2, 3],
    [3, 4],
  ])(
    'without a setting, an evaluator of concurrency %i gets %i rounds in flight (one more where several threads play)',
    async (concurrency, rounds) => {
      const { evaluator, most } = overlapping(concurrency);
      const settings = { ...defaultSettings('cpu', 9), leavesPerRound: 4, playoutsPerLeaf: 16 };
      expect(settings.roundsInFlight).toBeUndefined();
      expect(defaultRoundsInFlight(evaluator)).toBe(rounds);
      await new Mcts(evaluator, settings).search(Position.empty(GameKind.Hex, 6, { swap: false }), {
        playouts: 4 * 16 * 10,
      });
      expect(most()).toBe(rounds);
    },
  );

  test('a failed evaluate call rejects the search and takes its virtual losses back', async () => {
    let calls = 0;
    const failing: Evaluator = {
      ...cpu,
      evaluate: (positions, options) =>
        ++calls === 3 ? Promise.reject(new Error('device lost')) : cpu.evaluate(positions, options),
    };
    const settings = {
      ...defaultSettings('cpu', 2),
      leavesPerRound: 6,
      playoutsPerLeaf: 8,
      tactics: false,
      roundsInFlight: 2,
    };
    const m = new Mcts(failing, settings);
    const p = Position.empty(GameKind.Hex, 5, { swap: false });
    await expect(m.search(p, { playouts: 6 * 8 * 10 })).rejects.toThrow('device lost');
    // Rounds 1, 2 and 4 were backed up (4 was in flight when 3 failed); 3, and 5 (chosen, never sent), left nothing behind.
    const again = await m.search(p, { playouts: 6 * 8 });
    expect(again.reusedPlayouts).toBe(3 * 6 * 8);
    expect(again.moves.reduce((s, mv) => s + mv.visits, 0)).toBe(4 * 6 * 8);
  });

  test('reuses the subtree after its move and the reply', async () => {
    // Without leaf-vc, mustplay and h-search, which prove Hex 5's centre won at
    // once (a ziggurat to each edge), so that its node would have no reply to reuse.
    const m = new Mcts(cpu, {
      ...defaultSettings('cpu', 1),
      tactics: new Set(TACTICS.filter((t) => t !== 'leaf-vc' && t !== 'mustplay' && t !== 'h-search')),
    });
    const p = Position.empty(GameKind.Hex, 5, { swap: false });
    const first = await m.search(p, { playouts: 6000 });
    expect(first.reusedPlayouts).toBe(0);
    p.play(first.move);
    expect(first.expectedReply).not.toBeNull();
    p.play(first.expectedReply ?? 0);
    const second = await m.search(p, { playouts: 500 });
    expect(second.reusedPlayouts).toBeGreaterThan(0);
    // A position outside the old tree starts afresh.
    const other = await m.search(Position.fromText(GameKind.Hex, 5, 'bbw'.padEnd(25, '.'), Color.White), {
      playouts: 200,
    });
    expect(other.reusedPlayouts).toBe(0);
  });

  test.each(SELECTIONS)(
    "on small boards the first move is among the solver's winning moves (%s)",
    async (selection) => {
      const rng = lcgRandom(11);
      let tried = 0;
      let right = 0;
      const cases: Position[] = [Position.empty(GameKind.Hex, 3, { swap: false }), Position.empty(GameKind.Y, 4)];
      while (cases.length < 12) {
        const game = rng() < 0.5 ? GameKind.Hex : GameKind.Y;
        const p = Position.empty(game, game === GameKind.Hex ? 4 : 5, { swap: false });
        for (let s = 0; s < 3 + Math.floor(rng() * 4) && !p.isOver(); s++) {
          const moves = p.legalMoves();
          p.play(moves[Math.floor(rng() * moves.length)] as number);
        }
        if (p.isOver()) continue;
        const sol = solve(p);
        // Only positions where the choice matters: winning, but not with every move.
        if (sol.wins && sol.winningMoves.length < p.legalMoves().length) cases.push(p);
      }
      for (const p of cases) {
        const sol = solve(p);
        // Small boards need a deeper tree more than cheap playouts: small K, more leaves.
        // The root solver off: this tests the tree search, not the solver.
        const settings = {
          ...defaultSettings('cpu', tried),
          leavesPerRound: 8,
          playoutsPerLeaf: 16,
          selection,
          solver: false,
        };
        const r = await new Mcts(cpu, settings).search(p, { playouts: 60_000 });
        tried++;
        if (sol.winningMoves.includes(r.move as number)) right++;
      }
      expect(right / tried).toBeGreaterThanOrEqual(0.9);
    },
    60_000,
  );

  test('proofs climb the tree: with enough playouts a small board is solved, and the move is a proven win', async () => {
    // Hex 3 from empty, tactics and root solver off: only the tree's own
    // proofs (won leaves, then MCTS-Solver) can stop the search early.
    const p = Position.empty(GameKind.Hex, 3, { swap: false });
    const settings = {
      ...defaultSettings('cpu', 2),
      leavesPerRound: 4,
      playoutsPerLeaf: 8,
      tactics: false,
      solver: false,
    };
    const r = await new Mcts(cpu, settings).search(p, { playouts: 10_000_000 });
    expect(r.playouts).toBeLessThan(10_000_000);
    expect(solve(p).winningMoves).toContain(r.move);
  });

  test('the root solver plays a proven winning move at once, and stays out of early positions', async () => {
    const rng = lcgRandom(5);
    let solved = 0;
    for (let n = 0; n < 8; n++) {
      const p = Position.empty(GameKind.Hex, 4, { swap: false });
      for (let s = 0; s < 2 + Math.floor(rng() * 3) && !p.isOver(); s++) {
        const moves = p.legalMoves();
        p.play(moves[Math.floor(rng() * moves.length)] as number);
      }
      if (p.isOver()) continue;
      const sol = solve(p);
      const r = await new Mcts(cpu, defaultSettings('cpu', n)).search(p, { playouts: 50_000 });
      if (r.tactic === 'solver') {
        solved++;
        expect(sol.winningMoves).toContain(r.move);
        expect(r.playouts).toBe(0);
      }
      // A lost position is never "proven won".
      if (!sol.wins) expect(r.tactic).not.toBe('solver');
    }
    expect(solved).toBeGreaterThan(0);
    // Hex 11 from empty has 121 empty cells: far past the solver's reach, so the tree searches.
    const early = await new Mcts(cpu, defaultSettings('cpu', 1)).search(Position.empty(GameKind.Hex, 11), {
      playouts: 2048,
    });
    expect(early.tactic).toBeNull();
    expect(early.rounds).toBeGreaterThan(0);
  });
});

/**
 * An evaluator whose every leaf ends the same way, K = 10 playouts of which
 * black wins 6, with hand-chosen ownership: a stone's cell is its owner's in
 * every playout; an empty cell c is black's in 2 + c playouts, of which black
 * wins 1. It records each call's options.
 */
function fixedOutcome(): { evaluator: Evaluator; options: EvaluateOptions[] } {
  const options: EvaluateOptions[] = [];
  const outcome = (p: EvalPosition): PositionResult => {
    const playouts = 10;
    const blackWins = 6;
    const blackOwned = Uint32Array.from(p.cells, (v, c) =>
      v === Color.Black ? playouts : v === Color.White ? 0 : 2 + c,
    );
    const blackOwnedBlackWon = Array.from(p.cells, (v) => (v === Color.Black ? blackWins : v === Color.White ? 0 : 1));
    // ownership = BB + WW, the joint counts the evaluator's three determine (src/eval/amaf.ts).
    const ownership = Uint32Array.from(
      blackOwnedBlackWon,
      (bb, c) => 2 * bb - (blackOwned[c] as number) - blackWins + playouts,
    );
    return { playouts, blackWins, whiteWins: playouts - blackWins, winRate: 0, ownership, blackOwned };
  };
  const evaluator: Evaluator = {
    ...cpu,
    evaluate: (positions, o) => {
      options.push(o);
      return Promise.resolve({
        results: positions.map(outcome),
        stats: { backend: 'cpu', dispatches: 0, kernelMs: null, wallMs: 0 },
      });
    },
  };
  return { evaluator, options };
}

describe('AMAF statistics (UCT-RAVE and PUCT-AMAF)', () => {
  // One round of B = 4 leaves on a board with 4 (or 3) empty cells: the
  // virtual loss sends each descent to another root move, so every root move
  // is a leaf once, and each root move's AMAF counts sum the 4 (3) leaves'.
  // The root solver off: a 2×2 board would be solved before any playout.
  // AMAF counts from the first leaf, and priors remade after every back-up, so that one round shows them.
  const oneRound = {
    ...defaultSettings('cpu', 2),
    leavesPerRound: 4,
    playoutsPerLeaf: 10,
    tactics: false,
    solver: false,
    raveEquivalence: 1000,
    movePrior: 0,
    reducedBoard: false,
    amafFrom: 0,
    priorRefresh: 0,
  };
  const AMAF_RULES = [Selection.UctRave, Selection.PuctAmaf];

  test.each(AMAF_RULES)("AMAF counts of black's root moves, by hand (%s)", async (selection) => {
    const { evaluator, options } = fixedOutcome();
    const r = await new Mcts(evaluator, { ...oneRound, selection }).search(
      Position.empty(GameKind.Hex, 2, { swap: false }),
      { playouts: 40 },
    );
    expect(options.map((o) => o.ownership)).toEqual([true]);
    // Move c: black owns cell c in 10 playouts of leaf c and 2 + c of each other leaf, and wins 6 and 1 of them.
    const amaf = r.moves
      .map((m) => [m.move, m.amafVisits, m.amafWinRate])
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(amaf).toEqual([0, 1, 2, 3].map((c) => [c, 10 + 3 * (2 + c), 9 / (10 + 3 * (2 + c))]));
    expect(r.moves.map((m) => [m.visits, m.winRate])).toEqual(Array(4).fill([10, 0.6]));
  });

  test.each(AMAF_RULES)(
    'amaf-from: a node keeps AMAF counts from the descent that finds it with that many leaves (%s)',
    async (selection) => {
      const search = async (amafFrom: number) => {
        const { evaluator } = fixedOutcome();
        const r = await new Mcts(evaluator, { ...oneRound, selection, amafFrom }).search(
          Position.empty(GameKind.Hex, 2, { swap: false }),
          { playouts: 40 },
        );
        return r.moves.map((m) => [m.move, m.amafVisits]).sort((a, b) => (a[0] as number) - (b[0] as number));
      };
      // The root has 10 visits (one leaf, counted as it goes down) at the round's second descent: every leaf is counted.
      expect(await search(1)).toEqual([0, 1, 2, 3].map((c) => [c, 10 + 3 * (2 + c)]));
      // The round's 4 leaves never make 5: no counts.
      expect(await search(5)).toEqual([0, 1, 2, 3].map((c) => [c, 0]));
    },
  );

  test.each(AMAF_RULES)("AMAF counts of white's root moves, by hand (%s)", async (selection) => {
    const { evaluator } = fixedOutcome();
    const r = await new Mcts(evaluator, { ...oneRound, selection, leavesPerRound: 3 }).search(
      Position.fromText(GameKind.Hex, 2, 'b...', Color.White),
      { playouts: 30 },
    );
    // Move w: white owns cell w in 10 playouts of leaf w and 10 − (2 + w) of each other leaf,
    // and wins all 4 white wins of leaf w and 10 − 6 − 2 · 1 − (2 + w − 1) = 3 − w... of the others:
    // owner-won = 2 · 1 − (2 + w) − 6 + 10 = 4 − w, less black's 1.
    const amaf = r.moves
      .map((m) => [m.move, m.amafVisits, m.amafWinRate])
      .sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(amaf).toEqual([1, 2, 3].map((w) => [w, 10 + 2 * (8 - w), (4 + 2 * (3 - w)) / (10 + 2 * (8 - w))]));
  });

  test("PUCT-AMAF: when the children's own values tie, the next leaf goes to the highest AMAF value", async () => {
    // The first round gives each root move one leaf of 10 playouts, 6 won:
    // their own values and visits tie, so the prior alone decides the second
    // round's one leaf (chosen once the first is backed up, never blind):
    // cell 0's AMAF value 9 / 16 is the highest.
    const { evaluator } = fixedOutcome();
    const r = await new Mcts(evaluator, { ...oneRound, selection: Selection.PuctAmaf }).search(
      Position.empty(GameKind.Hex, 2, { swap: false }),
      { playouts: 50 },
    );
    expect(r.rounds).toBe(2);
    expect(r.moves.map((m) => [m.move, m.visits]).sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual([
      [0, 20],
      [1, 10],
      [2, 10],
      [3, 10],
    ]);
  });

  test('plain UCT asks for no ownership', async () => {
    const { evaluator, options } = fixedOutcome();
    await new Mcts(evaluator, { ...oneRound, selection: Selection.Uct }).search(
      Position.empty(GameKind.Hex, 2, { swap: false }),
      { playouts: 40 },
    );
    expect(options.map((o) => o.ownership)).toEqual([undefined]);
  });

  test.each(AMAF_RULES)(
    'a proven child keeps its exact value: the one winning move is found (%s)',
    async (selection) => {
      // Hex 4, white to move: only b3 (cell 9) wins. Black refutes a4 (cell
      // 12) with c3, after which black must soon block a win in one, and every
      // other black move there is a proven loss. Blended with their AMAF
      // values those losses once looked fine, so the refutation was never
      // seen and the search chose a4.
      const p = Position.fromText(GameKind.Hex, 4, '..bwb..b...w....', Color.White);
      expect(solve(p).winningMoves).toEqual([9]);
      const settings = {
        ...defaultSettings('cpu', 5),
        leavesPerRound: 8,
        playoutsPerLeaf: 16,
        selection,
        solver: false,
      };
      expect((await new Mcts(cpu, settings).search(p, { playouts: 60_000 })).move).toBe(9);
    },
  );
});
