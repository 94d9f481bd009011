// The swap table: games counted per opening (a half turn sharing one entry),
// the decision it gives, its text read back, the `swap-table` command on SGF
// files, and the search deciding the swap by it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { cellName } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { parseSgf } from '../../src/game/sgf-read.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { halfTurn } from '../../src/search/knowledge/swap-rule.js';
import {
  SHIPPED_SWAP_TABLE,
  formatSwapTable,
  parseSwapTable,
  swapByTable,
  tallyOpenings,
} from '../../src/search/knowledge/swap-table.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

/** An SGF game of Hex `n` with these moves (HexGui's names, `swap-pieces` for the swap) and result. */
function sgf(n: number, moves: readonly string[], result: string | null, setup = ''): string {
  const body = moves.map((m, i) => `;${i % 2 === 0 ? 'B' : 'W'}[${m}]`).join('');
  return `(;FF[4]GM[11]SZ[${n}]${setup}${result === null ? '' : `RE[${result}]`}${body})`;
}

const GAMES = [
  sgf(5, ['c3', 'b4', 'c4'], 'B+'),
  sgf(5, ['c3', 'b4'], 'W+Resign'),
  sgf(5, ['c3', 'd2'], 'B+'),
  // a1's half turn is e5: one entry.
  sgf(5, ['a1', 'b2'], 'W+'),
  sgf(5, ['e5', 'd4'], 'W+'),
  // Not counted: a swap, no result, setup stones.
  '(;FF[4]GM[11]SZ[5]RE[W+];B[b1];W[swap-pieces];W[c3])',
  sgf(5, ['b2', 'c3'], null),
  sgf(5, ['d1'], 'B+', 'AB[a5]'),
  sgf(7, ['d4', 'c5'], 'B+'),
];

describe('the swap table', () => {
  const table = tallyOpenings(
    GAMES.map((text) => parseSgf(text)),
    'by hand',
  );

  test('counts each game without a swap once for its opening, an opening and its half turn together', () => {
    expect(table).toEqual({ source: 'by hand', hex: { '5': { a1: [0, 2], c3: [2, 3] }, '7': { d4: [1, 1] } } });
  });

  test('swaps what its owner won more often than not, keeps the rest, and leaves ties and unplayed openings to the search', () => {
    const g5 = geometryOf(GameKind.Hex, 5);
    const at = (name: string) => g5.index(Number(name.slice(1)) - 1, name.charCodeAt(0) - 97);
    expect(swapByTable(table, g5, at('c3'))).toBe(true);
    expect(swapByTable(table, g5, at('a1'))).toBe(false);
    expect(swapByTable(table, g5, at('e5'))).toBe(false);
    expect(swapByTable(table, g5, at('b2'))).toBeNull();
    const tie = tallyOpenings(
      [sgf(5, ['b3', 'c3'], 'B+'), sgf(5, ['b3', 'c3'], 'W+')].map((t) => parseSgf(t)),
      '',
    );
    expect(swapByTable(tie, g5, at('b3'))).toBeNull();
    expect(swapByTable(table, geometryOf(GameKind.Hex, 9), 0)).toBeNull();
    expect(swapByTable(table, geometryOf(GameKind.Y, 5), 0)).toBeNull();
  });

  test('reads back what it writes, and refuses what is not a table', () => {
    expect(parseSwapTable(formatSwapTable(table))).toEqual(table);
    expect(parseSwapTable(formatSwapTable(SHIPPED_SWAP_TABLE))).toEqual(SHIPPED_SWAP_TABLE);
    expect(() => parseSwapTable('[]')).toThrow(/not a swap table: no "source"/);
    expect(() => parseSwapTable('{"source":"x","hex":{"5":{"e5":[1,2]}}}')).toThrow(
      /e5 of Hex 5 stands for its half turn/,
    );
    expect(() => parseSwapTable('{"source":"x","hex":{"5":{"a1":[3,2]}}}')).toThrow(/no \[wins, games\] pair/);
    expect(() => parseSwapTable('{"source":"x","hex":{"0":{}}}')).toThrow(/"0" is not a board size/);
  });

  test('every entry of the shipped table names the lower cell of its half-turn pair', () => {
    for (const [size, tally] of Object.entries(SHIPPED_SWAP_TABLE.hex)) {
      const g = geometryOf(GameKind.Hex, Number(size));
      for (const cell of Object.keys(tally)) {
        const c = g.index(Number(cell.slice(1)) - 1, cell.charCodeAt(0) - 97);
        expect(c, `${cell} of Hex ${size}`).toBeLessThanOrEqual(halfTurn(g, c));
        expect(cellName(g, c)).toBe(cell);
      }
    }
  });
});

describe('hexbatch swap-table', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-swap-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test('writes the table of the SGF files of a folder, and says what it counted', async () => {
    GAMES.forEach((text, i) => writeFileSync(join(scratch, `game-${i}.sgf`), text));
    const out = join(scratch, 'table.json');
    const run = await runCliInProcess(['swap-table', '--games', scratch, '--out', out, '--source', 'by hand']);
    expect(run.code, run.err).toBe(0);
    expect(parseSwapTable(readFileSync(out, 'utf8'))).toEqual(
      tallyOpenings(
        GAMES.map((text) => parseSgf(text)),
        'by hand',
      ),
    );
    expect(run.out).toContain('Hex 5: 5 games from 2 openings; swap 1, keep 1, undecided 0');
  });

  test('refuses a folder without SGF files in one line', async () => {
    const empty = mkdtempSync(join(scratch, 'empty-'));
    const run = await runCliInProcess(['swap-table', '--games', empty, '--out', join(scratch, 'x.json')]);
    expect(run.code).toBe(2);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(/no \.sgf files/);
  });
});

describe('the search with swap-table on', () => {
  test('swaps a Hex 9 opening exactly when the shipped table says so, where it decides', async () => {
    const cpu = createCpuEvaluator(undefined, { workers: 0 });
    const settings = { ...defaultSettings('cpu', 3), leavesPerRound: 8, playoutsPerLeaf: 32, swapTable: true };
    const g = geometryOf(GameKind.Hex, 9);
    const decided = Object.keys(SHIPPED_SWAP_TABLE.hex['9'] ?? {})
      .map((name) => g.index(Number(name.slice(1)) - 1, name.charCodeAt(0) - 97))
      .filter((c) => swapByTable(SHIPPED_SWAP_TABLE, g, c) !== null);
    expect(decided.length).toBeGreaterThan(10);
    // Six openings of each decision.
    const chosen = [true, false].flatMap((d) =>
      decided.filter((c) => swapByTable(SHIPPED_SWAP_TABLE, g, c) === d).slice(0, 6),
    );
    const swapped = [];
    for (const cell of chosen) {
      const position = new Position(g, { swap: true });
      position.play(halfTurn(g, cell));
      const result = await new Mcts(cpu, settings).search(position, { playouts: 2_000 });
      expect(result.move === SWAP, `after ${cellName(g, cell)}`).toBe(swapByTable(SHIPPED_SWAP_TABLE, g, cell));
      swapped.push(result.move === SWAP);
    }
    // Both decisions occur among them.
    expect(new Set(swapped).size).toBe(2);
  });
});
