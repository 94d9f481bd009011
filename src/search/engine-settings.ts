/**
 * The engine's settings in one table: each setting is one record (its name,
 * command-line flag, match key, parser with its bounds, default, help, and
 * what a change to it throws away). The `hexbatch htp` and `exam` options,
 * the `hexbatch-*` HTP commands, `match`'s engine settings and the settings
 * line are all made from it, so a new setting is one record here and the
 * code that reads it.
 */
import type { BackendChoice } from '../eval/create-evaluator.js';
import { FillKind, parseFillKind } from '../fill/fill.js';
import { DEFAULT_TACTICS, TACTICS_SYNTAX, formatTactics, parseTactics } from './knowledge/tactics.js';
import { SELECTIONS, Selection, parseSelection } from './selection.js';
import { DEFAULT_SECONDS, MAX_PLAYOUTS, TIME_BANK } from './move-limits.js';
import {
  H_SEARCH_FROM,
  H_SEARCH_THRESHOLD,
  KNOWLEDGE_THRESHOLD,
  MOVE_PRIOR,
  REDUCED_BOARD,
  SWAP_MOVE_PRIOR,
  REPLY_SEARCH,
  SWAP_MARGIN,
  SWAP_TABLE,
  SWAP_INNER,
  SWAP_INNER_FROM,
  SWAP_EDGE,
  H_SEARCH_WIDTH,
  LEAF_BRIDGE_FROM,
  PRIOR_REFRESH,
  AMAF_FROM,
  EXPAND_AT,
  FPU_REDUCTION,
  H_SEARCH_RECHECK,
  H_SEARCH_LAG,
  PROXIMITY_PRIOR,
  type SearchSettings,
  defaultSettings,
} from './tree/settings.js';
import {
  type DecimalBound,
  SettingValueError,
  type WholeBound,
  formatOnOff,
  parseOnOff,
  parseSeconds,
  quoted,
  wholeRangeText,
} from './setting-values.js';
import {
  type EngineSettings,
  type SettingRecord,
  decimal,
  formatNumberOrNone,
  record,
  searchNumber,
  searchSwitch,
  whole,
  wholeOrNone,
} from './setting-record.js';
import { SWAP_SETTINGS } from './swap-settings.js';

export type { EngineSettings, Rebuild, SettingRecord } from './setting-record.js';

function parseBackend(text: string): BackendChoice {
  if (text === 'cpu' || text === 'webgpu' || text === 'auto') return text;
  throw new SettingValueError(`must be cpu, webgpu or auto, not ${quoted(text)}`);
}

/** A parser whose errors are plain Errors (the game's and search's own), as SettingValueErrors. */
function rethrown<T>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      throw new SettingValueError(error instanceof Error ? error.message : String(error));
    }
  };
}

export const PLAYOUTS_BOUND: WholeBound = { min: 0, max: MAX_PLAYOUTS };
export const SEED_BOUND: WholeBound = { min: 0, max: 0xffffffff };
export const LEAVES_BOUND: WholeBound = { min: 1, max: 65_536 };
export const PLAYOUTS_PER_LEAF_BOUND: WholeBound = { min: 1, max: 1_000_000 };
const THRESHOLD_BOUND: WholeBound = { min: 1, max: 1_000_000_000 };
const AMAF_FROM_BOUND: WholeBound = { min: 0, max: 1_000_000_000 };
const PUCT_EXPLORATION_BOUND: DecimalBound = { above: 0, max: 100 };
const PRIOR_TEMPERATURE_BOUND: DecimalBound = { above: 0, max: 10 };
/** A value in win rate, as the proximity prior and the first-play reduction are. */
const WIN_RATE_BOUND: DecimalBound = { atLeast: 0, max: 1 };
const PRIOR_REFRESH_BOUND: DecimalBound = { atLeast: 0, max: 10 };
const MOVE_PRIOR_BOUND: DecimalBound = { atLeast: 0, max: 4 };
const SHARE_BOUND: DecimalBound = { atLeast: 0, max: 1 };
const SWAP_MARGIN_BOUND: DecimalBound = { atLeast: 0, max: 0.5 };
const LAG_BOUND: WholeBound = { min: 0, max: 1_000 };
const BOARD_SIZE_BOUND: WholeBound = { min: 1, max: 1_000 };
const WIDTH_BOUND: WholeBound = { min: 1, max: 64 };

const CPU_SEARCH = defaultSettings('cpu');

