/**
 * What one of the engine's settings is: the values the engine takes, and
 * the record that makes a setting an option, a command, a match key and a
 * word of the settings line (engine-settings.ts holds the table).
 */
import type { BackendChoice } from '../eval/create-evaluator.js';
import type { FillKind } from '../fill/fill.js';
import type { TacticSet } from './knowledge/tactics.js';
import type { Selection } from './selection.js';
import {
  type DecimalBound,
  type WholeBound,
  decimalRangeText,
  formatOnOff,
  parseDecimal,
  parseOnOff,
  parseWhole,
  wholeRangeText,
} from './setting-values.js';

export interface EngineSettings {
  readonly playouts: number | null;
  /** Seconds per move, or null for none. */
  readonly seconds: number | null;
  /** Whether `seconds` is the mean a move takes over a game rather than the most (htp/time-bank.ts). */
  readonly timeBank: boolean;
  readonly backend: BackendChoice;
  readonly seed: number;
  /** The playouts' fill (SearchSettings.fill). */
  readonly fill: FillKind;
  /** The search's exact tactics switched on (SearchSettings.tactics). */
  readonly tactics: TacticSet;
  /** The root solver for late positions (SearchSettings.solver). */
  readonly solver: boolean;
  /** The search's selection rule, and PUCT's two constants (SearchSettings). */
  readonly selection: Selection;
  readonly puctExploration: number;
  readonly priorTemperature: number;
  /** PUCT-AMAF's head start for the moves near the opponent's last (SearchSettings.proximityPrior). */
  readonly proximityPrior: number;
  /** PUCT-AMAF's first-play reduction (SearchSettings.fpuReduction). */
  readonly fpuReduction: number;
  /** Leaves per round (B) and playouts per leaf (K); null: the backend's default. */
  readonly leavesPerRound: number | null;
  readonly playoutsPerLeaf: number | null;
  /** Leaves below a node before `mustplay` prunes it (SearchSettings.knowledgeThreshold). */
  readonly knowledgeThreshold: number;
  /** Leaves below a node before `h-search` looks at it (SearchSettings.hSearchThreshold). */
  readonly hSearchThreshold: number;
  /** Playouts on the parent's reduced board (SearchSettings.reducedBoard). */
  readonly reducedBoard: boolean;
  /** The leaves below a node before it keeps AMAF counts (SearchSettings.amafFrom); 0 from the first. */
  readonly amafFrom: number;
  /** The leaves a node must have had before its children are made (SearchSettings.expandAt). */
  readonly expandAt: number;
  /** The growth of a node's visits before new AMAF counts remake its priors (SearchSettings.priorRefresh). */
  readonly priorRefresh: number;
  /** The learned move prior's power λ in PUCT's P (SearchSettings.movePrior); 0 for none. */
  readonly movePrior: number;
  /** The move prior's power λ in the searches that decide a swap (SearchSettings.swapMovePrior). */
  readonly swapMovePrior: number;
  /** Whether a kept opening's reply is chosen by a search at the tree's prior power (SearchSettings.replySearch). */
  readonly replySearch: boolean;
  /** Swap when the best stone reply is worth less than ½ plus this (SearchSettings.swapMargin). */
  readonly swapMargin: number;
  /** Whether the shipped swap table decides the swap where it can (SearchSettings.swapTable). */
  readonly swapTable: boolean;
  /** Swap at once an opening at least this many rows from every edge (SearchSettings.swapInner); 0 for none. */
  readonly swapInner: number;
  /** The smallest board size on which `swapInner` swaps (SearchSettings.swapInnerFrom). */
  readonly swapInnerFrom: number;
  /** Whether the search may swap an opening on the outer ring (SearchSettings.swapEdge). */
  readonly swapEdge: boolean;
  /** H-search's width below the root (SearchSettings.hSearchWidth). */
  readonly hSearchWidth: number;
  /** With `leaf-bridge`, the smallest board size whose leaves' bridges are split (SearchSettings.leafBridgeFrom). */
  readonly leafBridgeFrom: number;
  /** The share of the cells that must hold stones before H-search looks at a position (SearchSettings.hSearchFrom). */
  readonly hSearchFrom: number;
  /** Whether H-search looks for the side to move's own connection below a node it looked at (SearchSettings.hSearchRecheck). */
  readonly hSearchRecheck: boolean;
  /** The rounds after which a tree node's H-search is applied, made off the search's thread (SearchSettings.hSearchLag); 0 at once. */
  readonly hSearchLag: number;
  /** Whether a search ends once its most visited move can no longer be overtaken (SearchSettings.stopEarly). */
  readonly stopEarly: boolean;
}

