/** `hexbatch htp`: the search as a Hex Text Protocol engine on standard input and output. */
import { createInterface } from 'node:readline';
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { createEvaluator } from '../eval/create-evaluator.js';
import { parseFillKind } from '../fill/fill.js';
import { DEFAULT_ENGINE_SETTINGS, DEFAULT_SECONDS, type EngineSettings, HtpEngine, MAX_PLAYOUTS, moveLimits, parseSeconds } from '../htp/engine.js';
import { runHtpSession } from '../htp/session.js';
import { TACTICS_SYNTAX, parseTactics } from '../search/tactics.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { asUsage, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { LEAVES, type NumberBound, PLAYOUTS_PER_LEAF, boundedNumberHelp, parseBackendChoice, parseBoundedNumber, searchCpuOptions } from './options.js';
import { SELECTIONS, Selection, parseSelection } from '../search/selection.js';
import { H_SEARCH_THRESHOLD, KNOWLEDGE_THRESHOLD } from '../search/mcts.js';

const PLAYOUTS: Bound = { option: '--playouts', min: 0, max: MAX_PLAYOUTS };
const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
const THREADS: Bound = { option: '--threads', min: 0, max: 256 };
const KNOWLEDGE: Bound = { option: '--knowledge-threshold', min: 1, max: 1_000_000_000 };
const H_SEARCH: Bound = { option: '--h-search-threshold', min: 1, max: 1_000_000_000 };
const PUCT_EXPLORATION: NumberBound = { option: '--puct-exploration', above: 0, max: 100 };
const PRIOR_TEMPERATURE: NumberBound = { option: '--prior-temperature', above: 0, max: 10 };
const PROXIMITY_PRIOR: NumberBound = { option: '--proximity-prior', atLeast: 0, max: 1 };

export interface EngineOptions {
  readonly time?: string;
  readonly playouts?: string;
  readonly backend: string;
  readonly seed: string;
  readonly swap: boolean;
  readonly fill: string;
  readonly tactics: string;
  readonly solver: string;
  readonly selection?: string;
  readonly rave?: string;
  readonly puctExploration?: string;
  readonly priorTemperature?: string;
  readonly proximityPrior?: string;
  readonly threads?: string;
  readonly leaves?: string;
  readonly playoutsPerLeaf?: string;
  readonly knowledgeThreshold?: string;
  readonly hSearchThreshold?: string;
}

/** What an engine command runs: the engine's settings and the CPU threads that play (default one a core). */
export interface EngineSetup {
  readonly settings: EngineSettings;
  readonly threads?: number;
}

/** `on` or `off`, as `option` is given. */
function parseOnOff(option: string, text: string): boolean {
  if (text === 'on' || text === 'off') return text === 'on';
  throw usageError(`${option} must be on or off, not "${text}"`);
}

/** --selection, or the older --rave on|off; not both. */
function selectionOption(options: EngineOptions): Selection {
  if (options.selection !== undefined && options.rave !== undefined) throw usageError('give --selection or --rave, not both');
  if (options.rave !== undefined) return parseOnOff('--rave', options.rave) ? Selection.UctRave : Selection.Uct;
  return options.selection === undefined ? DEFAULT_ENGINE_SETTINGS.selection : asUsage(() => parseSelection(options.selection as string), '--selection');
}

