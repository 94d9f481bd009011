// The unrolled kernel's generator without a device: its output for small
// boards is pinned in full (a change must be accepted on purpose,
// `npx vitest run test/gpu/generate-bitsliced.test.ts --update`), and its reduction,
// run here as written, decides boards as the CPU's union-find does.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { bprLayout } from '../../src/game/reduction-triangle.js';
import {
  UNROLLED_MAX_CELLS,
  fitsUnrolled,
  generateUnrolledMain,
  transpose32Steps,
} from '../../src/gpu/generate-bitsliced.js';
import { transpose32 } from '../../src/fill/fill-slices.js';
import { weightedUnionFind } from '../../src/wintest/union-find.js';

describe('generated WGSL', () => {
  test('Hex 3 playouts with ownership', () => {
    expect(
      generateUnrolledMain({ layout: bprLayout(geometryOf(GameKind.Hex, 3)), fullBoards: true, ownership: true }),
    ).toMatchSnapshot();
  });
  test('Y 3 given boards (both planes)', () => {
    expect(
      generateUnrolledMain({ layout: bprLayout(geometryOf(GameKind.Y, 3)), fullBoards: false, ownership: false }),
    ).toMatchSnapshot();
  });
});

test('boards up to the cap are generated, larger ones fall back', () => {
  expect(fitsUnrolled(bprLayout(geometryOf(GameKind.Hex, 14)))).toBe(true);
  expect(fitsUnrolled(bprLayout(geometryOf(GameKind.Hex, 15)))).toBe(false);
  expect(fitsUnrolled(bprLayout(geometryOf(GameKind.Y, 19)))).toBe(true);
  expect(fitsUnrolled(bprLayout(geometryOf(GameKind.Y, 20)))).toBe(false);
  expect(geometryOf(GameKind.Hex, 14).cellCount).toBeLessThanOrEqual(UNROLLED_MAX_CELLS);
});

/**
 * Runs the generated reduction on 32 boards in JS: the filled words are
 * given, then every `let` line of the reduction is evaluated over the named
 * words. The generator writes only a majority, an or, an and, or a word, so
 * those four forms are all this reads. Returns the apex words (white: null
 * when the code takes it as the complement of black).
 */
function runReduction(code: string, filled: Map<string, number>): { black: number; white: number | null } {
  const words = new Map(filled);
  const operand = (text: string): number => {
    if (text.startsWith('~')) return ~operand(text.slice(1));
    if (text === '0xffffffffu') return -1;
    if (text === '0u') return 0;
    const value = words.get(text);
    if (value === undefined) throw new Error(`${text} read before it is set`);
    return value;
  };
  const valueOf = (expression: string): number => {
    const majority = /^\((\S+) & \((\S+) \| (\S+)\)\) \| \((\S+) & (\S+)\)$/.exec(expression);
    if (majority) {
      const [a, b, c] = [majority[1], majority[2], majority[3]].map((t) => operand(t as string)) as [
        number,
        number,
        number,
      ];
      expect([majority[4], majority[5]]).toEqual([majority[2], majority[3]]);
      return (a & (b | c)) | (b & c);
    }
    const pair = /^(\S+) ([|&]) (\S+)$/.exec(expression);
    if (pair) {
      const [a, b] = [operand(pair[1] as string), operand(pair[3] as string)];
      return pair[2] === '|' ? a | b : a & b;
    }
    return operand(expression);
  };
  for (const [, name, expression] of code.matchAll(/let ([bw]\d+_\d+_\d+) = (.*);/g))
    words.set(name as string, valueOf(expression as string));
  const black = valueOf((/let black_won = (.*) & slice\.valid;/.exec(code) as RegExpExecArray)[1] as string);
  const whiteText = (/let white_won = (.*) & slice\.valid;/.exec(code) as RegExpExecArray)[1] as string;
  return { black, white: whiteText.startsWith('~') ? null : valueOf(whiteText) };
}

describe.each([
  [GameKind.Hex, [1, 2, 3, 5, 8]],
  [GameKind.Y, [1, 2, 4, 7]],
] as const)('%s: the generated reduction decides as union-find', (game, sizes) => {
  test.each(sizes)('size %i, given boards with empty cells', (n) => {
    const g = geometryOf(game, n);
    const layout = bprLayout(g);
    const code = generateUnrolledMain({ layout, fullBoards: false, ownership: false });
    const oracle = weightedUnionFind.create(g);
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.constantFrom(Color.Empty, Color.Black, Color.White), {
            minLength: g.cellCount,
            maxLength: g.cellCount,
          }),
          { minLength: 32, maxLength: 32 },
        ),
        (boards) => {
          const words = new Map<string, number>();
          for (let i = 0; i < g.cellCount; i++) {
            const at = `${layout.cellColumn[i]}_${layout.cellRow[i]}`;
            words.set(
              `b_${at}`,
              boards.reduce((w, b, k) => w | (b[i] === Color.Black ? 1 << k : 0), 0),
            );
            words.set(
              `w_${at}`,
              boards.reduce((w, b, k) => w | (b[i] === Color.White ? 1 << k : 0), 0),
            );
          }
          const { black, white } = runReduction(code, words);
          boards.forEach((b, k) => {
            const want = oracle.winner(Uint8Array.from(b));
            const got = (((black >>> k) & 1) | ((((white as number) >>> k) & 1) << 1)) as number;
            expect(got, `board ${k}`).toBe(want);
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});

test("the generated transpose's steps are fill-slices.ts's transpose32", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 32, maxLength: 32 }), (rows) => {
      const want = Uint32Array.from(rows);
      transpose32(want);
      const got = Uint32Array.from(rows);
      for (const { low, high, shift, mask } of transpose32Steps()) {
        const t = (((got[low] as number) >>> shift) ^ (got[high] as number)) & mask;
        got[low] = (got[low] as number) ^ (t << shift);
        got[high] = (got[high] as number) ^ t;
      }
      expect(Array.from(got)).toEqual(Array.from(want));
    }),
    { numRuns: 100 },
  );
});
