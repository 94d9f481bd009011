// The move prior's base strengths made incrementally (priorBaseAfter, which
// the search uses at a node from its grandparent's) against priorBase made
// anew, bit for bit, on random Hex boards: two stones later, whatever they
// touch (patterns, ziggurats, edges), with the shipped table and a table whose
// gammas are all different, so that a cell left stale cannot hide.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { priorBase, priorBaseAfter, shippedPriorTable } from '../../src/search/prior/move-prior.js';
import { type PriorTable, parsePriorTable } from '../../src/search/prior/table.js';

/** The shipped table with every gamma replaced by a distinct value, and every unlisted pattern too. */
function distinctTable(): PriorTable {
  const data = JSON.parse(JSON.stringify(shippedPriorTable().data)) as Record<string, unknown>;
  let next = 1;
  const fresh = () => 1 + (next++ % 997) / 1000;
  for (const group of ['pattern12', 'pattern6', 'local'] as const) {
    const keyed = data[group] as { other: number; gammas: number[] };
    keyed.other = fresh();
    keyed.gammas = keyed.gammas.map(fresh);
  }
  for (const group of ['relation', 'save', 'carrier', 'template', 'distance'] as const)
    data[group] = (data[group] as number[]).map(fresh);
  return parsePriorTable(JSON.stringify(data));
}

const boardArb = fc
  .record({ size: fc.integer({ min: 2, max: 13 }), seed: fc.integer(), fill: fc.double({ min: 0, max: 0.7 }) })
  .map(({ size, seed, fill }) => {
    const g = geometryOf(GameKind.Hex, size);
    let x = seed >>> 0 || 1;
    const draw = () => {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      return x / 2 ** 32;
    };
    const cells = new Uint8Array(g.cellCount);
    for (let c = 0; c < g.cellCount; c++) if (draw() < fill) cells[c] = draw() < 0.5 ? Color.Black : Color.White;
    const empty = [...cells.keys()].filter((c) => cells[c] === Color.Empty);
    const a = empty[Math.floor(draw() * empty.length)];
    const b = empty.filter((c) => c !== a)[Math.floor(draw() * (empty.length - 1))];
    return { g, cells, mover: (draw() < 0.5 ? Color.Black : Color.White) as Player, a, b };
  })
  .filter(({ a, b }) => a !== undefined && b !== undefined);

test.each([
  ['the shipped table', shippedPriorTable()],
  ['a table of distinct gammas', distinctTable()],
])('two stones later, the base made from the old one is the base made anew, bit for bit (%s)', (_, table) => {
  fc.assert(
    fc.property(boardArb, ({ g, cells, mover, a, b }) => {
      const before = new Float64Array(g.cellCount);
      priorBase(table, g, cells, mover, before);
      const after = cells.slice();
      after[a as number] = mover;
      after[b as number] = opponent(mover);
      const anew = new Float64Array(g.cellCount);
      priorBase(table, g, after, mover, anew);
      const made = new Float64Array(g.cellCount);
      priorBaseAfter(table, g, after, mover, before, [a as number, b as number], made);
      expect([...made]).toEqual([...anew]);
    }),
    { numRuns: 400, seed: 7 },
  );
});
