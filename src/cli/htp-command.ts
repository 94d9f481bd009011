/** `hexbatch htp`: the search as a Hex Text Protocol engine on standard input and output. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { version } from '../../package.json';
import { createEvaluator } from '../eval/create-evaluator.js';
import { type EngineSettings, HtpEngine, MAX_PLAYOUTS, parseSeconds } from '../htp/engine.js';
import { runHtpSession } from '../htp/session.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { asUsage, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';

const PLAYOUTS: Bound = { option: '--playouts', min: 0, max: MAX_PLAYOUTS };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
/** Playouts per move when neither --playouts nor --time is given. */
const DEFAULT_PLAYOUTS = 10_000;

export interface EngineOptions {
  readonly time?: string;
  readonly playouts?: string;
  readonly backend: string;
  readonly seed: string;
  readonly swap: boolean;
}

/** The search's options, shared by every command that runs the engine (htp, exam). */
export function addEngineOptions(command: Command): Command {
  return command
    .option('--time <seconds>', 'time per move in seconds (0: none)')
    .option('--playouts <n>', boundedHelp(PLAYOUTS, `playouts per move (0: none); default ${DEFAULT_PLAYOUTS.toLocaleString('en-US')}, or none with --time`))
    .option('--backend <backend>', 'cpu, webgpu or auto', 'cpu')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the search'), '0');
}

export function engineSettings(options: EngineOptions): EngineSettings {
  const seconds = options.time === undefined ? null : asUsage(() => parseSeconds(options.time as string), '--time');
  // A time limit alone means "think this long", not "stop at the default playouts".
  const playouts = options.playouts === undefined ? (seconds === null ? DEFAULT_PLAYOUTS : 0) : parseBounded(PLAYOUTS, options.playouts);
  const seed = parseBounded(SEED, options.seed);
  const backend = options.backend;
  if (backend !== 'cpu' && backend !== 'webgpu' && backend !== 'auto') throw usageError(`--backend must be cpu, webgpu or auto, not "${backend}"`);
  return { playouts: playouts === 0 ? null : playouts, seconds, backend, seed, swap: options.swap };
}

/** An engine on this package's evaluators; notices (a backend fallback) go to standard error. */
export function makeEngine(settings: EngineSettings, io: CliIo): HtpEngine {
  const notice = (text: string) => io.stderr.write(`${text}\n`);
  return new HtpEngine((b) => createEvaluator({ backend: b, notice }), version, settings);
}

export function registerHtpCommand(program: Command, io: CliIo): void {
  addEngineOptions(program.command('htp').description('play as a Hex Text Protocol engine on standard input and output (for HexGui and other tools)'))
    .option('--no-swap', 'play without the swap rule')
    .action(async (options: EngineOptions) => {
      const engine = makeEngine(engineSettings(options), io);
      const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      await runHtpSession(engine, lines, (text) => writeText(io.stdout, text));
      lines.close();
    });
}
