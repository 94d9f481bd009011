// The move prior's features (src/search/prior/): the frame's steps against
// the geometry (neighbours, bridge cells with their carriers, the half turn),
// each group's value against a brute-force reading of the board, and the
// symmetries on random positions with a table of random gammas: the half turn
// of the board turns the prior with it, and white to move on the board
// mirrored across the long diagonal with the colours exchanged gets black's
// prior, mirrored.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { type CellIndex, GameKind, type Geometry, areNeighbors, geometryOf } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { FRAME_STEPS, PATTERN_CELLS, RING_CODES, rotatePattern, turnedStep } from '../../src/search/prior/frame.js';
import {
  CARRIER_NONE,
  CARRIER_OPPONENT_BRIDGE,
  CARRIER_OPPONENT_EDGE,
  CARRIER_OWN_BRIDGE,
  CARRIER_OWN_EDGE,
  RELATION_FAR,
  RELATION_NONE,
  ROW,
  SAVE_BRIDGE,
  SAVE_EDGE,
  SAVE_NONE,
  candidateRows,
  rotateLocal,
} from '../../src/search/prior/features.js';
import { movePrior, priorGammas } from '../../src/search/prior/move-prior.js';
import { type KeyedGammas, type PriorTable, type PriorTableData, priorTable } from '../../src/search/prior/table.js';

const hexDistance = (dr: number, dc: number) => (Math.abs(dr) + Math.abs(dc) + Math.abs(dr + dc)) / 2;

function commonNeighbours(g: Geometry, a: CellIndex, b: CellIndex): CellIndex[] {
  return Array.from({ length: g.cellCount }, (_, x) => x).filter(
    (x) => x !== a && x !== b && areNeighbors(g, a, x) && areNeighbors(g, b, x),
  );
}

/** Whether a and b form a bridge: not touching, exactly two common neighbours. */
function bridged(g: Geometry, a: CellIndex, b: CellIndex): boolean {
  return a !== b && !areNeighbors(g, a, b) && commonNeighbours(g, a, b).length === 2;
}

describe("the frame's steps", () => {
  const g = geometryOf(GameKind.Hex, 9);
  const centre = g.index(4, 4);
  const at = (k: number) =>
    g.index(4 + (FRAME_STEPS[k] as readonly [number, number])[0], 4 + (FRAME_STEPS[k] as readonly [number, number])[1]);

  test('are the six neighbours, the six bridge cells (bridge k carried by neighbours k and k + 1), and the six straight two-steps', () => {
    expect(FRAME_STEPS.length).toBe(18);
    const ring1 = [0, 1, 2, 3, 4, 5].map(at);
    const ring2 = [6, 7, 8, 9, 10, 11].map(at);
    const ring3 = [12, 13, 14, 15, 16, 17].map(at);
    expect(new Set([...ring1, ...ring2, ...ring3]).size).toBe(18);
    for (const x of ring1) expect(areNeighbors(g, centre, x)).toBe(true);
    ring2.forEach((x, k) => {
      expect(bridged(g, centre, x)).toBe(true);
      expect(commonNeighbours(g, centre, x).sort()).toEqual([ring1[k] as number, ring1[(k + 1) % 6] as number].sort());
    });
    for (const x of ring3) expect(hexDistance((g.row[x] as number) - 4, (g.col[x] as number) - 4)).toBe(2);
    for (const x of ring3) expect(bridged(g, centre, x)).toBe(false);
  });

  test('turn half round: step k + 3 of a ring is step k negated', () => {
    FRAME_STEPS.forEach(([dr, dc], k) =>
      expect(FRAME_STEPS[turnedStep(k)]).toEqual([-dr === 0 ? 0 : -dr, -dc === 0 ? 0 : -dc]),
    );
  });
});

// --- Random positions and a table of random gammas.