export const DEFAULT_ENGINE_SETTINGS: EngineSettings = {
  playouts: null,
  seconds: DEFAULT_SECONDS,
  timeBank: TIME_BANK,
  backend: 'cpu',
  seed: 0,
  fill: FillKind.Exact,
  tactics: DEFAULT_TACTICS,
  solver: true,
  selection: CPU_SEARCH.selection,
  puctExploration: CPU_SEARCH.puctExploration,
  priorTemperature: CPU_SEARCH.priorTemperature,
  proximityPrior: PROXIMITY_PRIOR,
  fpuReduction: FPU_REDUCTION,
  leavesPerRound: null,
  playoutsPerLeaf: null,
  knowledgeThreshold: KNOWLEDGE_THRESHOLD,
  hSearchThreshold: H_SEARCH_THRESHOLD,
  reducedBoard: REDUCED_BOARD,
  amafFrom: AMAF_FROM,
  expandAt: EXPAND_AT,
  priorRefresh: PRIOR_REFRESH,
  movePrior: MOVE_PRIOR,
  swapMovePrior: SWAP_MOVE_PRIOR,
  replySearch: REPLY_SEARCH,
  swapMargin: SWAP_MARGIN,
  swapTable: SWAP_TABLE,
  swapInner: SWAP_INNER,
  swapInnerFrom: SWAP_INNER_FROM,
  swapEdge: SWAP_EDGE,
  hSearchWidth: H_SEARCH_WIDTH,
  leafBridgeFrom: LEAF_BRIDGE_FROM,
  hSearchFrom: H_SEARCH_FROM,
  hSearchRecheck: H_SEARCH_RECHECK,
  hSearchLag: H_SEARCH_LAG,
  // The engine's time bank spends what the stop saves; a search on its own has nothing to spend it on (SearchSettings: off).
  stopEarly: TIME_BANK,
};

