/**
 * The move prior's view of a Hex board: every cell's 12-cell neighbourhood
 * (its 6 neighbours, then its 6 bridge cells) and the 6 cells two steps
 * away in a straight line, read in the frame of the side to move.
 *
 * The frame makes one table serve both sides. Black's view is the board as
 * it is; white's is the board mirrored across the long diagonal with the
 * colours exchanged, which maps Hex's rules onto themselves. In that frame
 * the side to move always joins the top and bottom rows, so "own edge" and
 * "opponent edge" are rows and columns. The frame's other symmetry, the
 * half turn, maps step k of a ring to step k + 3 (ring order below), so a
 * pattern turned half round is its code with the two halves of each ring's
 * digits exchanged (rotatePattern).
 */
import { Color, type Player } from '../../game/color.js';
import { GameKind, type Geometry, HEX_RING_STEPS } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';

/** What a pattern cell holds, seen by the side to move: one base-5 digit. */
export const EMPTY = 0;
export const OWN = 1;
export const OPPONENT = 2;
/** Off the board beyond one of the mover's own goal edges (a row in the frame). */
export const OWN_EDGE = 3;
/** Off the board beyond one of the opponent's edges (a column in the frame). */
export const OPPONENT_EDGE = 4;

/** Cells in a ring, and the ring's digits' range: 5^6. */
export const RING_CELLS = 6;
export const RING_CODES = 15_625;
/** The 12-cell pattern: the neighbour ring's code + RING_CODES × the bridge ring's code. */
export const PATTERN_CELLS = 12;
/** Cells a cell's frame lists: the two pattern rings, then the straight ring two steps out. */
export const AROUND = 18;

/** Steps of the three rings, in the frame's (row, column) terms; bridge k's carrier is neighbours k and k + 1. */
export const FRAME_STEPS: readonly (readonly [number, number])[] = [
  ...HEX_RING_STEPS,
  ...HEX_RING_STEPS.map(([r, c], k) => {
    const [r2, c2] = HEX_RING_STEPS[(k + 1) % RING_CELLS] as readonly [number, number];
    return [r + r2, c + c2] as const;
  }),
  ...HEX_RING_STEPS.map(([r, c]) => [2 * r, 2 * c] as const),
];

/** The same place turned half round: step k of a ring becomes step k + 3 of the same ring. */
export function turnedStep(k: number): number {
  return k - (k % RING_CELLS) + (((k % RING_CELLS) + 3) % RING_CELLS);
}

/** A ring's code turned half round: its low three digits and its high three exchange places. */
export function rotateRing(code: number): number {
  return Math.floor(code / 125) + (code % 125) * 125;
}

/** A 12-cell pattern's code turned half round. */
export function rotatePattern(code: number): number {
  return rotateRing(code % RING_CODES) + RING_CODES * rotateRing(Math.floor(code / RING_CODES));
}

/** Rows (in the frame) a cell lies from the mover's nearer edge, and columns from the opponent's, each capped at 4: 5 × 5 buckets. */
export const DISTANCE_BUCKETS = 25;

/** The frame of one side to move: 0 for black, 1 for white. */
export type Orientation = 0 | 1;

export function orientationOf(mover: Player): Orientation {
  return mover === Color.Black ? 0 : 1;
}

export interface Frame {
  /** Per orientation: cell c's AROUND cells are around[c·AROUND …], each a cell index, or cellCount off the board. */
  readonly around: readonly [Int32Array, Int32Array];
  /** Per orientation: the pattern code that the off-board cells of c's 12-cell pattern give (OWN_EDGE or OPPONENT_EDGE digits). */
  readonly offBoard: readonly [Int32Array, Int32Array];
  /** Per orientation: c's distance bucket (own-edge distance × 5 + opponent-edge distance). */
  readonly distance: readonly [Uint8Array, Uint8Array];
}

/** 5^k for each pattern digit. */
export const DIGIT_WEIGHT: readonly number[] = Array.from({ length: PATTERN_CELLS }, (_, k) => 5 ** k);

function build(g: Geometry): Frame {
  if (g.game !== GameKind.Hex) throw new Error('the move prior is for Hex only');
  const n = g.size as number;
  const orientation = (o: Orientation) => {
    const around = new Int32Array(g.cellCount * AROUND);
    const offBoard = new Int32Array(g.cellCount);
    const distance = new Uint8Array(g.cellCount);
    for (let cell = 0; cell < g.cellCount; cell++) {
      const r = g.row[cell] as number;
      const c = g.col[cell] as number;
      // The frame's coordinates: white's frame is the board mirrored across the long diagonal.
      const [fr, fc] = o === 0 ? [r, c] : [c, r];
      FRAME_STEPS.forEach(([dr, dc], k) => {
        const tr = fr + dr;
        const tc = fc + dc;
        const onBoard = tr >= 0 && tr < n && tc >= 0 && tc < n;
        around[cell * AROUND + k] = onBoard ? (o === 0 ? g.index(tr, tc) : g.index(tc, tr)) : g.cellCount;
        // A cell beyond both a row and a column (past a corner) counts as beyond the row: the mover's edge.
        if (!onBoard && k < PATTERN_CELLS)
          offBoard[cell] =
            (offBoard[cell] as number) + (tr < 0 || tr >= n ? OWN_EDGE : OPPONENT_EDGE) * (DIGIT_WEIGHT[k] as number);
      });
      distance[cell] = Math.min(4, fr, n - 1 - fr) * 5 + Math.min(4, fc, n - 1 - fc);
    }
    return { around, offBoard, distance };
  };
  const black = orientation(0);
  const white = orientation(1);
  return {
    around: [black.around, white.around],
    offBoard: [black.offBoard, white.offBoard],
    distance: [black.distance, white.distance],
  };
}

/** The frame of a Hex geometry (made once per geometry); throws for Y. */
export const frameOf = perGeometry(build);

/** The digit each cell colour gives, for each side to move (index: orientation × 3 + colour). */
const DIGIT_OF_COLOR = Int32Array.from([EMPTY, OWN, OPPONENT, EMPTY, OPPONENT, OWN]);

/**
 * Each cell's digit for the side to move in orientation `o`, into `digits`
 * (cellCount + 1 entries: the last, where off-board steps point, stays 0,
 * so that a pattern's sum needs no test; its off-board digits come from
 * Frame.offBoard).
 */
export function fillDigits(o: Orientation, cells: Readonly<Uint8Array>, digits: Int32Array): void {
  const base = o * 3;
  for (let c = 0; c < cells.length; c++) digits[c] = DIGIT_OF_COLOR[base + (cells[c] as number)] as number;
  digits[cells.length] = 0;
}

/** The 12-cell pattern code of `cell` in orientation `o`'s frame, from the digits fillDigits wrote. */
export function patternCode(frame: Frame, o: Orientation, digits: Int32Array, cell: number): number {
  const a = frame.around[o];
  const at = cell * AROUND;
  const d = (k: number) => digits[a[at + k] as number] as number;
  return (
    (frame.offBoard[o][cell] as number) +
    d(0) +
    5 * d(1) +
    25 * d(2) +
    125 * d(3) +
    625 * d(4) +
    3125 * d(5) +
    15_625 * (d(6) + 5 * d(7) + 25 * d(8) + 125 * d(9) + 625 * d(10) + 3125 * d(11))
  );
}

/** Digit k (0 … 5) of a ring's code. */
export function ringDigit(code: number, k: number): number {
  return Math.floor(code / 5 ** k) % 5;
}
