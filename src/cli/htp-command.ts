/** `hexbatch htp`: the search as a Hex Text Protocol engine on standard input and output. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { version } from '../../package.json';
import { createEvaluator } from '../eval/create-evaluator.js';
import { parseFillKind } from '../fill/fill.js';
import { HtpEngine, MAX_PLAYOUTS, parseSeconds } from '../htp/engine.js';
import { runHtpSession } from '../htp/session.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { asUsage, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';

const PLAYOUTS: Bound = { option: '--playouts', min: 0, max: MAX_PLAYOUTS };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
const THREADS: Bound = { option: '--threads', min: 0, max: 256 };

interface HtpOptions {
  readonly time?: string;
  readonly playouts: string;
  readonly backend: string;
  readonly seed: string;
  readonly swap: boolean;
  readonly fill: string;
  readonly tactics: string;
  readonly threads?: string;
}

/** `on` or `off`, as `option` is given. */
function parseOnOff(option: string, text: string): boolean {
  if (text === 'on' || text === 'off') return text === 'on';
  throw usageError(`${option} must be on or off, not "${text}"`);
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
    .option('--fill <kind>', 'the playouts\' fill: exact or coin', 'exact')
    .option('--tactics <on|off>', 'exact tactics at the root and wins in one at the leaves', 'on')
    .option('--threads <n>', boundedHelp(THREADS, 'CPU worker threads (0: this thread only; default one a core)'))
    .action(async (options: HtpOptions) => {
      const playouts = parseBounded(PLAYOUTS, options.playouts);
      const seed = parseBounded(SEED, options.seed);
      const seconds = options.time === undefined ? null : asUsage(() => parseSeconds(options.time as string), '--time');
      const fill = asUsage(() => parseFillKind(options.fill), '--fill');
      const tactics = parseOnOff('--tactics', options.tactics);
      const cpuWorkers = options.threads === undefined ? {} : { cpuWorkers: parseBounded(THREADS, options.threads) };
      const backend = options.backend;
      if (backend !== 'cpu' && backend !== 'webgpu' && backend !== 'auto') throw usageError(`--backend must be cpu, webgpu or auto, not "${backend}"`);
      const notice = (text: string) => io.stderr.write(`${text}\n`);
      const engine = new HtpEngine((b) => createEvaluator({ backend: b, notice, ...cpuWorkers }), version, { playouts: playouts === 0 ? null : playouts, seconds, backend, seed, swap: options.swap, fill, tactics });
      const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      await runHtpSession(engine, lines, (text) => writeText(io.stdout, text));
      lines.close();
    });
}
