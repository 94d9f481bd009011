// The proximity prior (proximity.ts, SearchSettings.proximityPrior): the
// near cells against a brute-force reading of the geometry (neighbours, and
// the cells with exactly two common neighbours that do not touch), on every
// board of Hex 1–9 and Y 1–9; and the search's first round, which with the
// prior goes to the cells near the opponent's last move and without it does not.
import { describe, expect, test } from 'vitest';
import { type CellIndex, GameKind, type Geometry, areNeighbors, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { nearCells } from '../../src/search/knowledge/proximity.js';

/** The cells near `c`, found by looking at every pair of cells. */
function nearByHand(g: Geometry, c: CellIndex): CellIndex[] {
  const all = Array.from({ length: g.cellCount }, (_, i) => i);
  return all.filter((d) => {
    if (d === c) return false;
    if (areNeighbors(g, c, d)) return true;
    return all.filter((x) => areNeighbors(g, c, x) && areNeighbors(g, d, x)).length === 2;
  });
}

describe('the cells near a move', () => {
  test('are its neighbours and the cells a bridge away, each once, on every Hex and Y board up to size 9', () => {
    for (const game of [GameKind.Hex, GameKind.Y])
      for (let size = 1; size <= 9; size++) {
        const g = geometryOf(game, size);
        const { start, cells } = nearCells(g);
        for (let c = 0; c < g.cellCount; c++) {
          const listed = Array.from(cells.subarray(start[c], start[c + 1]));
          expect(new Set(listed).size, `${game} ${size} cell ${c}: no cell twice`).toBe(listed.length);
          expect(
            [...listed].sort((a, b) => a - b),
            `${game} ${size} cell ${c}`,
          ).toEqual(nearByHand(g, c));
        }
      }
    // An inner cell of Hex has six neighbours and six bridge partners.
    const g = geometryOf(GameKind.Hex, 9);
    const centre = g.index(4, 4);
    const { start } = nearCells(g);
    expect((start[centre + 1] as number) - (start[centre] as number)).toBe(12);
  });
});

describe('the proximity prior in the search', () => {
  const cpu = createCpuEvaluator(undefined, { workers: 0 });

  /** The root moves of one round of 8 leaves after black's e5 on Hex 9, with the prior at `proximity`. */
  async function firstRound(proximity: number, lastMove: CellIndex | null): Promise<CellIndex[]> {
    const p = Position.empty(GameKind.Hex, 9, { swap: false });
    const e5 = p.geometry.index(4, 4);
    p.play(e5);
    // No tactics or solver, so that the root holds every move and the prior alone orders the first leaves.
    const settings = {
      ...defaultSettings('cpu', 1),
      leavesPerRound: 8,
      playoutsPerLeaf: 16,
      tactics: false,
      solver: false,
      proximityPrior: proximity,
      movePrior: 0,
    };
    const result = await new Mcts(await cpu, settings).search(p, { playouts: 8 * 16 }, lastMove === null ? null : e5);
    return result.moves.map((m) => m.move as CellIndex);
  }

  // The value tried in matches (the default is none).
  const PRIOR = 0.05;

  test("with it the first round goes to the cells near the opponent's last move, without it elsewhere too", async () => {
    const g = geometryOf(GameKind.Hex, 9);
    const e5 = g.index(4, 4);
    const near = new Set(nearByHand(g, e5));
    const withPrior = await firstRound(PRIOR, e5);
    expect(withPrior).toHaveLength(8);
    for (const move of withPrior) expect(near.has(move), `${move} is near e5`).toBe(true);
    const without = await firstRound(0, e5);
    expect(without.some((move) => !near.has(move))).toBe(true);
    // A new root knows the last move only when told: without it, no cell is near.
    const untold = await firstRound(PRIOR, null);
    expect(untold.some((move) => !near.has(move))).toBe(true);
  });
});
