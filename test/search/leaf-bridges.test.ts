// Splitting the leaves' bridges (leaf-bridges.ts), against bridges found
// here from the geometry alone and groups joined here by a flood fill on
// the board that comes out: only empty carrier cells change, one to each
// side a bridge; every bridge of the board ends joined unless another
// link gave one of its cells to the opponent; each cell of a lone bridge
// goes to its owner about half the time; and in a search with the
// `leaf-bridge` tactic the leaves the evaluator sees are the tree's, with
// their bridges split.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import {
  type CellIndex,
  type Cells,
  GameKind,
  type Geometry,
  areNeighbors,
  geometryOf,
  neighborsOf,
} from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { goalEdges } from '../../src/search/knowledge/connect.js';
import { splitBridges } from '../../src/search/knowledge/leaf-bridges.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import type { TacticSet } from '../../src/search/knowledge/tactics.js';
import type { EvalPosition } from '../../src/eval/types.js';
import { boardText, lcgRandom, randomCells } from '../helpers/boards.js';
import { spy } from '../helpers/spy-evaluator.js';

/** A link of `owner`: two stones, or a stone and an edge bit, and the two empty cells of its carrier. */
interface Link {
  readonly owner: Player;
  readonly a: CellIndex;
  readonly b: CellIndex | null;
  readonly edge: number;
  readonly carrier: readonly [CellIndex, CellIndex];
}

/**
 * The bridges and goal-edge bridges of both players whose carriers are
 * empty, found from neighbour lists: two stones that are not neighbours
 * with exactly two common neighbours; a stone off a goal edge with two
 * neighbouring cells on it.
 */
function linksOf(g: Geometry, cells: Cells): Link[] {
  const links: Link[] = [];
  for (let a = 0; a < g.cellCount; a++) {
    const owner = cells[a] as Color;
    if (owner === Color.Empty) continue;
    for (let b = a + 1; b < g.cellCount; b++) {
      if (cells[b] !== owner || areNeighbors(g, a, b)) continue;
      const common = neighborsOf(g, a).filter((x) => areNeighbors(g, x, b));
      if (common.length === 2 && common.every((x) => cells[x] === Color.Empty))
        links.push({ owner, a, b, edge: 0, carrier: [common[0] as number, common[1] as number] });
    }
    for (let edge = 1; edge <= 0x80; edge <<= 1) {
      if ((goalEdges(g, owner) & edge) === 0 || ((g.edges[a] as number) & edge) !== 0) continue;
      const onEdge = neighborsOf(g, a).filter((x) => ((g.edges[x] as number) & edge) !== 0 && cells[x] === Color.Empty);
      for (let i = 0; i < onEdge.length; i++)
        for (let j = i + 1; j < onEdge.length; j++)
          links.push({ owner, a, b: null, edge, carrier: [onEdge[i] as number, onEdge[j] as number] });
    }
  }
  return links;
}

/** The stones joined to `from` through stones of its colour, and the edges they touch. */
function groupOf(g: Geometry, cells: Cells, from: CellIndex): { stones: Set<CellIndex>; edges: number } {
  const stones = new Set([from]);
  const todo = [from];
  let edges = 0;
  while (todo.length > 0) {
    const c = todo.pop() as number;
    edges |= g.edges[c] as number;
    for (const nb of neighborsOf(g, c)) {
      if (cells[nb] === cells[from] && !stones.has(nb)) {
        stones.add(nb);
        todo.push(nb);
      }
    }
  }
  return { stones, edges };
}

const xorshift = (seed: number) => {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
};

/** A board with black and white stones at the given (row, column) cells. */
function board(
  g: Geometry,
  black: readonly (readonly [number, number])[],
  white: readonly (readonly [number, number])[] = [],
): Cells {
  const cells = new Uint8Array(g.cellCount);
  for (const [r, c] of black) cells[g.index(r, c)] = Color.Black;
  for (const [r, c] of white) cells[g.index(r, c)] = Color.White;
  return cells;
}

const BOARDS: readonly [GameKind, number][] = [
  [GameKind.Hex, 5],
  [GameKind.Hex, 7],
  [GameKind.Hex, 11],
  [GameKind.Y, 6],
  [GameKind.Y, 10],
];

