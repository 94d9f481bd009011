/**
 * `hexbatch match`: two HTP engines (ours by settings, or any command line)
 * play N refereed games; the score of A with its 95% interval and Elo, the
 * forfeits, and an SGF file per game. `--scaling` plays a ladder of playout
 * counts instead and fits P = σ(a + b·Δlog10 n). `--sprt` stops the match
 * once the test decides; `--queue` plays the games on workers elsewhere
 * (match-on-queue.ts, loaded only then, so nothing else needs Redis).
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { Color } from '../game/color.js';
import { GameKind, describeGeometry } from '../game/geometry.js';
import { progressLine } from '../jobs/progress-line.js';
import { costStepText } from '../jobs/progress-text.js';
import { type EngineSpec, SETTING_OPTIONS, externalEngine, ourEngine, parseSettings } from '../match/engine-spec.js';
import { EngineStartError, type MatchGame, type MatchPlan, matchGameSgf, playMatch } from '../match/match.js';
import { LiveScore } from '../match/live-score.js';
import { matchReport, scalingReport } from '../match/report.js';
import type { SprtBounds } from '../match/sprt.js';
import { type ScalingGame, fitScaling } from '../match/scaling-fit.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { parseGame, parseGeometry, parseList } from './options.js';
import { interruptible } from './interruptible.js';
import { checkWritableFolder } from './output-file.js';
import {
  GAMES,
  type MatchOptions,
  SEED,
  TIMEOUT,
  defaultParallel,
  gameFile,
  parseOpenings,
  sprtOption,
  sprtReport,
} from './match-options.js';

const PARALLEL: Bound = { option: '--parallel', min: 1, max: 256 };
const LADDER_PLAYOUTS: Bound = { option: '--scaling', min: 1, max: 1_000_000_000 };

function engineFor(
  side: 'A' | 'B',
  settings: string,
  external: string | undefined,
  threads: number,
  noSwap: boolean,
): EngineSpec {
  if (external !== undefined) {
    if (settings !== '')
      throw usageError(`give either --${side.toLowerCase()} or --engine-${side.toLowerCase()}, not both`);
    return asUsage(() => externalEngine(external), `--engine-${side.toLowerCase()}`);
  }
  return ourEngine(
    asUsage(() => parseSettings(settings), `--${side.toLowerCase()}`),
    { threads, noSwap },
  );
}

/** The option that named `side`'s engine. */
function engineOption(options: MatchOptions, side: 'A' | 'B'): string {
  const external = side === 'A' ? options.engineA : options.engineB;
  return external === undefined ? `--${side.toLowerCase()}` : `--engine-${side.toLowerCase()}`;
}

interface Run {
  readonly label: string;
  readonly plan: MatchPlan;
  /** Playouts of A and B, for the scaling fit. */
  readonly playouts?: { readonly A: number; readonly B: number };
}

