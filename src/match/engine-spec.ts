/**
 * The engines of a match, each an HTP command line: an external engine as
 * the user writes it, or settings of ours (`playouts=4000,fill=coin`) that
 * expand to this package's own `hexbatch htp` with those options.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtEntryBeside } from '../eval/bundle-entry.js';
import { SETTINGS } from '../search/engine-settings.js';

export interface EngineSpec {
  /** How reports and SGF files name it. */
  readonly label: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Our own engine: it takes `hexbatch-seed` (a seed per game) and `hexbatch-game` (Y). */
  readonly ours: boolean;
}

/**
 * Settings of ours: key → `hexbatch htp` option, from the table of settings
 * (src/search/engine-settings.ts), and the CPU threads that play. htp itself
 * checks the values (a bad one stops the match before its first game, with
 * htp's own message); a match seeds each game itself.
 */
export const SETTING_OPTIONS: Readonly<Record<string, string>> = Object.fromEntries([
  ...SETTINGS.filter((s) => s.inMatch).map((s) => [s.name, `--${s.flag}`]),
  ['threads', '--threads'],
]);

/** Splits a command line on spaces, keeping what is inside '…' or "…" together (no escapes). */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3] ?? '');
  if (words.length === 0) throw new Error('the command line is empty');
  return words;
}

export function externalEngine(line: string): EngineSpec {
  const [command, ...args] = splitCommandLine(line);
  return { label: line.trim(), command: command as string, args, ours: false };
}

/** The `hexbatch` entry to run ours: the built dist/cli.js beside this bundle, or the checkout's bin/hexbatch.js from source. */
export function ourEntry(): string {
  const built = builtEntryBeside(import.meta.url, 'cli.js');
  if (built !== null) return built;
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hexbatch.js');
  if (!existsSync(bin)) throw new Error(`cannot find hexbatch's own command (looked for ${bin})`);
  return bin;
}

/** `key=value,key=value` as its pairs, in order; throws for a part that is not key=value. */
export function settingPairs(text: string): [key: string, value: string][] {
  const pairs: [string, string][] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const m = /^([a-z]+(?:-[a-z]+)*)=(\S+)$/.exec(part);
    if (!m) throw new Error(`"${part}" is not key=value`);
    pairs.push([m[1] as string, m[2] as string]);
  }
  return pairs;
}

/** `key=value,key=value` as a map, in order; throws for an unknown key, a key given twice or a missing value. */
export function parseSettings(text: string): Map<string, string> {
  const settings = new Map<string, string>();
  for (const [key, value] of settingPairs(text)) {
    if (SETTING_OPTIONS[key] === undefined)
      throw new Error(`unknown setting "${key}" (known: ${Object.keys(SETTING_OPTIONS).join(', ')})`);
    if (settings.has(key)) throw new Error(`${key} is given twice`);
    settings.set(key, value);
  }
  return settings;
}

export interface OurEngineContext {
  /** CPU threads that play (htp's --threads) when the settings name none. */
  readonly threads: number;
  /** Play without the swap rule. */
  readonly noSwap: boolean;
}

/** Our engine with `settings` (already parsed), labelled by them. */
export function ourEngine(settings: ReadonlyMap<string, string>, context: OurEngineContext): EngineSpec {
  const options = [...settings].flatMap(([key, value]) => [SETTING_OPTIONS[key] as string, value]);
  if (!settings.has('threads')) options.push('--threads', String(context.threads));
  if (context.noSwap) options.push('--no-swap');
  const label =
    settings.size === 0 ? 'hexbatch (defaults)' : `hexbatch ${[...settings].map(([k, v]) => `${k}=${v}`).join(',')}`;
  return { label, command: process.execPath, args: [ourEntry(), 'htp', ...options], ours: true };
}
