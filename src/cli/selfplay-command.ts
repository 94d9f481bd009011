/**
 * `hexbatch selfplay`: games of our engine against itself at a given budget,
 * here or on a queue's workers, one SGF file a game in a folder, with the
 * settings and seeds in each file's root (src/match/selfplay.ts): training
 * data for a move prior.
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { GameKind, describeGeometry } from '../game/geometry.js';
import { progressLine } from '../jobs/progress-line.js';
import { costStepText } from '../jobs/progress-text.js';
import { SETTING_OPTIONS, ourEngine, parseSettings } from '../match/engine-spec.js';
import { EngineStartError, type MatchGame, type MatchPlan, matchGameSgf, playMatch } from '../match/match.js';
import { selfPlayProperties, settingsText } from '../match/selfplay.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf, usageError } from './cli-error.js';
import { checkEngineOptions } from './htp-command.js';
import { type CliIo, writeText } from './io.js';
import { GAMES, SEED, TIMEOUT, defaultParallel, gameFile, parseOpenings } from './match-options.js';
import { parseGame, parseGeometry } from './options.js';
import { checkWritableFolder } from './output-file.js';

const PARALLEL: Bound = { option: '--parallel', min: 1, max: 256 };

interface SelfplayOptions {
  readonly playouts?: string;
  readonly time?: string;
  readonly settings: string;
  readonly game: string;
  readonly size: string;
  readonly games: string;
  readonly openings: string;
  readonly swap: boolean;
  readonly seed: string;
  readonly parallel?: string;
  readonly timeout: string;
  readonly out?: string;
  readonly queue?: string;
  readonly resume?: string;
}

/** The settings with the budget folded in; a budget is required, given once. */
function budgetSettings(options: SelfplayOptions): Map<string, string> {
  const settings = asUsage(() => parseSettings(options.settings), '--settings');
  for (const [key, value] of [
    ['playouts', options.playouts],
    ['time', options.time],
  ] as const) {
    if (value === undefined) continue;
    if (settings.has(key)) throw usageError(`--${key} is given twice (once in --settings)`);
    settings.set(key, value);
  }
  if (!settings.has('playouts') && !settings.has('time'))
    throw usageError('self-play needs a budget: --playouts N or --time SECONDS');
  // Checked as htp checks them, so that a bad value stops here rather than in every game.
  asUsage(() => checkEngineOptions(ourEngine(settings, { threads: 1, noSwap: false }).args.slice(2)), '--settings');
  return settings;
}

async function selfplayHere(plan: MatchPlan, settings: string, out: string, io: CliIo): Promise<MatchGame[]> {
  const progress = progressLine(io.stderr, 'lines');
  const date = new Date().toISOString().slice(0, 10);
  const start = Date.now();
  let blackWins = 0;
  try {
    return await playMatch(plan, async (game, done) => {
      if (game.winner === game.black) blackWins++;
      await writeFile(
        gameFile(out, '', game.index),
        matchGameSgf(game, plan, date, selfPlayProperties(settings, plan.seed, game)),
      );
      progress.show(
        costStepText(
          done - 1,
          plan.games,
          `self-play: black won ${blackWins} of ${done}`,
          Date.now() - start,
          done,
          plan.games - done,
        ),
      );
    });
  } catch (error) {
    if (error instanceof EngineStartError) throw usageError(`--settings: ${error.message}`);
    throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
  } finally {
    progress.end();
  }
}

