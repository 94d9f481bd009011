// h-search-recheck: below a node H-search has looked at, the side to move's
// own connection of the game is looked for only with the setting on. The
// calls are counted through the module, and every proof the tree makes
// without them is checked against the exact solver.
import { describe, expect, test, vi } from 'vitest';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, type SearchSettings, defaultSettings } from '../../src/search/mcts.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { middleGames } from '../helpers/middle-games.js';

const ownLooks = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/search/knowledge/h-search.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/search/knowledge/h-search.js')>();
  return {
    ...real,
    hasGameConnection: (...args: Parameters<typeof real.hasGameConnection>) => {
      ownLooks.count++;
      return real.hasGameConnection(...args);
    },
  };
});

const cpu = await createCpuEvaluator();

describe('h-search-recheck', () => {
  // Thresholds of 1: the root and every node the tree goes below are H-searched at once, so every node's parent was.
  const settings = (hSearchRecheck: boolean): SearchSettings => ({
    ...defaultSettings('cpu', 9),
    leavesPerRound: 8,
    playoutsPerLeaf: 16,
    solver: false,
    knowledgeThreshold: 1,
    hSearchThreshold: 1,
    hSearchRecheck,
  });

  test('off: no node below an H-searched one is H-searched for its own connection, and every proof is the solver’s; on: they are', async () => {
    let lookedOff = 0;
    let lookedOn = 0;
    for (const p of middleGames(5, 6, 3811, { emptyShare: 0.55, winnable: true })) {
      ownLooks.count = 0;
      const off = await new Mcts(cpu, settings(false)).search(p, { playouts: 16 * 8 * 12 });
      lookedOff += ownLooks.count;
      for (const m of off.moves) {
        if (m.proven === undefined) continue;
        const child = p.clone();
        child.play(m.move);
        expect(m.proven).toBe(child.isOver() || !solve(child).wins ? 'won' : 'lost');
      }
      ownLooks.count = 0;
      await new Mcts(cpu, settings(true)).search(p, { playouts: 16 * 8 * 12 });
      lookedOn += ownLooks.count;
    }
    expect(lookedOff).toBe(0);
    expect(lookedOn).toBeGreaterThan(0);
  });
});
