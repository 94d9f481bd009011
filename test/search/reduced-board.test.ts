// Playouts on the reduced board: a leaf below a node is evaluated on the
// node's board with its dead cells filled and its captured pairs given to
// their captors (as knowledge/dead-cells.ts finds them), the leaf's own
// stone on top; without the setting, on the board as it is.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { Selection } from '../../src/search/selection.js';
import { deadCells } from '../../src/search/knowledge/dead-cells.js';
import { randomBoards } from '../helpers/boards.js';
import { spy } from '../helpers/spy-evaluator.js';

const cpu = await createCpuEvaluator(undefined, { workers: 0 });

/** The first random Hex 7 positions, black to move and not over, with both dead cells and a captured pair. */
function positionsWithDeadAndCaptured(count: number): Position[] {
  const g = geometryOf(GameKind.Hex, 7);
  const found: Position[] = [];
  for (const cells of randomBoards(g.cellCount, 5000, 0.55, 77)) {
    let black = 0;
    let white = 0;
    for (const v of cells)
      if (v === Color.Black) black++;
      else if (v === Color.White) white++;
    if (black !== white) continue;
    const p = Position.fromText(GameKind.Hex, 7, Array.from(cells, (v) => '.bw'[v]).join(''), Color.Black);
    if (p.isOver()) continue;
    const { dead, captured } = deadCells(g, cells);
    if (dead.length > 0 && captured.length > 0) found.push(p);
    if (found.length === count) break;
  }
  return found;
}

describe('reduced-board playouts', () => {
  const positions = positionsWithDeadAndCaptured(5);

  test("the root's children are evaluated on the root's reduced board with their own stone; without the setting, as they are", async () => {
    expect(positions).toHaveLength(5);
    for (const root of positions) {
      const reduced = deadCells(root.geometry, root.cells()).filled;
      for (const reducedBoard of [true, false]) {
        const { evaluator, calls } = spy(cpu);
        // Plain UCT expands the root's moves first, so the first round's leaves are all its children.
        const settings = {
          ...defaultSettings('cpu', 4),
          leavesPerRound: 6,
          playoutsPerLeaf: 8,
          selection: Selection.Uct,
          tactics: false,
          solver: false,
          reducedBoard,
        };
        await new Mcts(evaluator, settings).search(root, { playouts: 48 });
        const leaves = calls[0] ?? [];
        expect(leaves.length).toBeGreaterThan(0);
        for (const leaf of leaves) {
          const before = root.cells();
          // Some empty cell of the root got the side to move's stone, and every other cell is the base board's.
          const base = reducedBoard ? reduced : before;
          const matches = [...before.keys()].filter((c) => {
            if (before[c] !== Color.Empty) return false;
            const want = base.slice();
            want[c] = Color.Black;
            return want.every((v, i) => leaf.cells[i] === v);
          });
          // On the reduced board a stone on a cell the fill gave black reads as that cell, whichever it is.
          if (reducedBoard)
            expect(
              matches.length,
              'the leaf is the reduced board with one new stone of the side to move',
            ).toBeGreaterThan(0);
          else expect(matches, 'the leaf is the board with one new stone of the side to move').toHaveLength(1);
        }
      }
    }
  });

  test('a search with it still answers positions the solver decides', async () => {
    for (const root of positions) {
      const result = await new Mcts(cpu, { ...defaultSettings('cpu', 2), reducedBoard: true }).search(root, {
        playouts: 4096,
      });
      expect(root.at(result.move)).toBe(Color.Empty);
    }
  });
});