function plannedRuns(options: MatchOptions): Run[] {
  const game = parseGame(options.game);
  const g = parseGeometry(game, options.size);
  const games = parseBounded(GAMES, options.games);
  const parallel = options.parallel === undefined ? defaultParallel() : parseBounded(PARALLEL, options.parallel);
  const seed = parseBounded(SEED, options.seed);
  const timeoutMs = parseBounded(TIMEOUT, options.timeout) * 1000;
  const openings = parseOpenings(options.openings, game, g.size);
  const swap = options.swap && game === GameKind.Hex;
  // Game slots share the cores: each of our engines gets its share of them as the threads that play.
  const threads = Math.max(1, Math.floor(availableParallelism() / parallel));
  const base = { game, size: g.size, swap, games, openings, seed, timeoutMs, parallel };
  if (options.scaling === undefined) {
    const engines = {
      A: engineFor('A', options.a, options.engineA, threads, !swap),
      B: engineFor('B', options.b, options.engineB, threads, !swap),
    };
    return [{ label: describeGeometry(g), plan: { ...base, engines } }];
  }
  if (options.engineA !== undefined || options.engineB !== undefined || options.b !== '')
    throw usageError(
      '--scaling plays settings of ours (--a, with playouts replaced) against themselves: leave out --b, --engine-a and --engine-b',
    );
  const ladder = parseList('--scaling', options.scaling, (n) => parseBounded(LADDER_PLAYOUTS, n)).sort((x, y) => x - y);
  if (ladder.length < 2) throw usageError('--scaling needs two or more playout counts');
  const settings = asUsage(() => parseSettings(options.a), '--a');
  if (settings.has('playouts')) throw usageError('--scaling sets the playouts: leave playouts out of --a');
  const at = (n: number) => ourEngine(new Map([...settings, ['playouts', String(n)]]), { threads, noSwap: !swap });
  return ladder.slice(1).map((n, k) => {
    const lower = ladder[k] as number;
    return {
      label: `${describeGeometry(g)}, ${n} against ${lower} playouts`,
      plan: { ...base, seed: (seed + k) >>> 0, engines: { A: at(n), B: at(lower) } },
      playouts: { A: n, B: lower },
    };
  });
}

function scalingGames(run: Run, games: readonly MatchGame[]): ScalingGame[] {
  const n = run.playouts;
  if (n === undefined) return [];
  return games.map((g) => {
    const white = g.black === 'A' ? 'B' : 'A';
    return { delta: Math.log10(n[g.black]) - Math.log10(n[white]), blackWon: g.played.winner === Color.Black };
  });
}

/** Why a run played fewer games than planned, for its report's first line: its SPRT decided, or else a signal came. */
function stoppedText(run: Run, played: number, live: LiveScore): string {
  if (played >= run.plan.games) return '';
  return ` (stopped ${live.decided ? 'by the SPRT' : 'by a signal'} after ${played})`;
}

/**
 * Plays the runs in turn, with one progress line over all their games, an
 * SGF file per game as it ends, and each run's report once it is over; gives
 * the games for the scaling fit (none without --scaling). Once `interrupt`
 * fires no new game starts: those under way finish and are reported.
 */
async function playRuns(
  runs: readonly Run[],
  options: MatchOptions,
  sprt: SprtBounds | null,
  io: CliIo,
  interrupt: AbortSignal,
): Promise<ScalingGame[]> {
  const progress = progressLine(io.stderr, 'lines');
  const total = runs.reduce((s, r) => s + r.plan.games, 0);
  const date = new Date().toISOString().slice(0, 10);
  const start = Date.now();
  const fitGames: ScalingGame[] = [];
  let done = 0;
  interrupt.addEventListener('abort', () =>
    io.stderr.write(
      '\nstopping: no new game starts; the games under way finish, then the report (a second signal quits)\n',
    ),
  );
  for (const [k, run] of runs.entries()) {
    if (interrupt.aborted) break;
    const live = new LiveScore(run.plan.games, sprt);
    const prefix = runs.length > 1 ? `pair${k + 1}-` : '';
    const out = options.out;
    let games: MatchGame[];
    try {
      games = await playMatch(
        run.plan,
        async (game) => {
          done++;
          live.add(game);
          if (out !== undefined) await writeFile(gameFile(out, prefix, game.index), matchGameSgf(game, run.plan, date));
          progress.show(
            costStepText(done - 1, total, `${run.label}: ${live.text()}`, Date.now() - start, done, total - done),
          );
        },
        () => live.decided || interrupt.aborted,
      );
    } catch (error) {
      if (error instanceof EngineStartError) throw usageError(`${engineOption(options, error.side)}: ${error.message}`);
      throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
    } finally {
      progress.end();
    }
    const lines = [
      ...matchReport(games, { A: run.plan.engines.A.label, B: run.plan.engines.B.label }),
      ...sprtReport(live),
    ];
    const seconds = Math.round((Date.now() - start) / 1000);
    const stopped = stoppedText(run, games.length, live);
    await writeText(
      io.stdout,
      `${run.label}: ${run.plan.games} games${stopped}, swap ${run.plan.swap ? 'on' : 'off'} (${seconds} s in all so far)\n${lines.map((l) => `  ${l}`).join('\n')}\n`,
    );
    fitGames.push(...scalingGames(run, games));
  }
  return fitGames;
}