/** The search's options, shared by every command that runs the engine (htp, exam). */
export function addEngineOptions(command: Command): Command {
  return command
    .option('--time <seconds>', `time per move in seconds (0: none); default ${DEFAULT_SECONDS}, or none with --playouts`)
    .option('--playouts <n>', boundedHelp(PLAYOUTS, 'playouts per move (0: none); default none (deterministic for a seed when given alone)'))
    .option('--backend <backend>', 'cpu, webgpu or auto', 'cpu')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the search'), '0')
    .option('--fill <kind>', "the playouts' fill: exact or coin", 'exact')
    .option('--tactics <list>', `exact tactics: ${TACTICS_SYNTAX}`, 'on')
    .option('--solver <on|off>', 'solve late positions exactly at the root', 'on')
    .option('--selection <rule>', `the search's selection rule: ${SELECTIONS.join(', ')} (README: Search and the HTP engine); default ${DEFAULT_ENGINE_SETTINGS.selection}`)
    .option('--rave <on|off>', 'the older switch: on is --selection uct-rave, off --selection uct')
    .option('--puct-exploration <c>', boundedNumberHelp(PUCT_EXPLORATION, `PUCT's exploration constant, with --selection puct-amaf; default ${DEFAULT_ENGINE_SETTINGS.puctExploration}`))
    .option('--prior-temperature <t>', boundedNumberHelp(PRIOR_TEMPERATURE, `the AMAF prior's softmax temperature, with --selection puct-amaf; default ${DEFAULT_ENGINE_SETTINGS.priorTemperature}`))
    .option('--proximity-prior <p>', boundedNumberHelp(PROXIMITY_PRIOR, `the prior's head start, in win rate, for moves that touch the opponent's last move or are a bridge away from it, with --selection puct-amaf (0: none); default ${DEFAULT_ENGINE_SETTINGS.proximityPrior}`))
    .option('--threads <n>', boundedHelp(THREADS, 'CPU threads that play, this one included (0 or 1: this one only; default one a core)'))
    .option('--leaves <n>', boundedHelp(LEAVES, "leaves per round (B); default the backend's"))
    .option('--playouts-per-leaf <n>', boundedHelp(PLAYOUTS_PER_LEAF, "playouts per leaf (K); default the backend's"))
    .option('--knowledge-threshold <n>', boundedHelp(KNOWLEDGE, `leaves below a node before the mustplay tactic prunes its moves; default ${KNOWLEDGE_THRESHOLD}`))
    .option('--h-search-threshold <n>', boundedHelp(H_SEARCH, `leaves below a node before the h-search tactic looks at it (the root: at once); default ${H_SEARCH_THRESHOLD}`));
}

export function engineSetup(options: EngineOptions): EngineSetup {
  const seconds = options.time === undefined ? undefined : asUsage(() => parseSeconds(options.time as string), '--time');
  const playouts = options.playouts === undefined ? undefined : parseBounded(PLAYOUTS, options.playouts) || null;
  const limits = asUsage(() => moveLimits({ seconds, playouts }), '--time and --playouts');
  const seed = parseBounded(SEED, options.seed);
  const fill = asUsage(() => parseFillKind(options.fill), '--fill');
  const tactics = asUsage(() => parseTactics(options.tactics), '--tactics');
  const solver = parseOnOff('--solver', options.solver);
  const selection = selectionOption(options);
  const puctExploration = options.puctExploration === undefined ? DEFAULT_ENGINE_SETTINGS.puctExploration : parseBoundedNumber(PUCT_EXPLORATION, options.puctExploration);
  const priorTemperature = options.priorTemperature === undefined ? DEFAULT_ENGINE_SETTINGS.priorTemperature : parseBoundedNumber(PRIOR_TEMPERATURE, options.priorTemperature);
  const proximityPrior = options.proximityPrior === undefined ? DEFAULT_ENGINE_SETTINGS.proximityPrior : parseBoundedNumber(PROXIMITY_PRIOR, options.proximityPrior);
  const backend = parseBackendChoice(options.backend);
  const settings: EngineSettings = { ...limits, backend, seed, swap: options.swap, fill, tactics, solver, selection, puctExploration, priorTemperature, proximityPrior,
    leavesPerRound: options.leaves === undefined ? null : parseBounded(LEAVES, options.leaves),
    playoutsPerLeaf: options.playoutsPerLeaf === undefined ? null : parseBounded(PLAYOUTS_PER_LEAF, options.playoutsPerLeaf),
    knowledgeThreshold: options.knowledgeThreshold === undefined ? KNOWLEDGE_THRESHOLD : parseBounded(KNOWLEDGE, options.knowledgeThreshold),
    hSearchThreshold: options.hSearchThreshold === undefined ? H_SEARCH_THRESHOLD : parseBounded(H_SEARCH, options.hSearchThreshold),
  };
  return options.threads === undefined ? { settings } : { settings, threads: parseBounded(THREADS, options.threads) };
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
    if (error instanceof CommanderError || error instanceof Error) throw new Error(error.message.replace(/^error: /, ''));
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
  addEngineOptions(program.command('htp').description('play as a Hex Text Protocol engine on standard input and output (for HexGui and other tools)'))
    .option('--no-swap', 'play without the swap rule')
    .action(async (options: EngineOptions) => {
      const engine = makeEngine(engineSetup(options), io);
      const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      await runHtpSession(engine, lines, (text) => writeText(io.stdout, text));
      lines.close();
    });
}
