// h-search-lag: a tree node's H-search made off the search's thread and
// applied a fixed number of rounds later. The thread's answers are checked
// against the same knowledge on this thread, the searches against the
// exact solver, and a search with a playout limit against itself.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, type SearchSettings, defaultSettings } from '../../src/search/mcts.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { knowledgeThread } from '../../src/search/knowledge/knowledge-thread.js';
import { type KnowledgeJob, type WorthSearching, answerJob } from '../../src/search/knowledge/worth-searching.js';
import { DEFAULT_TACTICS } from '../../src/search/knowledge/tactics.js';
import { DeferredKnowledge } from '../../src/search/tree/deferred-knowledge.js';
import { Node } from '../../src/search/tree/node.js';
import { middleGames } from '../helpers/middle-games.js';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const cpu = await createCpuEvaluator();

describe('the knowledge thread', () => {
  test('the built package starts it from dist/knowledge-worker.js, and Node exits after a search', () => {
    ensureBuilt();
    // Worker is wrapped before the package loads, to see which scripts start threads.
    const script = `
      import threads from 'node:worker_threads';
      import { syncBuiltinESMExports } from 'node:module';
      const started = [];
      const Original = threads.Worker;
      threads.Worker = class extends Original {
        constructor(file, options) { super(file, options); started.push(String(file).split('/').pop()); }
      };
      syncBuiltinESMExports();
      const { Mcts, Position, createCpuEvaluator, defaultSettings } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});
      const cpu = createCpuEvaluator(undefined, { workers: 0 });
      const settings = { ...defaultSettings('cpu', 5), leavesPerRound: 8, playoutsPerLeaf: 16, knowledgeThreshold: 1, hSearchThreshold: 1, hSearchLag: 2 };
      const position = Position.empty('hex', 7, { swap: false });
      for (const cell of [24, 17, 31]) position.play(cell);
      const result = await new Mcts(cpu, settings).search(position, { playouts: 16 * 8 * 20 });
      console.log(JSON.stringify({ started, moves: result.moves.length > 0 }));
    `;
    // A thread left referenced would keep the child alive until the timeout kills it.
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(out)).toEqual({ started: ['knowledge-worker.js'], moves: true });
  });

  test('answers every job as this thread does', async () => {
    const thread = knowledgeThread();
    expect(thread).not.toBeNull();
    const jobs: KnowledgeJob[] = middleGames(9, 24, 5150, { emptyShare: 0.6, winnable: false }).map((p, i) => ({
      game: GameKind.Hex,
      size: 9,
      cells: p.cells(),
      toMove: p.toMove,
      tactics: [...DEFAULT_TACTICS],
      reach: { mayProve: true, hSearch: true, ownConnection: i % 2 === 0 },
    }));
    const answers = await Promise.all(jobs.map((job) => thread!.answer(job)));
    expect(answers).toEqual(jobs.map(answerJob));
    // Not all alike: some prove, some narrow.
    expect(answers.some((a) => Array.isArray(a))).toBe(true);
    expect(answers.some((a) => a !== null && !Array.isArray(a))).toBe(true);
  });
});

describe('DeferredKnowledge', () => {
  test('applies a finding before the round `lag` rounds after it was asked for, oldest first, and drops the rest', async () => {
    const deferred = new DeferredKnowledge(3);
    const job: KnowledgeJob = {
      game: GameKind.Hex,
      size: 5,
      cells: Position.empty(GameKind.Hex, 5).cells(),
      toMove: 1,
      tactics: [...DEFAULT_TACTICS],
      reach: { mayProve: true, hSearch: true, ownConnection: true },
    };
    const [a, b, c] = [new Node(0, 2), new Node(1, 2), new Node(2, 2)];
    const applied: Node[] = [];
    const apply = (node: Node) => void applied.push(node);
    await deferred.applyDue(0, apply);
    deferred.ask(a, [a], job);
    await deferred.applyDue(1, apply);
    deferred.ask(b, [b], job);
    await deferred.applyDue(2, apply);
    expect(applied).toEqual([]);
    await deferred.applyDue(3, apply);
    expect(applied).toEqual([a]);
    deferred.ask(c, [c], job);
    await deferred.applyDue(4, apply);
    expect(applied).toEqual([a, b]);
    const forgotten: Node[] = [];
    deferred.dropAll((node) => void forgotten.push(node));
    expect(forgotten).toEqual([c]);
    await deferred.applyDue(100, apply);
    expect(applied).toEqual([a, b]);
  });
});

describe('DeferredKnowledge under a time limit', () => {
  test('applies what is in at once, and waits for a due finding no later than the deadline', async () => {
    const never = new Promise<WorthSearching>(() => {});
    const answers = [Promise.resolve<WorthSearching>([1, 2]), never];
    const deferred = new DeferredKnowledge(100, () => answers.shift() as Promise<WorthSearching>);
    const [a, b] = [new Node(0, 2), new Node(1, 2)];
    const applied: Node[] = [];
    const apply = (node: Node) => void applied.push(node);
    const job = {} as KnowledgeJob; // never read: the answers above stand in for the thread's
    deferred.ask(a, [a], job);
    deferred.ask(b, [b], job);
    await Promise.resolve();
    // a is in, long before its round: it applies at once; b is not.
    await deferred.applyDue(1, apply, performance.now() + 60_000);
    expect(applied).toEqual([a]);
    // b is due and never comes: the wait ends at the deadline.
    const start = performance.now();
    await deferred.applyDue(100, apply, start + 30);
    const waited = performance.now() - start;
    expect(applied).toEqual([a]);
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(5_000);
  });
});

describe('h-search-lag', () => {
  // Thresholds of 1: every node the tree goes below is H-searched, most of them deferred.
  const settings = (hSearchLag: number): SearchSettings => ({
    ...defaultSettings('cpu', 21),
    leavesPerRound: 8,
    playoutsPerLeaf: 16,
    solver: false,
    knowledgeThreshold: 1,
    hSearchThreshold: 2,
    hSearchLag,
  });

  test('every proof the tree makes is the solver’s', async () => {
    let proofs = 0;
    for (const p of middleGames(5, 6, 9127, { emptyShare: 0.55, winnable: true })) {
      const result = await new Mcts(cpu, settings(2)).search(p, { playouts: 16 * 8 * 12 });
      for (const m of result.moves) {
        if (m.proven === undefined) continue;
        proofs++;
        const child = p.clone();
        child.play(m.move);
        expect(m.proven).toBe(child.isOver() || !solve(child).wins ? 'won' : 'lost');
      }
    }
    expect(proofs).toBeGreaterThan(0);
  });

  test('a playout limit fixes the result, whatever the thread’s timing; the lag changes the search', async () => {
    const run = (p: Position, lag: number) => new Mcts(cpu, settings(lag)).search(p, { playouts: 16 * 8 * 40 });
    let searched = 0;
    for (const p of middleGames(7, 4, 6203, { emptyShare: 0.8, winnable: false })) {
      const first = await run(p, 3);
      if (first.moves.length < 5) continue; // decided before any round
      searched++;
      expect((await run(p, 3)).moves).toEqual(first.moves);
      expect((await run(p, 0)).moves).not.toEqual(first.moves);
    }
    expect(searched).toBeGreaterThan(0);
  });
});