/** Every setting, in the order of --help and of the settings line. */
export const SETTINGS: readonly SettingRecord[] = [
  record({
    key: 'playouts',
    name: 'playouts',
    flag: 'playouts',
    argument: '<n>',
    help: 'playouts per move (0: none; deterministic for a seed when given alone)',
    parse: wholeOrNone(PLAYOUTS_BOUND),
    range: wholeRangeText(PLAYOUTS_BOUND),
    format: formatNumberOrNone('none'),
    rebuild: 'nothing',
    search: false,
    inMatch: true,
    defaultText: 'none',
  }),
  record({
    key: 'seconds',
    name: 'time',
    flag: 'time',
    argument: '<seconds>',
    help: 'time per move in seconds (0: none)',
    parse: parseSeconds,
    format: formatNumberOrNone('none'),
    rebuild: 'nothing',
    search: false,
    inMatch: true,
    defaultText: `${DEFAULT_SECONDS}, or none with --playouts`,
  }),
  record({
    key: 'timeBank',
    name: 'time-bank',
    flag: 'time-bank',
    argument: '<on|off>',
    help: "make --time the mean a move takes over a game: a move may take 3 times it, less what the game's moves have overdrawn or with half what they saved, up to 6 times it",
    parse: parseOnOff,
    format: formatOnOff,
    rebuild: 'nothing',
    search: false,
    inMatch: true,
  }),
  record({
    key: 'backend',
    name: 'backend',
    flag: 'backend',
    argument: '<backend>',
    help: 'the evaluator: cpu, webgpu or auto',
    parse: parseBackend,
    format: String,
    rebuild: 'evaluator',
    search: false,
    inMatch: true,
  }),
  record({
    key: 'seed',
    name: 'seed',
    flag: 'seed',
    argument: '<n>',
    help: 'seed of the search',
    ...whole(SEED_BOUND),
    format: String,
    rebuild: 'search',
    search: false,
    inMatch: false,
  }),
  record({
    key: 'fill',
    name: 'fill',
    flag: 'fill',
    argument: '<kind>',
    help: "the playouts' fill: exact or coin",
    parse: rethrown(parseFillKind),
    format: String,
    rebuild: 'search',
    search: true,
    inMatch: true,
  }),
  record({
    key: 'tactics',
    name: 'tactics',
    flag: 'tactics',
    argument: '<list>',
    help: `exact tactics: ${TACTICS_SYNTAX}`,
    parse: rethrown(parseTactics),
    format: formatTactics,
    rebuild: 'search',
    search: true,
    inMatch: true,
    defaultText: 'on',
  }),
  searchSwitch('solver', 'solver', 'solver', 'solve late positions exactly at the root'),
  record({
    key: 'selection',
    name: 'selection',
    flag: 'selection',
    argument: '<rule>',
    help: `the search's selection rule: ${SELECTIONS.join(', ')} (docs/search.md)`,
    parse: rethrown(parseSelection),
    format: String,
    rebuild: 'search',
    search: true,
    inMatch: true,
  }),
  record({
    key: 'selection',
    name: 'rave',
    flag: 'rave',
    argument: '<on|off>',
    help: 'the older switch: on is --selection uct-rave, off --selection uct',
    parse: (t) => (parseOnOff(t) ? Selection.UctRave : Selection.Uct),
    format: (s) => formatOnOff(s === Selection.UctRave),
    rebuild: 'search',
    search: true,
    inMatch: true,
    defaultText: 'none',
  }),
  searchNumber(
    {
      key: 'puctExploration',
      name: 'puct-exploration',
      flag: 'puct-exploration',
      argument: '<c>',
      help: "PUCT's exploration constant, with --selection puct-amaf",
    },
    decimal(PUCT_EXPLORATION_BOUND),
  ),
  searchNumber(
    {
      key: 'priorTemperature',
      name: 'prior-temperature',
      flag: 'prior-temperature',
      argument: '<t>',
      help: "the AMAF prior's softmax temperature, with --selection puct-amaf",
    },
    decimal(PRIOR_TEMPERATURE_BOUND),
  ),
  searchNumber(
    {
      key: 'proximityPrior',
      name: 'proximity',
      flag: 'proximity-prior',
      argument: '<p>',
      help: "the prior's head start, in win rate, for moves that touch the opponent's last move or are a bridge away from it, with --selection puct-amaf (0: none)",
    },
    decimal(WIN_RATE_BOUND),
  ),
  searchNumber(
    {
      key: 'fpuReduction',
      name: 'fpu',
      flag: 'fpu-reduction',
      argument: '<r>',
      help: "with --selection puct-amaf, how much less than its tried siblings' mean an untried move is worth, in win rate, times the root of the prior's share tried (0: none)",
    },
    decimal(WIN_RATE_BOUND),
  ),
  record({
    key: 'leavesPerRound',
    name: 'leaves',
    flag: 'leaves',
    argument: '<n>',
    help: 'leaves per round (B)',
    ...whole(LEAVES_BOUND),
    format: formatNumberOrNone('default'),
    rebuild: 'search',
    search: true,
    inMatch: true,
    defaultText: "the backend's",
  }),
  record({
    key: 'playoutsPerLeaf',
    name: 'per-leaf',
    flag: 'playouts-per-leaf',
    argument: '<n>',
    help: 'playouts per leaf (K)',
    ...whole(PLAYOUTS_PER_LEAF_BOUND),
    format: formatNumberOrNone('default'),
    rebuild: 'search',
    search: true,
    inMatch: true,
    defaultText: "the backend's",
  }),
  searchNumber(
    {
      key: 'knowledgeThreshold',
      name: 'knowledge',
      flag: 'knowledge-threshold',
      argument: '<n>',
      help: 'leaves below a node before the mustplay tactic prunes its moves',
    },
    whole(THRESHOLD_BOUND),
  ),
  searchNumber(
    {
      key: 'hSearchThreshold',
      name: 'h-search',
      flag: 'h-search-threshold',
      argument: '<n>',
      help: 'leaves below a node before the h-search tactic looks at it (the root: at once)',
    },
    whole(THRESHOLD_BOUND),
  ),
  searchSwitch(
    'reducedBoard',
    'reduced',
    'reduced-board',
    "evaluate each leaf on its parent's board with the dead cells filled and the captured pairs given to their captors (Hex)",
  ),
  searchNumber(
    {
      key: 'amafFrom',
      name: 'amaf-from',
      flag: 'amaf-from',
      argument: '<n>',
      help: 'with --selection puct-amaf or uct-rave, leaves below a node before it keeps AMAF counts (0: from the first)',
    },
    whole(AMAF_FROM_BOUND),
  ),
  searchNumber(
    {
      key: 'expandAt',
      name: 'expand-at',
      flag: 'expand-at',
      argument: '<n>',
      help: 'leaves a node must have had before its children are made; until then it is evaluated again (1: at its second descent)',
    },
    whole(THRESHOLD_BOUND),
  ),
  searchNumber(
    {
      key: 'priorRefresh',
      name: 'prior-refresh',
      flag: 'prior-refresh',
      argument: '<f>',
      help: "with --selection puct-amaf, how much a node's visits grow before new AMAF counts remake its priors, as a fraction (0: after every back-up)",
    },
    decimal(PRIOR_REFRESH_BOUND),
  ),
  searchNumber(
    {
      key: 'movePrior',
      name: 'move-prior',
      flag: 'move-prior',
      argument: '<power>',
      help: "with --selection puct-amaf, the learned move prior's weight: its pattern strengths raised to this power multiply PUCT's P (0: none; Hex)",
    },
    decimal(MOVE_PRIOR_BOUND),
  ),
  searchNumber(
    {
      key: 'swapMovePrior',
      name: 'swap-move-prior',
      flag: 'swap-move-prior',
      argument: '<power>',
      help: "the learned move prior's power in the searches that decide a swap: the first move's reply searches and the search where a swap may answer",
    },
    decimal(MOVE_PRIOR_BOUND),
  ),
  searchSwitch(
    'replySearch',
    'reply-search',
    'reply-search',
    "where a swap may answer: decide it with half the move's time at the swap's prior power, and where the stone is kept, choose the reply with the rest at the tree's own power",
  ),
  searchNumber(
    {
      key: 'swapMargin',
      name: 'swap-margin',
      flag: 'swap-margin',
      argument: '<share>',
      help: 'swap when the best stone reply to the first move is worth less than ½ plus this (0 to 0.5): the stone is worth more than the playouts show',
    },
    decimal(SWAP_MARGIN_BOUND),
  ),
  searchNumber(
    {
      key: 'leafBridgeFrom',
      name: 'leaf-bridge-from',
      flag: 'leaf-bridge-from',
      argument: '<size>',
      help: 'with the leaf-bridge tactic, the smallest board size whose leaves have their bridges split before the playouts (1: every size)',
    },
    whole(BOARD_SIZE_BOUND),
  ),
  ...SWAP_SETTINGS,
  searchNumber(
    {
      key: 'hSearchWidth',
      name: 'h-search-width',
      flag: 'h-search-width',
      argument: '<n>',
      help: "H-search's width at the tree's nodes below the root: full connections kept per pair of points, and half as many again semi-connections",
    },
    whole(WIDTH_BOUND),
  ),
  searchNumber(
    {
      key: 'hSearchFrom',
      name: 'h-search-from',
      flag: 'h-search-from',
      argument: '<share>',
      help: 'the share of the cells that must hold stones before the h-search tactic looks at a position (0: from the first move)',
    },
    decimal(SHARE_BOUND),
  ),
  searchSwitch(
    'hSearchRecheck',
    'h-search-recheck',
    'h-search-recheck',
    "whether the h-search tactic looks for the side to move's own connection of the game below a node it has looked at (off: the opponent's only)",
  ),
  searchNumber(
    {
      key: 'hSearchLag',
      name: 'h-search-lag',
      flag: 'h-search-lag',
      argument: '<rounds>',
      help: "the most rounds after which the h-search tactic's findings at a tree node apply (sooner, once found, under a time limit), the search going on meanwhile and H-search running on a thread of its own (0: at once, on the search's thread)",
    },
    whole(LAG_BOUND),
  ),
  searchSwitch(
    'stopEarly',
    'stop-early',
    'stop-early',
    'end a move once its most visited move can no longer be overtaken by the playouts its time or playouts have left',
  ),
];