export function registerMatchCommand(program: Command, io: CliIo): void {
  program
    .command('match')
    .description(
      'play two HTP engines against each other, refereed, and report the score, its 95% interval and the Elo difference',
    )
    .option(
      '--a <settings>',
      `engine A as settings of ours: key=value,… (${Object.keys(SETTING_OPTIONS).join(', ')})`,
      '',
    )
    .option('--b <settings>', 'engine B as settings of ours', '')
    .option('--engine-a <command>', 'engine A as an HTP command line (instead of --a)')
    .option('--engine-b <command>', 'engine B as an HTP command line (instead of --b)')
    .option(
      '--scaling <n,n,…>',
      'play each playout count against the next lower one (--a gives the other settings) and fit the scaling',
    )
    .option('--game <game>', 'hex or y', 'hex')
    .option('--size <n>', 'board size', '7')
    .option('--games <n>', boundedHelp(GAMES, 'games (per pair with --scaling)'), '100')
    .option(
      '--openings <list>',
      "black's forced first moves, each played twice with colours exchanged: all (every cell), none, or cells (a1,b2)",
      'all',
    )
    .option('--no-swap', 'play without the swap rule')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the games'), '0')
    .option('--parallel <n>', boundedHelp(PARALLEL, 'games at once (default one a core)'))
    .option(
      '--timeout <seconds>',
      boundedHelp(TIMEOUT, 'longest wait for one reply; past it the engine forfeits'),
      '600',
    )
    .option('--out <dir>', 'write each game as SGF into this folder')
    .option(
      '--sprt <elo0,elo1[,alpha,beta]>',
      'stop once a sequential test on the pairs of games decides between Elo elo0 and elo1 (α and β default 0.05)',
    )
    .option(
      '--queue <url>',
      'play the games on the workers of a queue (redis://HOST:PORT, rediss://:PASSWORD@HOST:PORT); --parallel then caps the games queued at once',
    )
    .option('--resume <id>', 'with --queue: carry on the match of this id, with the settings it was started with')
    .option('--key-a <key>', "with --queue: engine A by its key in the workers' engine files (instead of --a)")
    .option('--key-b <key>', "with --queue: engine B by its key in the workers' engine files (instead of --b)")
    .action(async (options: MatchOptions, command: Command) => {
      const sprt = sprtOption(options.sprt);
      if (options.queue !== undefined) {
        const { matchOnQueue } = await import('./match-on-queue.js');
        await matchOnQueue({ ...options, queue: options.queue }, sprt, command, io);
        return;
      }
      if (options.resume !== undefined)
        throw usageError('--resume carries on a match on a queue: give --queue URL too');
      if (options.keyA !== undefined || options.keyB !== undefined)
        throw usageError("--key-a and --key-b name engines of the workers' engine files: they need --queue");
      if (sprt !== null && options.scaling !== undefined)
        throw usageError('--sprt tests one match: leave out --scaling');
      const runs = plannedRuns(options);
      if (options.out !== undefined) await checkWritableFolder('--out', options.out);
      const fitGames = await interruptible((signal) => playRuns(runs, options, sprt, io, signal));
      if (runs.length === 1 || fitGames.length === 0) return;
      let fit: string[];
      try {
        fit = scalingReport(fitScaling(fitGames));
      } catch (error) {
        throw new CliError(`error: the scaling fit failed: ${messageOf(error)}`, EXIT_FAILURE);
      }
      await writeText(io.stdout, `${fit.join('\n')}\n`);
    });
}