export function registerSelfplayCommand(program: Command, io: CliIo): void {
  program
    .command('selfplay')
    .description(
      'play our engine against itself at a given budget and write one SGF file a game (settings and seeds in its root), here or on a queue',
    )
    .option('--playouts <n>', 'playouts per move (the budget; or --time)')
    .option('--time <seconds>', 'seconds per move (the budget; or --playouts)')
    .option(
      '--settings <settings>',
      `the engine's other settings: key=value,… (${Object.keys(SETTING_OPTIONS).join(', ')})`,
      '',
    )
    .option('--game <game>', 'hex or y', 'hex')
    .option('--size <n>', 'board size', '11')
    .option('--games <n>', boundedHelp(GAMES, 'games'), '100')
    .option(
      '--openings <list>',
      "black's forced first moves, each played twice: all (every cell), none (the engine chooses), or cells (a1,b2)",
      'none',
    )
    .option('--no-swap', 'play without the swap rule')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the run (each game and side gets its own from it)'), '0')
    .option('--parallel <n>', 'games at once (default one a core; with --queue, the games queued at once, default all)')
    .option(
      '--timeout <seconds>',
      boundedHelp(TIMEOUT, 'longest wait for one reply; past it the engine forfeits'),
      '600',
    )
    .option('--out <dir>', 'the folder the SGF files go into (required)')
    .option(
      '--queue <url>',
      'play the games on the workers of a queue (redis://HOST:PORT, rediss://:PASSWORD@HOST:PORT)',
    )
    .option('--resume <id>', 'with --queue: carry on the self-play run of this id')
    .action(async (options: SelfplayOptions, command: Command) => {
      if (options.resume !== undefined && options.queue === undefined)
        throw usageError('--resume carries on a run on a queue: give --queue URL too');
      if (options.queue !== undefined) {
        await selfplayOnQueue({ ...options, queue: options.queue }, command, io);
        return;
      }
      if (options.out === undefined) throw usageError('--out: give the folder the games go into');
      const settings = budgetSettings(options);
      const game = parseGame(options.game);
      const g = parseGeometry(game, options.size);
      const swap = options.swap && game === GameKind.Hex;
      const parallel = options.parallel === undefined ? defaultParallel() : parseBounded(PARALLEL, options.parallel);
      const engine = ourEngine(settings, {
        threads: Math.max(1, Math.floor(availableParallelism() / parallel)),
        noSwap: !swap,
      });
      const plan: MatchPlan = {
        engines: { A: engine, B: engine },
        game,
        size: g.size,
        swap,
        games: parseBounded(GAMES, options.games),
        openings: parseOpenings(options.openings, game, g.size),
        seed: parseBounded(SEED, options.seed),
        timeoutMs: parseBounded(TIMEOUT, options.timeout) * 1000,
        parallel,
      };
      await checkWritableFolder('--out', options.out);
      const start = Date.now();
      const games = await selfplayHere(plan, settingsText(settings), resolve(options.out), io);
      const blackWins = games.filter((x) => x.winner === x.black).length;
      const seconds = Math.round((Date.now() - start) / 1000);
      await writeText(
        io.stdout,
        `${describeGeometry(g)}: ${games.length} games of ${engine.label} against itself in ${resolve(options.out)} (${seconds} s); black won ${blackWins} of ${games.length}\n`,
      );
    });
}

async function selfplayOnQueue(
  options: SelfplayOptions & { readonly queue: string },
  command: Command,
  io: CliIo,
): Promise<void> {
  const { queueTarget, resumeId } = await import('./queue-cli.js');
  const { loadRecord, newRunBasis, refuseWithResume, runRecord } = await import('./match-on-queue.js');
  const { newRunId } = await import('../queue/run-store.js');
  const target = queueTarget(options.queue);
  let run: string;
  let record: import('../queue/queued-match.js').MatchRecord;
  if (options.resume !== undefined) {
    run = resumeId(options.resume);
    refuseWithResume(command, [
      'playouts',
      'time',
      'settings',
      'game',
      'size',
      'games',
      'openings',
      'swap',
      'seed',
      'parallel',
      'timeout',
    ]);
    record = await loadRecord(target, run, 'selfplay');
    if (options.out !== undefined) record = { ...record, out: resolve(options.out) };
  } else {
    if (options.out === undefined) throw usageError('--out: give the folder the games go into');
    const settings = budgetSettings(options);
    const basis = newRunBasis(options);
    const label = ourEngine(settings, { threads: 1, noSwap: !basis.swap }).label;
    const engine = { settings: Object.fromEntries(settings) };
    run = newRunId();
    record = {
      kind: 'selfplay',
      ...basis,
      engines: { A: engine, B: engine },
      labels: { A: label, B: label },
      sprt: null,
    };
  }
  if (record.out === null) throw usageError('--out: give the folder the games go into');
  await checkWritableFolder('--out', record.out);
  const settings = 'settings' in record.engines.A ? settingsText(record.engines.A.settings) : '';
  const result = await runRecord(
    {
      target,
      run,
      record,
      resumed: options.resume !== undefined,
      command: 'hexbatch selfplay',
      properties: (game) => selfPlayProperties(settings, record.seed, game),
    },
    io,
  );
  const blackWins = result.games.filter((x) => x.winner === x.black).length;
  await writeText(
    io.stdout,
    `${result.games.length} games of self-play in ${record.out}, run ${run}; black won ${blackWins} of ${result.games.length}\n${result.lines
      .filter((l) => l.startsWith('queue:'))
      .map((l) => `  ${l}`)
      .join('\n')}\n`,
  );
}
