/** The settings of the rules that decide a Hex opening's swap beside the search's own value: their records. */
import type { WholeBound } from './setting-values.js';
import { type SettingRecord, searchNumber, searchSwitch, whole } from './setting-record.js';

const ROWS_BOUND: WholeBound = { min: 0, max: 500 };
const SIZE_BOUND: WholeBound = { min: 1, max: 500 };

/** In the order of --help and of the settings line, after `leaf-bridge-from`. */
export const SWAP_SETTINGS: readonly SettingRecord[] = [
  searchSwitch(
    'swapTable',
    'swap-table',
    'swap-table',
    'decide the swap of a Hex opening by the games played from it (the shipped swap table) where they do, else by the search',
  ),
  searchNumber(
    {
      key: 'swapInner',
      name: 'swap-inner',
      flag: 'swap-inner',
      argument: '<rows>',
      help: 'swap at once a Hex opening whose stone is at least this many rows from every edge (0: none; the search decides the rest)',
    },
    whole(ROWS_BOUND),
  ),
  searchNumber(
    {
      key: 'swapInnerFrom',
      name: 'swap-inner-from',
      flag: 'swap-inner-from',
      argument: '<size>',
      help: 'the smallest board size on which swap-inner swaps (1: every size)',
    },
    whole(SIZE_BOUND),
  ),
  searchSwitch(
    'swapEdge',
    'swap-edge',
    'swap-edge',
    'whether the search may swap a Hex opening on the outer ring (off: keep every one)',
  ),
];
