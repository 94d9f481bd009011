// The tree alone: a search recorded once and replayed on its own results
// makes the same tree, and a replay that strays is refused.
import { describe, expect, test } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import type { Evaluation, Evaluator } from '../../src/eval/types.js';
import { SearchRecording } from '../../src/bench/replayed-search.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';

const cpu = createCpuEvaluator(undefined, { workers: 0 });
const root = Position.empty(GameKind.Hex, 6, { swap: false });
const settings = { ...defaultSettings('cpu', 11), leavesPerRound: 8, playoutsPerLeaf: 32, roundsInFlight: 3 };
const limits = { playouts: 8 * 32 * 24 };

/** `inner`, with every other call held back a few milliseconds, so that calls in flight finish out of order; `finished` lists the calls as they finish. */
function outOfOrder(inner: Evaluator, finished: number[]): Evaluator {
  let asked = 0;
  return {
    ...inner,
    evaluate: async (positions, options) => {
      const index = asked++;
      const evaluation = await inner.evaluate(positions, options);
      if (index % 2 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      finished.push(index);
      return evaluation;
    },
  };
}

describe('SearchRecording', () => {
  test('a search replayed on its recorded results chooses the same move with the same visits', async () => {
    const recording = new SearchRecording();
    const recorded = await new Mcts(recording.recorder(cpu), settings).search(root, limits);
    expect(recorded.rounds).toBeGreaterThan(1);
    expect(recording.length).toBe(recorded.rounds);
    for (let replay = 0; replay < 2; replay++) {
      const replayed = await new Mcts(recording.replayer(cpu), settings).search(root, limits);
      expect(replayed.move).toBe(recorded.move);
      expect(replayed.playouts).toBe(recorded.playouts);
      expect(replayed.moves).toEqual(recorded.moves);
    }
  });

  test('calls are kept in the order they were asked, whatever order they finish in', async () => {
    const recording = new SearchRecording();
    const finished: number[] = [];
    const recorded = await new Mcts(recording.recorder(outOfOrder(cpu, finished)), settings).search(root, limits);
    expect(finished).not.toEqual([...finished].sort((a, b) => a - b));
    const replayed = await new Mcts(recording.replayer(cpu), settings).search(root, limits);
    expect(replayed.moves).toEqual(recorded.moves);
  });

  test('the replayer answers at once with the recorded evaluation, and lends the backend and concurrency', async () => {
    const recording = new SearchRecording();
    const asked = { geometry: root.geometry, cells: root.cells(), toMove: root.toMove };
    const evaluation = await recording.recorder(cpu).evaluate([asked], { playouts: 64, seed: 5 });
    const replayer = recording.replayer({ ...cpu, concurrency: 7 });
    expect(replayer.concurrency).toBe(7);
    expect(replayer.backend).toBe('cpu');
    const again: Evaluation = await replayer.evaluate([asked], { playouts: 64, seed: 5 });
    expect(again).toBe(evaluation);
  });

  test('a replay that asks for another call, or one more, is refused', async () => {
    const recording = new SearchRecording();
    const asked = { geometry: root.geometry, cells: root.cells(), toMove: root.toMove };
    await recording.recorder(cpu).evaluate([asked], { playouts: 64, seed: 5 });
    const moved = root.clone();
    moved.play(0);
    const other = { geometry: moved.geometry, cells: moved.cells(), toMove: moved.toMove };
    const differing = [
      () => recording.replayer(cpu).evaluate([other], { playouts: 64, seed: 5 }),
      () => recording.replayer(cpu).evaluate([asked], { playouts: 64, seed: 6 }),
      () => recording.replayer(cpu).evaluate([asked], { playouts: 32, seed: 5 }),
      () => recording.replayer(cpu).evaluate([asked], { playouts: 64, seed: 5, ownership: true }),
      () => recording.replayer(cpu).evaluate([asked, asked], { playouts: 64, seed: 5 }),
    ];
    for (const call of differing) await expect(call()).rejects.toThrow("the replayed search's call 1 differs");
    const replayer = recording.replayer(cpu);
    await replayer.evaluate([asked], { playouts: 64, seed: 5 });
    await expect(replayer.evaluate([asked], { playouts: 64, seed: 5 })).rejects.toThrow(
      'the replayed search asked for call 2; 1 were recorded',
    );
    await expect(replayer.decide(root.geometry, [root.cells()])).rejects.toThrow(/recorded evaluate calls only/);
  });

  test('a search with other settings than the recorded one strays, and is refused', async () => {
    const recording = new SearchRecording();
    await new Mcts(recording.recorder(cpu), settings).search(root, limits);
    await expect(
      new Mcts(recording.replayer(cpu), { ...settings, seed: settings.seed + 1 }).search(root, limits),
    ).rejects.toThrow(/differs from the recorded one/);
  });
});