describe('splitBridges', () => {
  test.each(BOARDS)(
    '%s %i: only carrier cells change, one to each side a bridge, and every bridge ends joined unless another took one of its cells',
    (game, n) => {
      const g = geometryOf(game, n);
      const random = lcgRandom(n * 31 + game.length);
      const draws = xorshift(n);
      let splits = 0;
      let broken = 0;
      for (let board = 0; board < 300; board++) {
        const before = randomCells(g, 0.5 + 0.4 * random(), random);
        const links = linksOf(g, before);
        const carrierCells = new Set(links.flatMap((l) => l.carrier));
        const after = before.slice();
        const split = splitBridges(g, after, draws);
        splits += split;
        let added = { [Color.Black]: 0, [Color.White]: 0 };
        for (let c = 0; c < g.cellCount; c++) {
          if (after[c] === before[c]) continue;
          expect(before[c]).toBe(Color.Empty);
          expect(after[c]).not.toBe(Color.Empty);
          expect(carrierCells.has(c)).toBe(true);
          added = { ...added, [after[c] as Player]: added[after[c] as Player] + 1 };
        }
        expect(added).toEqual({ [Color.Black]: split, [Color.White]: split });
        for (const link of links) {
          const opponentHas = link.carrier.some((x) => after[x] === opponent(link.owner));
          const group = groupOf(g, after, link.a);
          const joined = link.b === null ? (group.edges & link.edge) !== 0 : group.stones.has(link.b);
          if (!joined) broken++;
          expect(joined || opponentHas, `${link.owner} ${link.a}–${link.b ?? `edge ${link.edge}`}`).toBe(true);
        }
      }
      // Not vacuous: bridges were split, and links that overlap left some broken.
      expect(splits).toBeGreaterThan(300);
      expect(broken).toBeGreaterThan(0);
    },
  );

  test('a lone bridge: each of its cells goes to its owner about half the time, and the same draws split it the same way', () => {
    const g = geometryOf(GameKind.Hex, 7);
    // Two rows from the top and three from the bottom: no edge bridge.
    const cells = board(g, [
      [2, 2],
      [3, 3],
    ]);
    const [x, y] = [g.index(2, 3), g.index(3, 2)];
    const draws = xorshift(7);
    let ownerTookX = 0;
    for (let k = 0; k < 2000; k++) {
      const after = cells.slice();
      expect(splitBridges(g, after, draws)).toBe(1);
      expect(new Set([after[x], after[y]])).toEqual(new Set([Color.Black, Color.White]));
      if (after[x] === Color.Black) ownerTookX++;
    }
    // Binomial(2000, ½): 1000 ± 4.5 standard deviations.
    expect(Math.abs(ownerTookX - 1000)).toBeLessThan(100);
    const once = (seed: number) => {
      const after = cells.slice();
      splitBridges(g, after, xorshift(seed));
      return after;
    };
    expect(once(3)).toEqual(once(3));
  });

  test('a bridge inside a group, or to an edge the group touches, is left alone', () => {
    const g = geometryOf(GameKind.Hex, 4);
    // One group from the top row to the bottom one, round the empty carrier of its (0,1)–(1,2) bridge.
    const inside = board(g, [
      [0, 1],
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 2],
      [3, 0],
    ]);
    const after = inside.slice();
    expect(splitBridges(g, after, xorshift(1))).toBe(0);
    expect(after).toEqual(inside);
  });
});

const cpu = await createCpuEvaluator();

describe('the leaf-bridge tactic', () => {
  test("the first round's leaves are the same with it and without, and with it their bridges are split", async () => {
    const g = geometryOf(GameKind.Hex, 7);
    // Black: a chain of bridges with edge bridges at both ends; white: a bridge of its own.
    const stones = board(
      g,
      [
        [1, 3],
        [3, 2],
        [5, 1],
      ],
      [
        [3, 4],
        [1, 5],
        [4, 0],
      ],
    );
    const position = Position.fromText(GameKind.Hex, 7, boardText(stones), Color.Black);
    const firstRound = async (tactics: TacticSet, leafBridgeFrom = 1) => {
      const { evaluator, calls } = spy(cpu);
      await new Mcts(evaluator, {
        ...defaultSettings('cpu', 5),
        tactics,
        leafBridgeFrom,
        // The leaves' own boards: the reduced board would fill some carriers (the edge bridges' captured cells) first.
        reducedBoard: false,
        leavesPerRound: 32,
        playoutsPerLeaf: 8,
      }).search(position, { playouts: 32 * 8 });
      return calls[0] ?? [];
    };
    const split = await firstRound(new Set(['leaf-bridge']));
    const whole = await firstRound(new Set());
    expect(split.length).toBe(32);
    expect(whole.length).toBe(32);
    let changed = 0;
    split.forEach((leaf, i) => {
      const before = (whole[i] as EvalPosition).cells;
      expect(leaf.toMove).toBe((whole[i] as EvalPosition).toMove);
      const added = [Color.Black, Color.White].map(
        (colour) => leaf.cells.filter((v, c) => v === colour && before[c] === Color.Empty).length,
      );
      expect(added[0]).toBe(added[1]);
      changed += added[0] as number;
      for (let c = 0; c < g.cellCount; c++) if (before[c] !== Color.Empty) expect(leaf.cells[c]).toBe(before[c]);
      for (const link of linksOf(g, before)) {
        const group = groupOf(g, leaf.cells, link.a);
        const joined = link.b === null ? (group.edges & link.edge) !== 0 : group.stones.has(link.b);
        expect(joined || link.carrier.some((x) => leaf.cells[x] === opponent(link.owner))).toBe(true);
      }
    });
    // The root's five links, less those a leaf's move entered, in every leaf.
    expect(changed).toBeGreaterThan(32 * 3);
    // Below leaf-bridge-from (Hex 11 by default) the tactic leaves the leaves whole.
    expect(await firstRound(new Set(['leaf-bridge']), 8)).toEqual(whole);
    expect(await firstRound(new Set(['leaf-bridge']), 7)).toEqual(split);
  });
});