/** What a change to a setting throws away: nothing, the search's tree, or the evaluator too. */
export type Rebuild = 'nothing' | 'search' | 'evaluator';

/** One setting: everything that makes it an option, a command, a match key and a part of the settings line. */
export interface SettingRecord<K extends keyof EngineSettings = keyof EngineSettings> {
  readonly key: K;
  /** The match key, the HTP command (`hexbatch-<name>`) and the settings line's word. */
  readonly name: string;
  /** The command-line option, without its dashes. */
  readonly flag: string;
  /** How the option's value reads in --help, e.g. `<n>`. */
  readonly argument: string;
  /** What the setting does, for --help; the default and bounds are added. */
  readonly help: string;
  readonly parse: (text: string) => EngineSettings[K];
  readonly format: (value: EngineSettings[K]) => string;
  readonly rebuild: Rebuild;
  /** False for a setting a match gives each game itself (the seed). */
  readonly inMatch: boolean;
  /** True when the search takes the value as its own setting of the same name (null: the backend's default). */
  readonly search: boolean;
  /** The default as --help shows it, where it is not the default value itself. */
  readonly defaultText?: string;
  /** The values' range as --help shows it, for numbers. */
  readonly range?: string;
}

export const record = <K extends keyof EngineSettings>(r: SettingRecord<K>): SettingRecord =>
  r as unknown as SettingRecord;

/** What a search setting's record always says: a change rebuilds the search, which takes it by name, and a match may set it. */
const OF_THE_SEARCH = { rebuild: 'search', search: true, inMatch: true } as const;

/** The settings whose values are on or off. */
type SwitchKey = { [P in keyof EngineSettings]: EngineSettings[P] extends boolean ? P : never }[keyof EngineSettings];

/** An on/off setting of the search's, a match key too. */
export const searchSwitch = <K extends SwitchKey>(key: K, name: string, flag: string, help: string): SettingRecord =>
  record<K>({
    key,
    name,
    flag,
    argument: '<on|off>',
    help,
    parse: parseOnOff as (text: string) => EngineSettings[K],
    format: formatOnOff as (value: EngineSettings[K]) => string,
    ...OF_THE_SEARCH,
  });

/** The settings whose values are numbers. */
type NumberKey = { [P in keyof EngineSettings]: EngineSettings[P] extends number ? P : never }[keyof EngineSettings];

/** What names a setting and tells what it does. */
interface SettingNames<K> {
  readonly key: K;
  readonly name: string;
  readonly flag: string;
  readonly argument: string;
  readonly help: string;
}

/** A number setting of the search's, a match key too, read by `parsing` (whole or decimal). */
export const searchNumber = <K extends NumberKey>(
  names: SettingNames<K>,
  parsing: { readonly parse: (text: string) => number; readonly range: string },
): SettingRecord =>
  record<K>({
    ...names,
    parse: parsing.parse as (text: string) => EngineSettings[K],
    range: parsing.range,
    format: String as (value: EngineSettings[K]) => string,
    ...OF_THE_SEARCH,
  });

/** A setting's parser and its range text, from its one bound. */
export const whole = (bound: WholeBound) => ({
  parse: (t: string) => parseWhole(bound, t),
  range: wholeRangeText(bound),
});
export const decimal = (bound: DecimalBound) => ({
  parse: (t: string) => parseDecimal(bound, t),
  range: decimalRangeText(bound),
});
export const wholeOrNone = (bound: WholeBound) => (text: string) =>
  text.trim() === '0' ? null : parseWhole(bound, text);
export const formatNumberOrNone = (none: string) => (value: number | null) => (value === null ? none : String(value));
