/** `hexbatch htp`: the search as a Hex Text Protocol engine on standard input and output. */
import { createInterface } from 'node:readline';
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { createEvaluator } from '../eval/create-evaluator.js';
import { type EngineConfig, HtpEngine } from '../htp/engine.js';
import { runHtpSession } from '../htp/session.js';
import {
  DEFAULT_ENGINE_SETTINGS,
  type EngineSettings,
  SETTINGS,
  type SettingRecord,
  settingHelp,
  withName,
} from '../search/engine-settings.js';
import { moveLimits } from '../search/move-limits.js';
import { SettingValueError } from '../search/setting-values.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { asUsage, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { searchCpuOptions } from './options.js';

const THREADS: Bound = { option: '--threads', min: 0, max: 256 };

/** Commander's name for an option's value: `playouts-per-leaf` → `playoutsPerLeaf`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Each setting's option value as commander gives it (a string, or undefined when not given), and --threads and --swap. */
export type EngineOptions = Readonly<Record<string, string | boolean | undefined>> & {
  readonly swap?: boolean;
  readonly threads?: string;
};

/** The options of our engine, which a command naming another engine leaves to that one (exam --engine). */
export const ENGINE_OPTION_NAMES: readonly string[] = [...SETTINGS.map((s) => attributeName(s.flag)), 'threads'];

/** What an engine command runs: the engine's settings and the CPU threads that play (default one a core). */
export interface EngineSetup {
  readonly settings: EngineConfig;
  readonly threads?: number;
}

/**
 * The search's options, one per setting of the table, shared by every
 * command that runs the engine (htp, exam); `defaults` are the command's
 * own, where they differ from the table's.
 */
export function addEngineOptions(command: Command, defaults: Partial<EngineSettings> = {}): Command {
  for (const setting of SETTINGS)
    command.option(`--${setting.flag} ${setting.argument}`, settingHelp(setting, defaults));
  return command.option(
    '--threads <n>',
    boundedHelp(THREADS, 'CPU threads that play, this one included (0 or 1: this one only; default one a core)'),
  );
}

function parseOption(setting: SettingRecord, text: string): EngineSettings[keyof EngineSettings] {
  try {
    return setting.parse(text);
  } catch (error) {
    if (error instanceof SettingValueError) throw usageError(withName(`--${setting.flag}`, error.message));
    throw error;
  }
}

/**
 * The engine's settings from its options: `defaults` (the table's where it
 * says nothing) where an option is not given; two options for one setting
 * are refused.
 */
export function engineSetup(options: EngineOptions, defaults: Partial<EngineSettings> = {}): EngineSetup {
  const given: { -readonly [K in keyof EngineSettings]?: EngineSettings[K] } = {};
  const givenBy = new Map<keyof EngineSettings, string>();
  for (const setting of SETTINGS) {
    const text = options[attributeName(setting.flag)];
    if (typeof text !== 'string') continue;
    const other = givenBy.get(setting.key);
    if (other !== undefined) throw usageError(`give ${other} or --${setting.flag}, not both`);
    givenBy.set(setting.key, `--${setting.flag}`);
    (given as Record<string, unknown>)[setting.key] = parseOption(setting, text);
  }
  const limits = asUsage(
    () => moveLimits({ playouts: given.playouts, seconds: given.seconds }),
    '--time and --playouts',
  );
  const settings: EngineConfig = {
    ...DEFAULT_ENGINE_SETTINGS,
    ...defaults,
    ...given,
    ...limits,
    swap: options.swap !== false,
  };
  return typeof options.threads === 'string'
    ? { settings, threads: parseBounded(THREADS, options.threads) }
    : { settings };
}

/**
 * Checks `hexbatch htp` options (as a match or a worker would start our
 * engine with) by the very parsing htp does, bounds and all, without
 * starting anything; throws Error with the reason, without "error: ".
 */
export function checkEngineOptions(options: readonly string[]): void {
  const command = addEngineOptions(new Command('htp'))
    .option('--no-swap', 'play without the swap rule')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} })
    .action(() => {});
  try {
    command.parse([...options], { from: 'user' });
    engineSetup(command.opts<EngineOptions>());
  } catch (error) {
    if (error instanceof CommanderError || error instanceof Error)
      throw new Error(error.message.replace(/^error: /, ''));
    throw error;
  }
}

/** An engine on this package's evaluators; notices (a backend fallback) go to standard error. */
export function makeEngine(setup: EngineSetup, io: CliIo): HtpEngine {
  const notice = (text: string) => io.stderr.write(`${text}\n`);
  const cpu = searchCpuOptions(setup.threads);
  return new HtpEngine((b) => createEvaluator({ backend: b, notice, ...cpu }), version, setup.settings);
}

export function registerHtpCommand(program: Command, io: CliIo): void {
  addEngineOptions(
    program
      .command('htp')
      .description('play as a Hex Text Protocol engine on standard input and output (for HexGui and other tools)'),
  )
    .option('--no-swap', 'play without the swap rule')
    .action(async (options: EngineOptions) => {
      const engine = makeEngine(engineSetup(options), io);
      const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      await runHtpSession(engine, lines, (text) => writeText(io.stdout, text));
      lines.close();
    });
}
