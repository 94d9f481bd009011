// The batched search: one evaluate call per round of distinct leaves,
// deterministic for a seed, reusing its tree, and choosing moves the exact
// solver (an independent oracle) proves winning.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import type { EvalPosition, Evaluator } from '../../src/eval/types.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { solve } from '../../src/search/solver.js';

const cpu = await createCpuEvaluator();

/** The CPU evaluator, recording every request. */
function spy(inner: Evaluator): { evaluator: Evaluator; calls: EvalPosition[][] } {
  const calls: EvalPosition[][] = [];
  const evaluator: Evaluator = {
    ...inner,
    evaluate: (positions, options) => {
      calls.push([...positions]);
      return inner.evaluate(positions, options);
    },
  };
  return { evaluator, calls };
}

function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('batched MCTS', () => {
  test('each round is one evaluate call of B distinct leaves with K playouts', async () => {
    const { evaluator, calls } = spy(cpu);
    const settings = { ...defaultSettings('cpu', 3), leavesPerRound: 12, playoutsPerLeaf: 8, tactics: false };
    const result = await new Mcts(evaluator, settings).search(Position.empty(GameKind.Hex, 7), { playouts: 12 * 8 * 6 });
    expect(result.rounds).toBe(6);
    expect(calls).toHaveLength(6);
    for (const call of calls) {
      expect(call).toHaveLength(12);
      const boards = new Set(call.map((p) => `${p.toMove}:${p.cells.join('')}`));
      expect(boards.size).toBe(12);
    }
    expect(result.playouts).toBe(12 * 8 * 6);
  });

  test('reports every round as it goes, ending where the result ends', async () => {
    const seen: { playouts: number; rounds: number; visits: number }[] = [];
    const settings = { ...defaultSettings('cpu', 4), leavesPerRound: 6, playoutsPerLeaf: 8, tactics: false };
    const result = await new Mcts(cpu, settings).search(Position.empty(GameKind.Hex, 5), {
      playouts: 6 * 8 * 5,
      onProgress: (p) => seen.push({ playouts: p.playouts, rounds: p.rounds, visits: p.moves.reduce((s, m) => s + m.visits, 0) }),
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

  test('deterministic for a seed under a playout limit; another seed differs', async () => {
    const p = Position.fromText(GameKind.Hex, 6, 'b'.padEnd(36, '.'), Color.White);
    const run = (seed: number) => new Mcts(cpu, defaultSettings('cpu', seed)).search(p, { playouts: 1500 });
    const a = await run(5);
    const b = await run(5);
    const c = await run(6);
    expect(b).toEqual(a);
    expect(c.moves).not.toEqual(a.moves);
  });

  test('reuses the subtree after its move and the reply', async () => {
    const m = new Mcts(cpu, defaultSettings('cpu', 1));
    const p = Position.empty(GameKind.Hex, 5, { swap: false });
    const first = await m.search(p, { playouts: 3000 });
    expect(first.reusedPlayouts).toBe(0);
    p.play(first.move);
    expect(first.expectedReply).not.toBeNull();
    p.play(first.expectedReply ?? 0);
    const second = await m.search(p, { playouts: 500 });
    expect(second.reusedPlayouts).toBeGreaterThan(0);
    // A position outside the old tree starts afresh.
    const other = await m.search(Position.fromText(GameKind.Hex, 5, 'bbw'.padEnd(25, '.'), Color.White), { playouts: 200 });
    expect(other.reusedPlayouts).toBe(0);
  });

  test('on small boards the first move is among the solver\'s winning moves', async () => {
    const rng = lcg(11);
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
      const settings = { ...defaultSettings('cpu', tried), leavesPerRound: 8, playoutsPerLeaf: 16, solver: false };
      const r = await new Mcts(cpu, settings).search(p, { playouts: 60_000 });
      tried++;
      if (sol.winningMoves.includes(r.move as number)) right++;
    }
    expect(right / tried).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  test('proofs climb the tree: with enough playouts a small board is solved, and the move is a proven win', async () => {
    // Hex 3 from empty, tactics and root solver off: only the tree's own
    // proofs (won leaves, then MCTS-Solver) can stop the search early.
    const p = Position.empty(GameKind.Hex, 3, { swap: false });
    const settings = { ...defaultSettings('cpu', 2), leavesPerRound: 4, playoutsPerLeaf: 8, tactics: false, solver: false };
    const r = await new Mcts(cpu, settings).search(p, { playouts: 10_000_000 });
    expect(r.playouts).toBeLessThan(10_000_000);
    expect(solve(p).winningMoves).toContain(r.move);
  });

  test('the root solver plays a proven winning move at once, and stays out of early positions', async () => {
    const rng = lcg(5);
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
    const early = await new Mcts(cpu, defaultSettings('cpu', 1)).search(Position.empty(GameKind.Hex, 11), { playouts: 2048 });
    expect(early.tactic).toBeNull();
    expect(early.rounds).toBeGreaterThan(0);
  });
});
