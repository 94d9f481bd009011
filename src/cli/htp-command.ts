/** `hexbatch htp`: the search as a Hex Text Protocol engine on standard input and output. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { version } from '../../package.json';
import { createEvaluator } from '../eval/create-evaluator.js';
import { DEFAULT_ENGINE_SETTINGS, HtpEngine, MAX_PLAYOUTS, parseSeconds } from '../htp/engine.js';
import { runHtpSession } from '../htp/session.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { asUsage, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';

const PLAYOUTS: Bound = { option: '--playouts', min: 0, max: MAX_PLAYOUTS };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };

interface HtpOptions {
  readonly time?: string;
  readonly playouts: string;
  readonly backend: string;
  readonly seed: string;
  readonly swap: boolean;
  readonly rave: string;
}

export function registerHtpCommand(program: Command, io: CliIo): void {
  program
    .command('htp')
    .description('play as a Hex Text Protocol engine on standard input and output (for HexGui and other tools)')
    .option('--time <seconds>', 'time per move in seconds (0: none)')
    .option('--playouts <n>', boundedHelp(PLAYOUTS, 'playouts per move (0: none)'), '10000')
    .option('--backend <backend>', 'cpu, webgpu or auto', 'cpu')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the search'), '0')
    .option('--no-swap', 'play without the swap rule')
    .option('--rave <on|off>', 'UCT-RAVE rather than plain UCT (README: Search and the HTP engine)', DEFAULT_ENGINE_SETTINGS.rave ? 'on' : 'off')
    .action(async (options: HtpOptions) => {
      const playouts = parseBounded(PLAYOUTS, options.playouts);
      const seed = parseBounded(SEED, options.seed);
      const seconds = options.time === undefined ? null : asUsage(() => parseSeconds(options.time as string), '--time');
      const backend = options.backend;
      if (backend !== 'cpu' && backend !== 'webgpu' && backend !== 'auto') throw usageError(`--backend must be cpu, webgpu or auto, not "${backend}"`);
      if (options.rave !== 'on' && options.rave !== 'off') throw usageError(`--rave must be on or off, not "${options.rave}"`);
      const rave = options.rave === 'on';
      const notice = (text: string) => io.stderr.write(`${text}\n`);
      const engine = new HtpEngine((b) => createEvaluator({ backend: b, notice }), version, { playouts: playouts === 0 ? null : playouts, seconds, backend, seed, swap: options.swap, rave });
      const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      await runHtpSession(engine, lines, (text) => writeText(io.stdout, text));
      lines.close();
    });
}