interface Case {
  readonly size: number;
  readonly cells: Uint8Array;
  readonly mover: Player;
  readonly last: CellIndex;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    size: fc.integer({ min: 2, max: 11 }),
    fill: fc.double({ min: 0, max: 0.8, noNaN: true }),
    mover: fc.constantFrom(Color.Black, Color.White),
    seed: fc.integer(),
    pickLast: fc.nat(),
  })
  .map(({ size, fill, mover, seed, pickLast }) => {
    const n = size * size;
    const cells = new Uint8Array(n);
    let s = seed >>> 0;
    const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
    for (let c = 0; c < n; c++) {
      const r = next();
      cells[c] = r < fill / 2 ? Color.Black : r < fill ? Color.White : Color.Empty;
    }
    const theirs = [...cells.keys()].filter((c) => cells[c] === opponent(mover as Player));
    const last = theirs.length === 0 || pickLast % 4 === 0 ? -1 : (theirs[pickLast % theirs.length] as number);
    return { size, cells, mover: mover as Player, last };
  });

/** A deterministic gamma in [0.25, 4) for a key. */
const gammaOfKey = (salt: number, key: number) =>
  0.25 + (3.75 * ((Math.imul(key ^ salt, 0x9e3779b1) ^ Math.imul(key, 0x85ebca6b)) >>> 0)) / 2 ** 32;

function randomKeyed(salt: number, keys: Iterable<number>): KeyedGammas {
  const list = [...new Set(keys)];
  return { other: gammaOfKey(salt, -1), keys: list, gammas: list.map((k) => gammaOfKey(salt, k)) };
}

/** A table whose keys are every pattern and local key of the cases' candidates, each with its own gamma. */
function randomTable(cases: readonly Case[]): PriorTable {
  const p12: number[] = [];
  const p6: number[] = [];
  const local: number[] = [];
  for (const c of cases) {
    const rows = new Int32Array(c.cells.length * ROW);
    const n = candidateRows(geometryOf(GameKind.Hex, c.size), c.cells, c.mover, c.last, rows, 0);
    for (let i = 0; i < n; i++) {
      p12.push(rows[i * ROW + 1] as number);
      p6.push(rows[i * ROW + 2] as number);
      if ((rows[i * ROW + 3] as number) >= 0) local.push(rows[i * ROW + 3] as number);
    }
  }
  const list = (salt: number, length: number) => Array.from({ length }, (_, i) => gammaOfKey(salt, i));
  const data: PriorTableData = {
    format: 'hexbatch-move-prior',
    version: 1,
    game: 'hex',
    training: {
      games: 0,
      positions: 0,
      sizes: [],
      seed: 0,
      iterations: 0,
      minCount: 0,
      fromMove: 1,
      priorGames: 1,
      groups: [],
    },
    pattern12: randomKeyed(1, p12),
    pattern6: randomKeyed(2, p6),
    local: { ...randomKeyed(3, local), far: 0.7 },
    relation: list(4, 11),
    save: list(5, 3),
    carrier: list(6, 5),
    template: list(7, 2),
    distance: list(8, 25),
  };
  return priorTable(data);
}

function gammas(table: PriorTable, c: Case): Float32Array {
  const g = geometryOf(GameKind.Hex, c.size);
  const out = new Float32Array(g.cellCount);
  priorGammas(table, g, c.cells, c.mover, c.last, out);
  return out;
}

/** The case under a map of cells (a symmetry), with the colours exchanged or not. */
function mapped(c: Case, map: (cell: CellIndex) => CellIndex, exchange: boolean): Case {
  const cells = new Uint8Array(c.cells.length);
  const colour = (v: number) => (exchange && v !== Color.Empty ? opponent(v as Player) : v);
  c.cells.forEach((v, i) => (cells[map(i)] = colour(v)));
  return { size: c.size, cells, mover: exchange ? opponent(c.mover) : c.mover, last: c.last < 0 ? -1 : map(c.last) };
}

