// PUCT-AMAF's first-play reduction (SearchSettings.fpuReduction): an untried
// slot's value is its tried siblings' mean less R·√(the prior's share tried).
// On a node built by hand, where the scores are known, the untried slot wins
// without the reduction and loses with it; and in a search, the reduction
// leaves the root fewer moves tried in the same leaves.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position, SWAP } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { treeContext } from '../../src/search/tree/context.js';
import { Node } from '../../src/search/tree/node.js';
import { select } from '../../src/search/tree/select.js';

describe('the first-play reduction', () => {
  /**
   * A node with two slots: the first tried, 64 leaves at a win rate of ½,
   * learned weight 1; the second untried, weight 0.02. With c = 4 the tried
   * slot scores ½ + c·8/1.02/65 ≈ 0.983 and the untried one
   * ½ + c·8/1.02·0.02 − R·√(1/1.02) ≈ 1.128 − 0.99·R.
   */
  function chosenSlot(fpuReduction: number): number {
    const settings = { ...defaultSettings('cpu'), fpuReduction };
    const k = settings.playoutsPerLeaf;
    // A root with no last move (SWAP), so no proximity prior applies.
    const node = new Node(SWAP, Color.White);
    node.addAmafSlots([10, 20], Float32Array.of(1, 0.02));
    const kid = node.kidAt(0, Color.Black);
    kid.visits = 64 * k;
    kid.wins = 32 * k;
    node.visits = 64 * k;
    return select(treeContext(settings), node);
  }

  test.each([
    [0, 1],
    [0.1, 1],
    [0.2, 0],
    [0.5, 0],
  ])('R = %f: the search goes into slot %i', (reduction, slot) => {
    expect(chosenSlot(reduction)).toBe(slot);
  });

  test('leaves fewer root moves tried in the same leaves of a search', async () => {
    const cpu = await createCpuEvaluator(undefined, { workers: 0 });
    const tried = async (fpuReduction: number) => {
      const position = new Position(geometryOf(GameKind.Hex, 7));
      position.play(position.geometry.index(3, 3));
      position.play(position.geometry.index(2, 4));
      const search = new Mcts(cpu, { ...defaultSettings('cpu', 5), fpuReduction });
      const result = await search.search(position, { playouts: 256 * 400 });
      return result.moves.length;
    };
    const without = await tried(0);
    const withIt = await tried(0.5);
    expect(withIt).toBeLessThan(without);
    cpu.destroy();
  });
});
