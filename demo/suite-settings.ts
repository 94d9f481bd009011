/**
 * The suite's own form: which games, sizes and kernels, and how many
 * playouts. Preset from the query string (suite-games=hex,y&suite-sizes=7,11
 * …), which is how `npm start` sets the page up before it clicks Run.
 */
import {
  DEFAULT_SUITE,
  FillKind,
  SOFTWARE_SUITE_PLAYOUTS,
  type SuiteSpec,
  checkSize,
  parseGameKind,
  parseGpuKernel,
} from '../src/index.js';
import { wholeNumber } from './settings.js';

const FIELDS = ['games', 'sizes', 'kernels', 'playouts', 'cpu-playouts', 'runs', 'validate'] as const;

function list<T>(data: FormData, name: string, label: string, parse: (text: string) => T): T[] {
  const text = String(data.get(name) ?? '').trim();
  const items = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (items.length === 0) throw new Error(`${label}: give at least one, comma-separated`);
  try {
    return items.map(parse);
  } catch (e) {
    throw new Error(`${label}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function readSuiteSpec(form: HTMLFormElement): SuiteSpec {
  const data = new FormData(form);
  const games = list(data, 'games', 'Games', parseGameKind);
  const sizes = list(data, 'sizes', 'Sizes', (t) => {
    const n = Number(t);
    for (const game of games) checkSize(game, n);
    return n;
  });
  return {
    ...DEFAULT_SUITE,
    games,
    sizes,
    kernels: list(data, 'kernels', 'Kernels', parseGpuKernel),
    fill: FillKind.Exact,
    playouts: wholeNumber(data, 'playouts', 1, 1 << 26, 'Playouts per GPU call'),
    cpuPlayouts: wholeNumber(data, 'cpu-playouts', 1, 1 << 22, 'Playouts per CPU call'),
    runs: wholeNumber(data, 'runs', 1, 100, 'Timed runs'),
    validatePlayouts: wholeNumber(data, 'validate', 1, 1 << 20, 'Playouts validated'),
  };
}

/** Writes `spec` into the form (its defaults), then what the query string says over it. */
export function presetSuiteForm(form: HTMLFormElement, spec: SuiteSpec, query: URLSearchParams): void {
  const values: Record<(typeof FIELDS)[number], string> = {
    games: spec.games.join(','),
    sizes: spec.sizes.join(','),
    kernels: spec.kernels.join(','),
    playouts: String(spec.playouts),
    'cpu-playouts': String(spec.cpuPlayouts),
    runs: String(spec.runs),
    validate: String(spec.validatePlayouts),
  };
  for (const name of FIELDS) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) field.value = query.get(`suite-${name}`) ?? values[name];
  }
}

/** On a software adapter the GPU batch shrinks (SOFTWARE_SUITE_PLAYOUTS), unless the query string chose one. */
export function presetSoftwareSuite(form: HTMLFormElement, query: URLSearchParams): void {
  const field = form.elements.namedItem('playouts');
  if (!query.has('suite-playouts') && field instanceof HTMLInputElement) field.value = String(SOFTWARE_SUITE_PLAYOUTS);
}