describe('the prior is symmetric', () => {
  const cases = fc.sample(caseArb, { numRuns: 150, seed: 42 });
  const turn = (size: number) => (cell: number) => size * size - 1 - cell;
  const mirror = (size: number) => (cell: number) => (cell % size) * size + Math.floor(cell / size);
  const table = randomTable(cases.flatMap((c) => [c, mapped(c, turn(c.size), false), mapped(c, mirror(c.size), true)]));

  test.each(cases.map((c, i) => [i, c] as const))(
    'case %i: the half turn turns it, and the colour-exchanged mirror for the other side mirrors it',
    (_, c) => {
      const base = gammas(table, c);
      const turned = gammas(table, mapped(c, turn(c.size), false));
      const mirrored = gammas(table, mapped(c, mirror(c.size), true));
      for (let cell = 0; cell < base.length; cell++) {
        expect(turned[turn(c.size)(cell)], `cell ${cell}`).toBe(base[cell]);
        expect(mirrored[mirror(c.size)(cell)], `cell ${cell}`).toBe(base[cell]);
      }
    },
  );

  test('and not trivially: the random table tells the candidates apart', () => {
    const c = cases.find((x) => x.size >= 7 && x.cells.filter((v) => v !== 0).length >= 8) as Case;
    const values = new Set(gammas(table, c).filter((v) => v > 0));
    expect(values.size).toBeGreaterThan(10);
  });
});

// --- Each group's value against the board read by hand.

interface Rows {
  readonly byCell: Map<CellIndex, readonly number[]>;
}

function rowsOf(c: Case): Rows {
  const g = geometryOf(GameKind.Hex, c.size);
  const rows = new Int32Array(c.cells.length * ROW);
  const n = candidateRows(g, c.cells, c.mover, c.last, rows, 0);
  const byCell = new Map<CellIndex, readonly number[]>();
  for (let i = 0; i < n; i++)
    byCell.set(rows[i * ROW] as number, Array.from(rows.subarray(i * ROW + 1, i * ROW + ROW)));
  return { byCell };
}

/** The mover's goal edges as a test of a cell: black joins rows, white columns. */
function goalDistance(g: Geometry, player: Player, cell: CellIndex): number {
  const n = g.size as number;
  const line = player === Color.Black ? (g.row[cell] as number) : (g.col[cell] as number);
  return Math.min(line, n - 1 - line);
}

/** For each goal edge one line from a stone: the two cells of that edge it touches, when both are on the board. */
function edgeCarriers(g: Geometry, player: Player, a: CellIndex): CellIndex[][] {
  const n = g.size as number;
  const line = (x: CellIndex) => (player === Color.Black ? (g.row[x] as number) : (g.col[x] as number));
  return [0, n - 1]
    .filter((edge) => Math.abs(line(a) - edge) === 1)
    .map((edge) =>
      Array.from({ length: g.cellCount }, (_, x) => x).filter((x) => areNeighbors(g, a, x) && line(x) === edge),
    )
    .filter((carrier) => carrier.length === 2);
}

