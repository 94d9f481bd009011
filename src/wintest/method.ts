/**
 * The one interface every win-test method implements. A method is made for
 * one geometry (so it can precompute masks and tables), then decides boards.
 */
import type { Color, Winner } from '../game/color.js';
import type { CellIndex, Cells, Geometry } from '../game/geometry.js';
import { GameKind } from '../game/geometry.js';

/** Boards already converted to a method's native form, decided in one call. */
export interface PreparedBatch {
  readonly count: number;
  /** Writes each board's winner (a Color) into out[0 .. count). */
  decideAll(out: Uint8Array): void;
}

/** A method made for one geometry, deciding whole boards. */
export interface BoardWinTest {
  /** Black, White, or Color.Empty when nobody has won (yet). */
  winner(cells: Cells): Winner;
  /**
   * Converts boards to the method's native form once, so that a benchmark
   * times the test alone (as a GPU kernel or a fill writing that form
   * directly would see it).
   */
  prepare(boards: readonly Cells[]): PreparedBatch;
}

/** A win test that is updated one stone at a time. */
export interface IncrementalWinTest {
  /** Empties the board. */
  reset(): void;
  /** Places a stone on an empty cell. */
  play(cell: CellIndex, color: Color.Black | Color.White): void;
  /** The winner so far, or Color.Empty. */
  winner(): Winner;
}

/** What a method can decide. */
export interface MethodSupport {
  readonly games: readonly GameKind[];
  /** False for methods that need every cell filled. */
  readonly partialBoards: boolean;
  /** True when createIncremental exists. */
  readonly incremental: boolean;
  /** True when the method decides boards in batches (of 32) natively, so that winner() on one board wastes the rest. */
  readonly batches: boolean;
}

/** A win-test method: its name and what it supports, and a factory per geometry. */
export interface WinTestMethod {
  readonly name: string;
  readonly summary: string;
  readonly supports: MethodSupport;
  /** The method made for `g` (masks and tables precomputed). */
  create(g: Geometry): BoardWinTest;
  /** The method as a test updated per stone, where it has one. */
  createIncremental?(g: Geometry): IncrementalWinTest;
}

export const BOTH_GAMES: readonly GameKind[] = [GameKind.Hex, GameKind.Y];

/** A PreparedBatch for methods whose native form is the cells themselves. */
export function cellsBatch(test: Pick<BoardWinTest, 'winner'>, boards: readonly Cells[]): PreparedBatch {
  const copies = boards.map((b) => b.slice());
  return {
    count: copies.length,
    decideAll(out) {
      for (let i = 0; i < copies.length; i++) out[i] = test.winner(copies[i] as Cells);
    },
  };
}

/** Thrown when a full-board-only method is given a board with empty cells. */
export function refusePartial(method: string): never {
  throw new Error(`${method} decides full boards only, and this board has empty cells`);
}
