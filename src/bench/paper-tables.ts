/**
 * The BPR paper's Tables 2 and 3 (Browne & Tavener, "Bitwise-Parallel Reduction
 * for Connection Tests", IEEE TCIAIG 4, 2012): milliseconds per 10,000
 * trials, the mean over 1,000 sets with its 95% confidence half-width, on
 * Java 1.6 and a dual-core i5. A trial is a random playout with win testing
 * minus one without it, halted at the same move. Table 2 tests once per game
 * (the full board), Table 3 after every move.
 */
import { GameKind } from '../game/geometry.js';

export const PAPER_SIZES: readonly number[] = [7, 9, 11, 13, 15, 17, 19];

export interface PaperRow {
  readonly table: 2 | 3;
  readonly game: GameKind;
  /** As the paper names it: UF, WQHUF, Path, BPR (Table 2) or BPR+ (Table 3). */
  readonly method: string;
  /** Per size in PAPER_SIZES: [mean, 95% half-width], ms per 10,000 trials. */
  readonly ms: readonly (readonly [number, number])[];
}

export const PAPER_ROWS: readonly PaperRow[] = [
  {
    table: 2,
    game: GameKind.Hex,
    method: 'UF',
    ms: [
      [34.47, 0.221],
      [64.3, 0.135],
      [94.34, 0.163],
      [121.7, 0.208],
      [160.6, 0.189],
      [205.5, 0.283],
      [256.2, 0.222],
    ],
  },
  {
    table: 2,
    game: GameKind.Hex,
    method: 'WQHUF',
    ms: [
      [35.9, 0.183],
      [62.6, 0.15],
      [91.21, 0.175],
      [119.8, 0.252],
      [153.6, 0.205],
      [196.0, 0.234],
      [245.3, 0.443],
    ],
  },
  {
    table: 2,
    game: GameKind.Hex,
    method: 'Path',
    ms: [
      [9.83, 0.072],
      [16.83, 0.05],
      [23.51, 0.054],
      [31.15, 0.058],
      [40.98, 0.09],
      [51.77, 0.093],
      [64.14, 0.123],
    ],
  },
  {
    table: 2,
    game: GameKind.Hex,
    method: 'BPR',
    ms: [
      [1.44, 0.013],
      [2.61, 0.019],
      [3.16, 0.01],
      [4.3, 0.016],
      [5.13, 0.021],
      [7.04, 0.04],
      [8.6, 0.029],
    ],
  },
  {
    table: 2,
    game: GameKind.Y,
    method: 'UF',
    ms: [
      [30.85, 0.103],
      [52.3, 0.14],
      [69.23, 0.102],
      [94.57, 0.166],
      [123.5, 0.237],
      [159.0, 0.213],
      [197.4, 0.345],
    ],
  },
  {
    table: 2,
    game: GameKind.Y,
    method: 'WQHUF',
    ms: [
      [30.76, 0.082],
      [51.37, 0.128],
      [68.34, 0.147],
      [93.8, 0.155],
      [123.2, 0.192],
      [157.1, 0.206],
      [194.1, 0.326],
    ],
  },
  {
    table: 2,
    game: GameKind.Y,
    method: 'Path',
    ms: [
      [7.05, 0.067],
      [12.54, 0.044],
      [16.91, 0.05],
      [23.22, 0.061],
      [29.42, 0.062],
      [38.38, 0.073],
      [48.31, 0.104],
    ],
  },
  {
    table: 2,
    game: GameKind.Y,
    method: 'BPR',
    ms: [
      [0.7, 0.007],
      [1.19, 0.013],
      [1.42, 0.009],
      [1.78, 0.012],
      [2.32, 0.014],
      [2.94, 0.013],
      [3.31, 0.013],
    ],
  },
  {
    table: 3,
    game: GameKind.Hex,
    method: 'UF',
    ms: [
      [38.39, 0.09],
      [66.67, 0.146],
      [92.35, 0.145],
      [128.8, 0.233],
      [170.4, 0.237],
      [218.4, 0.239],
      [279.8, 0.614],
    ],
  },
  {
    table: 3,
    game: GameKind.Hex,
    method: 'WQHUF',
    ms: [
      [38.59, 0.071],
      [66.61, 0.139],
      [92.93, 0.153],
      [128.0, 0.158],
      [170.8, 0.18],
      [219.9, 0.261],
      [278.7, 0.548],
    ],
  },
  {
    table: 3,
    game: GameKind.Hex,
    method: 'Path',
    ms: [
      [159.6, 0.369],
      [419.4, 0.664],
      [757.8, 1.425],
      [1379.0, 1.299],
      [2334.0, 3.044],
      [3778.0, 4.919],
      [5924.0, 13.32],
    ],
  },
  {
    table: 3,
    game: GameKind.Hex,
    method: 'BPR+',
    ms: [
      [65.93, 0.146],
      [131.4, 0.231],
      [226.8, 0.394],
      [357.5, 0.783],
      [508.7, 0.905],
      [708.0, 1.476],
      [943.1, 1.729],
    ],
  },
  {
    table: 3,
    game: GameKind.Y,
    method: 'UF',
    ms: [
      [21.57, 0.08],
      [31.63, 0.105],
      [40.12, 0.107],
      [53.45, 0.183],
      [67.15, 0.172],
      [85.48, 0.206],
      [100.1, 0.212],
    ],
  },
  {
    table: 3,
    game: GameKind.Y,
    method: 'WQHUF',
    ms: [
      [21.9, 0.088],
      [32.14, 0.107],
      [40.75, 0.11],
      [53.67, 0.184],
      [68.0, 0.163],
      [86.88, 0.192],
      [103.5, 0.173],
    ],
  },
  {
    table: 3,
    game: GameKind.Y,
    method: 'Path',
    ms: [
      [82.36, 0.27],
      [179.9, 0.372],
      [312.8, 0.445],
      [543.0, 0.67],
      [890.5, 1.161],
      [1430.0, 1.996],
      [2067.0, 3.794],
    ],
  },
  {
    table: 3,
    game: GameKind.Y,
    method: 'BPR+',
    ms: [
      [22.64, 0.062],
      [47.34, 0.085],
      [83.34, 0.167],
      [126.2, 0.246],
      [182.2, 0.26],
      [251.9, 0.232],
      [342.5, 0.632],
    ],
  },
];
