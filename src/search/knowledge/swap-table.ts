/**
 * The swap decided from played games. The search's own judgement of an
 * opening is the value of its best stone reply, and with uniform random
 * fills that favours the same few replies whatever the opening (cells that
 * matter most to a random fill), so the decision follows the playouts more
 * than the opening. A table of games played from each opening to their end
 * says instead how often its stone's owner went on to win.
 *
 * The table counts, per Hex board size and per opening, the first player's
 * wins and the games, over games without a swap. A half turn of the board
 * keeps every position's value (swap-rule.ts), so an opening and its half
 * turn share one entry, under the cell with the lower index. The swap is
 * taken when the owner won more than half of its games, refused when fewer,
 * and left to the search on a tie or with no games.
 */
import { Color } from '../../game/color.js';
import { type CellIndex, GameKind, type Geometry, geometryOf } from '../../game/geometry.js';
import { cellName, parseCell } from '../../game/notation.js';
import { SWAP } from '../../game/position.js';
import type { SgfPosition } from '../../game/sgf-read.js';
import { halfTurn } from './swap-rule.js';
import shippedText from './swap-table.json?raw';

/** Per opening (the cell name of the lower of its half-turn pair): the first player's wins and the games. */
export type OpeningTally = Readonly<Record<string, readonly [number, number]>>;

export interface SwapTable {
  /** Which games the counts come from. */
  readonly source: string;
  /** Per Hex board size (as text, "9"). */
  readonly hex: Readonly<Record<string, OpeningTally>>;
}

/** The cell that stands for `cell` and its half turn. */
function canonical(g: Geometry, cell: CellIndex): CellIndex {
  return Math.min(cell, halfTurn(g, cell));
}

/**
 * The table of `games`: each Hex game that starts on an empty board, has
 * no swap and names its winner counts once for its first move. Sizes
 * ascend and openings follow their cells' order, so the same games give the
 * same text.
 */
export function tallyOpenings(games: readonly SgfPosition[], source: string): SwapTable {
  const counts = new Map<number, Map<CellIndex, [number, number]>>();
  for (const game of games) {
    const g = game.geometry;
    const first = game.moves[0];
    if (g.game !== GameKind.Hex || game.setup.length > 0 || first === undefined || first.move === SWAP) continue;
    if (game.winner === null || game.moves[1]?.move === SWAP) continue;
    const bySize = counts.get(g.size) ?? new Map<CellIndex, [number, number]>();
    counts.set(g.size, bySize);
    const key = canonical(g, first.move);
    const tally = bySize.get(key) ?? [0, 0];
    if (game.winner === first.player) tally[0]++;
    tally[1]++;
    bySize.set(key, tally);
  }
  const hex: Record<string, OpeningTally> = {};
  for (const size of [...counts.keys()].sort((a, b) => a - b)) {
    const g = geometryOf(GameKind.Hex, size);
    const bySize = counts.get(size) as Map<CellIndex, [number, number]>;
    hex[String(size)] = Object.fromEntries(
      [...bySize.keys()].sort((a, b) => a - b).map((c) => [cellName(g, c), bySize.get(c) as [number, number]]),
    );
  }
  return { source, hex };
}

/** The table as JSON text, an opening a line. */
export function formatSwapTable(table: SwapTable): string {
  const sizes = Object.entries(table.hex).map(([size, tally]) => {
    const lines = Object.entries(tally).map(([cell, [wins, games]]) => `      "${cell}": [${wins}, ${games}]`);
    return `    "${size}": {\n${lines.join(',\n')}\n    }`;
  });
  return `{\n  "source": ${JSON.stringify(table.source)},\n  "hex": {\n${sizes.join(',\n')}\n  }\n}\n`;
}

/** A table from JSON text; throws an Error naming what is wrong. */
export function parseSwapTable(text: string): SwapTable {
  const data = JSON.parse(text) as unknown;
  const fail = (what: string): never => {
    throw new Error(`not a swap table: ${what}`);
  };
  if (typeof data !== 'object' || data === null) return fail('not an object');
  const { source, hex } = data as { source?: unknown; hex?: unknown };
  if (typeof source !== 'string') return fail('no "source" text');
  if (typeof hex !== 'object' || hex === null) return fail('no "hex" sizes');
  for (const [size, tally] of Object.entries(hex)) {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 1) return fail(`"${size}" is not a board size`);
    const g = geometryOf(GameKind.Hex, n);
    for (const [cell, counts] of Object.entries(tally as object)) {
      const c = parseCell(g, cell);
      if (c !== canonical(g, c)) fail(`${cell} of Hex ${n} stands for its half turn`);
      const [wins, games] = counts as unknown[];
      if (
        !Number.isInteger(wins) ||
        !Number.isInteger(games) ||
        (wins as number) < 0 ||
        (wins as number) > (games as number)
      )
        fail(`${cell} of Hex ${n} has no [wins, games] pair`);
    }
  }
  return data as SwapTable;
}

/** The table that ships (bench/swap/, docs/search.md). */
export const SHIPPED_SWAP_TABLE: SwapTable = parseSwapTable(shippedText);

/**
 * Whether to swap the first stone, on `opening` of the Hex board of `g`, by
 * `table`: true when its owner won more than half of its games, false when
 * fewer, null on a tie, with no games or on Y.
 */
export function swapByTable(table: SwapTable, g: Geometry, opening: CellIndex): boolean | null {
  if (g.game !== GameKind.Hex) return null;
  const counts = table.hex[String(g.size)]?.[cellName(g, canonical(g, opening))];
  if (counts === undefined) return null;
  const [wins, games] = counts;
  return 2 * wins > games ? true : 2 * wins < games ? false : null;
}

/** The opening stone of a position where the swap may come: its only stone. */
export function openingStone(cells: ArrayLike<number>): CellIndex {
  for (let c = 0; c < cells.length; c++) if (cells[c] !== Color.Empty) return c;
  throw new Error('openingStone needs a board with one stone');
}
