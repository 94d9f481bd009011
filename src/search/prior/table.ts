/**
 * A fitted move prior: each feature value's gamma (features.ts), as the
 * JSON file `hexbatch train-prior` writes, and as the lookup tables that
 * score candidates fast (dense where the keys are few, hashed for the
 * 12-cell patterns). Pattern and local keys are stored up to a half turn
 * (the smaller of the two codes); the lookups hold both turns.
 */
import { PATTERN_CELLS, RING_CODES, rotatePattern, rotateRing } from './frame.js';
import { CARRIER_VALUES, GROUPS, RELATION_VALUES, SAVE_VALUES, TEMPLATE_VALUES, rotateLocal } from './features.js';
import { DISTANCE_BUCKETS } from './frame.js';

export const PRIOR_FORMAT = 'hexbatch-move-prior';
export const PRIOR_VERSION = 1;

/** Gammas of keyed feature values, and the gamma of every key not listed. */
export interface KeyedGammas {
  readonly other: number;
  readonly keys: readonly number[];
  readonly gammas: readonly number[];
}

/** How a table was made (train-prior fills it in; nothing reads it back). */
export interface TrainingInfo {
  readonly games: number;
  readonly positions: number;
  readonly sizes: readonly number[];
  readonly seed: number;
  readonly iterations: number;
  readonly minCount: number;
  readonly fromMove: number;
  readonly priorGames: number;
  /** The feature groups fitted (features.ts's GROUPS); the others' gammas are all 1. */
  readonly groups: readonly string[];
  /** Where only one player's moves were learnt: the text its name (PB or PW) holds. */
  readonly player?: string;
}

/** The file's contents. */
export interface PriorTableData {
  readonly format: typeof PRIOR_FORMAT;
  readonly version: typeof PRIOR_VERSION;
  readonly game: 'hex';
  readonly training: TrainingInfo;
  readonly pattern12: KeyedGammas;
  readonly pattern6: KeyedGammas;
  /** Keyed by the last move's step and the 6-cell pattern; `far` for a candidate with no last move in its 12-cell pattern. */
  readonly local: KeyedGammas & { readonly far: number };
  readonly relation: readonly number[];
  readonly save: readonly number[];
  readonly carrier: readonly number[];
  readonly template: readonly number[];
  readonly distance: readonly number[];
}

/**
 * An open-addressing hash of 12-cell pattern codes to gammas. A slot's key
 * and gamma lie side by side in one buffer (`keys` at even indices, `gammas`
 * its float view at odd ones), so a look-up reads one cache line, not two:
 * the table is larger than the first-level cache, and the search looks up
 * every empty cell of every node it expands.
 */
export interface PatternHash {
  /** At 2·slot: the slot's key, −1 when empty. */
  readonly keys: Int32Array;
  /** At 2·slot + 1: the slot's gamma (the same buffer as `keys`). */
  readonly gammas: Float32Array;
  /** Slots − 1 (the slots are a power of two). */
  readonly mask: number;
  /** The hash's index is the top `bits` bits of the key's product with an odd constant. */
  readonly shift: number;
  readonly other: number;
}

/** A table ready to score candidates. */
export interface PriorTable {
  readonly data: PriorTableData;
  readonly pattern12: PatternHash;
  /** By 6-cell code, either turn. */
  readonly pattern6: Float32Array;
  /** By step × RING_CODES + 6-cell code (steps 0 … 11), either turn. */
  readonly local: Float32Array;
  readonly localFar: number;
  readonly relation: Float32Array;
  readonly save: Float32Array;
  readonly carrier: Float32Array;
  readonly template: Float32Array;
  readonly distance: Float32Array;
}

const HASH_MULTIPLIER = 0x9e3779b1;

export function hashSlot(hash: PatternHash, key: number): number {
  return Math.imul(key, HASH_MULTIPLIER) >>> hash.shift;
}

/** The gamma of a 12-cell pattern code (either turn). */
export function patternGamma(hash: PatternHash, key: number): number {
  const { keys, mask } = hash;
  for (let slot = hashSlot(hash, key); ; slot = (slot + 1) & mask) {
    const k = keys[2 * slot] as number;
    if (k === key) return hash.gammas[2 * slot + 1] as number;
    if (k < 0) return hash.other;
  }
}

function buildHash(keyed: KeyedGammas): PatternHash {
  let bits = 4;
  while (1 << bits < keyed.keys.length * 4) bits++;
  const buffer = new ArrayBuffer(2 * 4 * (1 << bits));
  const hash: PatternHash = {
    keys: new Int32Array(buffer).fill(-1),
    gammas: new Float32Array(buffer),
    mask: (1 << bits) - 1,
    shift: 32 - bits,
    other: keyed.other,
  };
  const put = (key: number, gamma: number) => {
    let slot = hashSlot(hash, key);
    while (hash.keys[2 * slot] !== -1 && hash.keys[2 * slot] !== key) slot = (slot + 1) & hash.mask;
    hash.keys[2 * slot] = key;
    hash.gammas[2 * slot + 1] = gamma;
  };
  keyed.keys.forEach((key, i) => {
    put(key, keyed.gammas[i] as number);
    put(rotatePattern(key), keyed.gammas[i] as number);
  });
  return hash;
}

function dense(size: number, keyed: KeyedGammas, rotate: (key: number) => number): Float32Array {
  const table = new Float32Array(size).fill(keyed.other);
  keyed.keys.forEach((key, i) => {
    table[key] = keyed.gammas[i] as number;
    table[rotate(key)] = keyed.gammas[i] as number;
  });
  return table;
}