/** The record called `name` (its match key and HTP word), or undefined. */
export function settingNamed(name: string): SettingRecord | undefined {
  return SETTINGS.find((s) => s.name === name);
}

/** A setting's value-error message after its name: "--seed must be …", or "--fill: unknown fill …". */
export function withName(name: string, message: string): string {
  return /^must /.test(message) ? `${name} ${message}` : `${name}: ${message}`;
}

/** The bounds and default a setting's --help adds to its help text. */
export function settingHelp(setting: SettingRecord, defaults: Partial<EngineSettings> = {}): string {
  const value = setting.key in defaults ? defaults[setting.key] : DEFAULT_ENGINE_SETTINGS[setting.key];
  const shown = setting.defaultText ?? setting.format(value as never);
  return `${setting.help}; default ${shown}${setting.range === undefined ? '' : ` (${setting.range})`}`;
}

/** The settings line: the game's, then every setting's name and value. */
export function describeSettings(
  settings: EngineSettings,
  game: { readonly game: string; readonly size: number; readonly swap: boolean },
): string {
  const words = [`game ${game.game}`, `size ${game.size}`, `swap ${formatOnOff(game.swap)}`];
  for (const s of SETTINGS) if (s.name !== 'rave') words.push(`${s.name} ${s.format(settings[s.key] as never)}`);
  return words.join(' ');
}

/** The search's settings for an engine's, on a backend: its defaults where the engine leaves B and K to it. */
export function searchSettingsOf(settings: EngineSettings, backend: 'cpu' | 'webgpu'): SearchSettings {
  const search: Record<string, unknown> = { ...defaultSettings(backend, settings.seed) };
  for (const s of SETTINGS) if (s.search && settings[s.key] !== null) search[s.key] = settings[s.key];
  return search as unknown as SearchSettings;
}
