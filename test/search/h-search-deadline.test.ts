// A timed search's H-search at a tree node gives up at the move's deadline:
// H-search throws PastDeadline, and the node is pruned as it would be
// without H-search, to be H-searched when next reached. Given the time, the
// retry knows what a search with no deadline knows.
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import type { Position } from '../../src/game/position.js';
import { defaultSettings } from '../../src/search/mcts.js';
import {
  DEFAULT_H_SEARCH_LIMITS,
  PastDeadline,
  gameConnections,
  hasGameConnection,
} from '../../src/search/knowledge/h-search.js';
import { movesWorthSearching } from '../../src/search/knowledge/worth-searching.js';
import { treeContext } from '../../src/search/tree/context.js';
import { Node } from '../../src/search/tree/node.js';
import { prepareMoves } from '../../src/search/tree/prune.js';
import { middleGames } from '../helpers/middle-games.js';

const positions = middleGames(9, 16, 4021, { emptyShare: 0.7, winnable: false });

describe('H-search with a deadline', () => {
  test('throws PastDeadline once the deadline has passed, and finds what it finds with none before it', () => {
    for (const p of positions) {
      const g = p.geometry;
      const cells = p.cells();
      for (const player of [Color.Black, Color.White] as const) {
        expect(() => gameConnections(g, cells, player, DEFAULT_H_SEARCH_LIMITS, 0)).toThrow(PastDeadline);
        expect(() => hasGameConnection(g, cells, player, 0)).toThrow(PastDeadline);
        const later = performance.now() + 60_000;
        expect(gameConnections(g, cells, player, DEFAULT_H_SEARCH_LIMITS, later)).toEqual(
          gameConnections(g, cells, player),
        );
        expect(hasGameConnection(g, cells, player, later)).toBe(hasGameConnection(g, cells, player));
      }
    }
  });
});

describe('a tree node’s H-search past the deadline', () => {
  // Thresholds of 1: a node is H-searched the first time the search goes below it.
  const settings = { ...defaultSettings('cpu', 5), playoutsPerLeaf: 16, knowledgeThreshold: 1, hSearchThreshold: 1 };
  const moveSet = (node: Node) => [...(node.untried ?? [])].sort((a, b) => a - b);
  /** A node for `position` one move below a root, with the visits of the H-search threshold. */
  const nodeBelowRoot = (position: Position) => {
    const root = new Node(0, Color.White);
    const node = new Node(1, position.toMove === Color.Black ? Color.White : Color.Black);
    node.visits = 16;
    return { node, path: [root, node] };
  };

  test('prunes the node without H-search and leaves it to the next visit, which finds what no deadline does', () => {
    let narrowed = 0;
    let examined = 0;
    for (const p of positions) {
      const context = treeContext(settings);
      context.deadline = 0;
      const late = nodeBelowRoot(p);
      prepareMoves(context, late.node, p, late.path);
      const without = movesWorthSearching(p.geometry, p.cells(), p.toMove, context.tactics, {
        mayProve: true,
        hSearch: false,
        ownConnection: false,
      });
      // Decided without H-search (a joining move, an empty region): nothing was left to H-search.
      if (without !== null && !Array.isArray(without)) {
        expect(late.node.proven).toBe(without.winner);
        continue;
      }
      examined++;
      expect(late.node.hSearched).toBe(false);
      expect(late.node.pruneAt).toBe(context.hSearchVisits);
      expect(late.node.proven).toBe(null);
      const movesWithout = moveSet(late.node);
      expect(movesWithout).toEqual(
        without === null ? p.legalMoves().sort((a, b) => a - b) : [...without].sort((a, b) => a - b),
      );

      const untimed = nodeBelowRoot(p);
      prepareMoves(treeContext(settings), untimed.node, p, untimed.path);
      expect(untimed.node.hSearched).toBe(true);
      context.deadline = Number.POSITIVE_INFINITY;
      prepareMoves(context, late.node, p, late.path);
      expect(late.node.hSearched).toBe(true);
      expect(late.node.pruneAt).toBe(Number.POSITIVE_INFINITY);
      expect(late.node.proven).toBe(untimed.node.proven);
      if (untimed.node.proven === null) expect(moveSet(late.node)).toEqual(moveSet(untimed.node));
      if (untimed.node.proven !== null || moveSet(untimed.node).length < movesWithout.length) narrowed++;
    }
    // H-search had something to add on some of these boards, so the deadline took something away.
    expect(examined).toBeGreaterThanOrEqual(8);
    expect(narrowed).toBeGreaterThan(0);
  });

  test('the root is H-searched whatever the deadline', () => {
    const p = positions[0] as Position;
    const context = treeContext(settings);
    context.deadline = 0;
    const root = new Node(0, Color.White);
    prepareMoves(context, root, p, [root]);
    expect(root.hSearched).toBe(true);
  });
});