describe("each group's value, against the board read by hand", () => {
  const cases = fc.sample(caseArb, { numRuns: 120, seed: 7 });

  test.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const g = geometryOf(GameKind.Hex, c.size);
    const { byCell } = rowsOf(c);
    const other = opponent(c.mover);
    const all = Array.from({ length: g.cellCount }, (_, x) => x);
    const stones = (p: Player) => all.filter((x) => c.cells[x] === p);
    // Each player's bridges as their carriers, found once per case.
    const bridges = (p: Player) =>
      stones(p).flatMap((a) =>
        stones(p)
          .filter((b) => b > a && bridged(g, a, b))
          .map((b) => commonNeighbours(g, a, b)),
      );
    const carriersOf = { [Color.Black]: bridges(Color.Black), [Color.White]: bridges(Color.White) };
    expect([...byCell.keys()]).toEqual(all.filter((x) => c.cells[x] === 0));
    for (const [x, row] of byCell) {
      const [p12, p6, local, relation, save, carrier, , distance] = row as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      // The 6-cell pattern is the low digits of the 12-cell one (up to the turn).
      expect([p12 % RING_CODES, rotatePattern(p12) % RING_CODES]).toContain(p6);
      // relation and local: where the last move lies.
      const dr = c.last < 0 ? 0 : (g.row[c.last] as number) - (g.row[x] as number);
      const dc = c.last < 0 ? 0 : (g.col[c.last] as number) - (g.col[x] as number);
      if (c.last < 0) expect(relation).toBe(RELATION_NONE);
      else if (hexDistance(dr, dc) > 2) expect(relation).toBe(RELATION_FAR);
      else if (hexDistance(dr, dc) === 1) expect(relation).toBeLessThan(3);
      else if (bridged(g, x, c.last)) expect([3, 4, 5]).toContain(relation);
      else expect([6, 7, 8]).toContain(relation);
      const nearLast = c.last >= 0 && (hexDistance(dr, dc) === 1 || bridged(g, x, c.last));
      expect(local >= 0).toBe(nearLast);
      if (nearLast) expect(Math.floor(Math.min(local, rotateLocal(local)) / RING_CODES)).toBeLessThan(PATTERN_CELLS);
      // save: x is the other carrier cell of the mover's bridge or edge bridge that the last move entered.
      const savesBridge =
        c.last >= 0 && carriersOf[c.mover].some((carrier) => carrier.includes(c.last) && carrier.includes(x));
      const savesEdge =
        c.last >= 0 &&
        stones(c.mover).some((a) => {
          return edgeCarriers(g, c.mover, a).some((carrier) => carrier.includes(c.last) && carrier.includes(x));
        });
      expect(save, `save at ${x}`).toBe(savesBridge ? SAVE_BRIDGE : savesEdge ? SAVE_EDGE : SAVE_NONE);
      // carrier: x lies in an intact bridge or edge bridge (both carrier cells empty), the first kind in this order.
      const inBridge = (p: Player) =>
        carriersOf[p].some((carrier) => carrier.includes(x) && carrier.every((y) => c.cells[y] === 0));
      const inEdge = (p: Player) =>
        stones(p).some((a) => {
          return edgeCarriers(g, p, a).some((carrier) => carrier.includes(x) && carrier.every((y) => c.cells[y] === 0));
        });
      const expected = inBridge(other)
        ? CARRIER_OPPONENT_BRIDGE
        : inEdge(other)
          ? CARRIER_OPPONENT_EDGE
          : inBridge(c.mover)
            ? CARRIER_OWN_BRIDGE
            : inEdge(c.mover)
              ? CARRIER_OWN_EDGE
              : CARRIER_NONE;
      expect(carrier, `carrier at ${x}`).toBe(expected);
      // distance: lines from the mover's nearer goal edge, and from the opponent's, each capped at 4.
      expect(distance).toBe(Math.min(4, goalDistance(g, c.mover, x)) * 5 + Math.min(4, goalDistance(g, other, x)));
    }
  });
});

describe('the ziggurat feature', () => {
  const g = geometryOf(GameKind.Hex, 7);
  const template = (cells: Uint8Array, mover: Player, cell: CellIndex) => {
    const rows = new Int32Array(cells.length * ROW);
    const n = candidateRows(g, cells, mover, -1, rows, 0);
    for (let i = 0; i < n; i++) if (rows[i * ROW] === cell) return rows[i * ROW + 7];
    throw new Error('not a candidate');
  };

  test('is on for black on the third row of an empty corner area, off once white blocks both of its images', () => {
    const cells = new Uint8Array(g.cellCount);
    const d3 = g.index(2, 3);
    expect(template(cells, Color.Black, d3)).toBe(1);
    expect(template(cells, Color.White, d3)).toBe(0); // for white, d3 is three columns from its edge
    expect(template(cells, Color.Black, g.index(3, 3))).toBe(0); // the fourth row
    cells[g.index(0, 3)] = Color.White; // in both images' edge row
    expect(template(cells, Color.Black, d3)).toBe(0);
    expect(template(cells, Color.White, g.index(3, 2))).toBe(1); // white's third column
  });
});

describe('movePrior', () => {
  test('gives probabilities: none on stones, summing to 1; an empty board when the game is over; Y is refused', () => {
    const p = Position.empty(GameKind.Hex, 9, { swap: false });
    p.play(p.geometry.index(4, 4));
    p.play(p.geometry.index(3, 5));
    const prior = movePrior(p, p.geometry.index(3, 5));
    expect(prior[p.geometry.index(4, 4)]).toBe(0);
    expect(prior[p.geometry.index(3, 5)]).toBe(0);
    expect(prior.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 5);
    expect(() => movePrior(p, p.geometry.index(4, 4))).toThrow(/last move/);
    const won = Position.fromText(GameKind.Hex, 2, 'b.b.', Color.White);
    expect(movePrior(won, null).every((x) => x === 0)).toBe(true);
    expect(() => movePrior(Position.empty(GameKind.Y, 5), null)).toThrow(/Hex only/);
  });
});
