/**
 * The settings form: read into a checked value, and preset from the page's
 * query string (?game=y&size=9&playouts=64…), so that a link, or a test,
 * can open the page ready to run.
 */
import { FillKind, GameKind, MAX_SIZE, checkSize, parseFillKind, parseGameKind } from '../src/index.js';

export interface DemoSettings {
  readonly game: GameKind;
  readonly size: number;
  readonly kernel: string;
  readonly fill: FillKind;
  readonly playouts: number;
  readonly positions: number;
  readonly runs: number;
  readonly seed: number;
  readonly ownership: boolean;
}

/** Query parameters copied into the form; `kernel` waits for the kernel list (setKernelChoices). */
const FIELDS = ['game', 'size', 'fill', 'playouts', 'positions', 'runs', 'seed', 'ownership'] as const;

/** A whole number from `min` to `max` in field `name`, or an Error naming the field by `label`. */
export function wholeNumber(form: FormData, name: string, min: number, max: number, label: string): number {
  const text = String(form.get(name) ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${label} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return n;
}

/** The form's values, or an Error whose message names the bad field. */
export function readSettings(form: HTMLFormElement): DemoSettings {
  const data = new FormData(form);
  const game = parseGameKind(String(data.get('game') ?? 'hex'));
  const size = checkSize(game, wholeNumber(data, 'size', 1, MAX_SIZE[game], 'Size')) as number;
  return {
    game,
    size,
    kernel: String(data.get('kernel') ?? ''),
    fill: parseFillKind(String(data.get('fill') ?? FillKind.Exact)),
    playouts: wholeNumber(data, 'playouts', 1, 1 << 24, 'Playouts per position'),
    positions: wholeNumber(data, 'positions', 1, 1 << 16, 'Positions per batch'),
    runs: wholeNumber(data, 'runs', 1, 100, 'Timed runs'),
    seed: wholeNumber(data, 'seed', 0, 0xffffffff, 'Seed'),
    ownership: data.get('ownership') !== null,
  };
}

/** Copies the query parameters named in `fields` into the form's fields of those names. */
export function presetFromQuery(
  form: HTMLFormElement,
  query: URLSearchParams,
  fields: readonly string[] = FIELDS,
): void {
  for (const name of fields) {
    const value = query.get(name);
    if (value === null) continue;
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      field.checked = value !== '0' && value !== 'false';
    } else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
      field.value = value;
    }
  }
}

/**
 * The page's default batch (256 × 16384 playouts) keeps a real GPU busy; on
 * a software adapter it would take half a minute a run, so unless the query
 * string chose, a software adapter starts with 16 × 4096.
 */
export function presetSoftwareBatch(form: HTMLFormElement, query: URLSearchParams): void {
  for (const [name, value] of [
    ['playouts', '4096'],
    ['positions', '16'],
  ] as const) {
    const field = form.elements.namedItem(name);
    if (!query.has(name) && field instanceof HTMLInputElement) field.value = value;
  }
}

/** Keeps the size field's limit in step with the chosen game. */
export function syncSizeLimit(form: HTMLFormElement): void {
  const game = form.elements.namedItem('game');
  const size = form.elements.namedItem('size');
  if (!(game instanceof HTMLSelectElement) || !(size instanceof HTMLInputElement)) return;
  size.max = String(MAX_SIZE[parseGameKind(game.value)]);
}

/** Fills the kernel list, which only the evaluator knows, and selects `preferred` when it is on it. */
export function setKernelChoices(form: HTMLFormElement, kernels: readonly string[], preferred: string): void {
  const select = form.elements.namedItem('kernel');
  if (!(select instanceof HTMLSelectElement)) return;
  select.replaceChildren(...kernels.map((k) => new Option(k, k)));
  select.value = kernels.includes(preferred) ? preferred : (kernels[0] ?? '');
}
