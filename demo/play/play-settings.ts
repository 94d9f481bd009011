/**
 * The play page's form: a new game's setup and the engine's budget per
 * move, read into checked values, and preset from the query string
 * (?game=y&size=7&first=engine&budget=playouts&amount=2048&swap=0).
 */
import { parseGameKind } from '../../src/index.js';
import { presetFromQuery, wholeNumber } from '../settings.js';
import { type GameSetup, PLAY_SIZES } from './game.js';
import type { BackendChoice, MoveBudget } from './search-protocol.js';

const FIELDS = ['game', 'size', 'first', 'budget', 'amount', 'swap'] as const;

export interface PlaySettings {
  readonly setup: GameSetup;
  readonly budget: MoveBudget;
}

export function readPlaySettings(form: HTMLFormElement): PlaySettings {
  const data = new FormData(form);
  const game = parseGameKind(String(data.get('game') ?? 'hex'));
  const size = wholeNumber(data, 'size', PLAY_SIZES.min, PLAY_SIZES.max, 'Size');
  const byTime = data.get('budget') === 'time';
  const amount = byTime
    ? wholeNumber(data, 'amount', 50, 600_000, 'Milliseconds per move')
    : wholeNumber(data, 'amount', 1, 100_000_000, 'Playouts per move');
  return {
    setup: { game, size, swap: data.get('swap') !== null, humanFirst: data.get('first') !== 'engine' },
    budget: byTime ? { timeMs: amount } : { playouts: amount },
  };
}

export function presetPlayForm(form: HTMLFormElement, query: URLSearchParams): void {
  presetFromQuery(form, query, FIELDS);
}

/** ?backend=cpu keeps the engine off WebGPU; ?backend=webgpu puts it there even on a software adapter, which auto passes over. */
export function backendFromQuery(query: URLSearchParams): BackendChoice {
  const asked = query.get('backend');
  return asked === 'cpu' || asked === 'webgpu' ? asked : 'auto';
}

/** ?seed=N names the engine's random choices; without it each visit plays differently. */
export function seedFromQuery(query: URLSearchParams): number {
  const n = Number(query.get('seed'));
  return query.has('seed') && Number.isInteger(n) && n >= 0
    ? n >>> 0
    : (crypto.getRandomValues(new Uint32Array(1))[0] as number);
}