/** The lookups of a table's data (already checked). */
export function priorTable(data: PriorTableData): PriorTable {
  return {
    data,
    pattern12: buildHash(data.pattern12),
    pattern6: dense(RING_CODES, data.pattern6, rotateRing),
    local: dense(PATTERN_CELLS * RING_CODES, data.local, rotateLocal),
    localFar: data.local.far,
    relation: Float32Array.from(data.relation),
    save: Float32Array.from(data.save),
    carrier: Float32Array.from(data.carrier),
    template: Float32Array.from(data.template),
    distance: Float32Array.from(data.distance),
  };
}

// --- Reading a table from JSON, with a message that names what is wrong.

function fail(what: string): never {
  throw new Error(`not a move prior table: ${what}`);
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${name} is not an object`);
  return value as Record<string, unknown>;
}

function gammaOf(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 3e38)
    fail(`${name} is not a positive number`);
  return value;
}

function gammaList(value: unknown, name: string, length?: number): number[] {
  if (!Array.isArray(value)) fail(`${name} is not a list`);
  if (length !== undefined && value.length !== length) fail(`${name} has ${value.length} gammas, not ${length}`);
  return value.map((v, i) => gammaOf(v, `${name}[${i}]`));
}

function keyedOf(value: unknown, name: string, keyLimit: number, rotate: (key: number) => number): KeyedGammas {
  const v = record(value, name);
  if (!Array.isArray(v['keys'])) fail(`${name}.keys is not a list`);
  const gammas = gammaList(v['gammas'], `${name}.gammas`, v['keys'].length);
  const seen = new Set<number>();
  const keys = v['keys'].map((key: unknown, i) => {
    if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key >= keyLimit)
      fail(`${name}.keys[${i}] is not a key below ${keyLimit}`);
    if (rotate(key) < key) fail(`${name}.keys[${i}] is not the smaller of its two turns`);
    if (seen.has(key)) fail(`${name}.keys[${i}] is listed twice`);
    seen.add(key);
    return key;
  });
  return { other: gammaOf(v['other'], `${name}.other`), keys, gammas };
}

function whole(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(`${name} is not a whole number`);
  return value;
}

function textOf(value: unknown, name: string): string {
  if (typeof value !== 'string') fail(`${name} is not a string`);
  return value;
}

function groupList(value: unknown): string[] {
  if (!Array.isArray(value)) fail('training.groups is not a list');
  return value.map((name, i) => {
    if (typeof name !== 'string' || !(GROUPS as readonly string[]).includes(name))
      fail(`training.groups[${i}] is not a feature group (${GROUPS.join(', ')})`);
    return name;
  });
}

function trainingOf(value: unknown): TrainingInfo {
  const v = record(value, 'training');
  if (!Array.isArray(v['sizes'])) fail('training.sizes is not a list');
  return {
    games: whole(v['games'], 'training.games'),
    positions: whole(v['positions'], 'training.positions'),
    sizes: v['sizes'].map((s, i) => whole(s, `training.sizes[${i}]`)),
    seed: whole(v['seed'], 'training.seed'),
    iterations: whole(v['iterations'], 'training.iterations'),
    minCount: whole(v['minCount'], 'training.minCount'),
    fromMove: whole(v['fromMove'], 'training.fromMove'),
    priorGames: gammaOf(v['priorGames'], 'training.priorGames'),
    groups: groupList(v['groups']),
    ...(v['player'] === undefined ? {} : { player: textOf(v['player'], 'training.player') }),
  };
}

/** A table's data from parsed JSON; throws an Error naming the first thing wrong. */
export function priorTableData(json: unknown): PriorTableData {
  const v = record(json, 'the file');
  if (v['format'] !== PRIOR_FORMAT) fail(`format is not "${PRIOR_FORMAT}"`);
  if (v['version'] !== PRIOR_VERSION) fail(`version ${String(v['version'])} is not ${PRIOR_VERSION}`);
  if (v['game'] !== 'hex') fail('game is not "hex"');
  const local = record(v['local'], 'local');
  return {
    format: PRIOR_FORMAT,
    version: PRIOR_VERSION,
    game: 'hex',
    training: trainingOf(v['training']),
    pattern12: keyedOf(v['pattern12'], 'pattern12', RING_CODES * RING_CODES, rotatePattern),
    pattern6: keyedOf(v['pattern6'], 'pattern6', RING_CODES, rotateRing),
    local: {
      ...keyedOf(local, 'local', PATTERN_CELLS * RING_CODES, rotateLocal),
      far: gammaOf(local['far'], 'local.far'),
    },
    relation: gammaList(v['relation'], 'relation', RELATION_VALUES),
    save: gammaList(v['save'], 'save', SAVE_VALUES),
    carrier: gammaList(v['carrier'], 'carrier', CARRIER_VALUES),
    template: gammaList(v['template'], 'template', TEMPLATE_VALUES),
    distance: gammaList(v['distance'], 'distance', DISTANCE_BUCKETS),
  };
}

/** A table from the text of a prior file; throws an Error saying what is wrong. */
export function parsePriorTable(text: string): PriorTable {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(`it is not JSON (${(error as Error).message})`);
  }
  return priorTable(priorTableData(json));
}

/** The file's text: one group a line, so that a rebuilt table's diff reads by group. */
export function formatPriorTable(data: PriorTableData): string {
  const lines = Object.entries(data).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
