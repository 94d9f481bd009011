/**
 * `hexbatch train-prior`: fits the move prior's gammas (src/search/prior/)
 * to the moves of Hex games in SGF files, and writes the table as JSON;
 * with --test, it also measures how well the table predicts the moves of
 * other games, beside the trivial baselines.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { progressLine } from '../jobs/progress-line.js';
import { adjacentScorer, nearScorer, predictionRates, priorScorer, uniformScorer } from '../search/prior/evaluate.js';
import { GROUPS, type GroupName } from '../search/prior/features.js';
import { formatPriorTable, priorTable } from '../search/prior/table.js';
import { type TrainOptions, trainPrior } from '../search/prior/train.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';
import { type CliIo, writeText } from './io.js';
import { type NumberBound, boundedNumberHelp, parseBoundedNumber, parseList } from './options.js';
import { checkWritableFile } from './output-file.js';
import { gamesText, readGames } from './sgf-games.js';
import { namesPlayer } from '../search/prior/game-positions.js';
import { shippedPriorTable } from '../search/prior/move-prior.js';

const SEED: Bound = { option: '--seed', min: 0, max: 0xffffffff };
const FROM_MOVE: Bound = { option: '--from-move', min: 1, max: 1000 };
const POSITIONS: Bound = { option: '--positions', min: 1, max: 100_000_000 };
const ITERATIONS: Bound = { option: '--iterations', min: 1, max: 10_000 };
const MIN_COUNT: Bound = { option: '--min-count', min: 1, max: 1_000_000_000 };
const SIZE: Bound = { option: '--size', min: 1, max: 31 };
const PRIOR_GAMES: NumberBound = { option: '--prior-games', above: 0, max: 1_000_000 };

interface TrainPriorOptions {
  readonly games: string[];
  readonly out: string;
  readonly test?: string[];
  readonly size?: string;
  readonly seed: string;
  readonly fromMove: string;
  readonly positions?: string;
  readonly iterations: string;
  readonly minCount: string;
  readonly priorGames: string;
  readonly groups?: string;
  readonly player?: string;
}

function parseGroup(name: string): GroupName {
  if (!(GROUPS as readonly string[]).includes(name))
    throw usageError(`--groups: "${name}" is not a feature group (${GROUPS.join(', ')})`);
  return name as GroupName;
}

function parsePlayerText(text: string): string {
  if (text.trim() === '') throw usageError("--player: give some text of the player's name (PB or PW), not nothing");
  return text;
}

function percent(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

export function registerTrainPriorCommand(program: Command, io: CliIo): void {
  program
    .command('train-prior')
    .description(
      'fit the move prior (pattern gammas, by minorization-maximization) to the moves of Hex games in SGF files',
    )
    .requiredOption('--games <paths...>', 'SGF files, or folders searched for .sgf files')
    .requiredOption('--out <file>', 'write the table (JSON) here')
    .option(
      '--test <paths...>',
      'held-out SGF files or folders: report how often the table predicts their moves, beside baselines',
    )
    .option('--size <n,n,…>', 'learn only from games of these board sizes (default all)')
    .option('--seed <n>', boundedHelp(SEED, 'seed of the random draw of positions (--positions)'), '1')
    .option(
      '--from-move <n>',
      boundedHelp(FROM_MOVE, 'the first move of each game to learn from (2 leaves out a forced or swap-rule opening)'),
      '2',
    )
    .option('--positions <n>', boundedHelp(POSITIONS, 'learn from this many positions drawn at random (default all)'))
    .option('--iterations <n>', boundedHelp(ITERATIONS, 'most sweeps of minorization-maximization'), '60')
    .option(
      '--min-count <n>',
      boundedHelp(MIN_COUNT, 'a pattern is a feature of its own when seen this often among the candidates'),
      '20',
    )
    .option(
      '--groups <g,g,…>',
      `the feature groups to fit (default all: ${GROUPS.join(', ')}); the others' gammas stay 1`,
    )
    .option(
      '--player <text>',
      "learn (and with --test, measure) only the moves of the player whose name in the file (PB or PW) holds this text, e.g. a teacher's among its opponents'",
    )
    .option(
      '--prior-games <x>',
      boundedNumberHelp(PRIOR_GAMES, 'virtual wins and losses of every feature against gamma 1'),
      '1',
    )
    .action(async (options: TrainPriorOptions) => {
      const sizes =
        options.size === undefined ? null : new Set(parseList('--size', options.size, (s) => parseBounded(SIZE, s)));
      const train: TrainOptions = {
        fromMove: parseBounded(FROM_MOVE, options.fromMove),
        seed: parseBounded(SEED, options.seed),
        iterations: parseBounded(ITERATIONS, options.iterations),
        minCount: parseBounded(MIN_COUNT, options.minCount),
        priorGames: parseBoundedNumber(PRIOR_GAMES, options.priorGames),
        tolerance: 1e-7,
        ...(options.positions === undefined ? {} : { positions: parseBounded(POSITIONS, options.positions) }),
        ...(options.groups === undefined ? {} : { groups: new Set(parseList('--groups', options.groups, parseGroup)) }),
        ...(options.player === undefined ? {} : { player: parsePlayerText(options.player) }),
      };
      await checkWritableFile('--out', options.out);
      const games = await readGames('--games', options.games, sizes);
      const test = options.test === undefined ? null : await readGames('--test', options.test, sizes);
      const player = train.player;
      if (player !== undefined && !games.some((game) => namesPlayer(game, player)))
        throw usageError(`--player: no player of the games has a name that holds "${player}"`);
      const progress = progressLine(io.stderr, 'lines');
      let shown = 0;
      const trained = (() => {
        try {
          return trainPrior(games, train, (p) => {
            // One line a second at most: the features stage reports every game.
            const now = Date.now();
            const last = p.stage === 'features' ? p.done === p.total : p.iteration === p.iterations;
            if (now - shown < 1000 && !last) return;
            shown = now;
            progress.show(
              p.stage === 'features'
                ? `features: ${p.done} of ${p.total} games`
                : `fit: sweep ${p.iteration} of at most ${p.iterations}, mean log-likelihood ${p.meanLogLikelihood.toFixed(5)}`,
            );
          });
        } catch (error) {
          throw usageError(messageOf(error));
        } finally {
          progress.end();
        }
      })();
      try {
        await writeFile(options.out, formatPriorTable(trained.data));
      } catch (error) {
        throw new CliError(`error: --out ${options.out} cannot be written: ${messageOf(error)}`, EXIT_FAILURE);
      }
      const lines = [
        `${options.out}: ${trained.positions} positions of ${gamesText(games.length)}, ${trained.features} features; mean log-likelihood ${trained.meanLogLikelihood.toFixed(4)} a move`,
      ];
      if (test !== null) {
        const names = [
          'uniform',
          'adjacent to the last move',
          'near the last move (adjacent or bridge)',
          'the table that ships',
          'learned prior',
        ];
        // The shipped table beside the new one: a rebuilt table should predict held-out moves no worse.
        const scorers = [
          uniformScorer,
          adjacentScorer,
          nearScorer,
          priorScorer(shippedPriorTable()),
          priorScorer(priorTable(trained.data)),
        ];
        // All the moves, then the opening and middle game alone, where a search needs the prior most.
        for (const [label, from, to] of [
          ['all moves', train.fromMove, Infinity],
          [`moves ${train.fromMove}–30`, train.fromMove, 30],
        ] as const) {
          const rates = predictionRates(test, from, scorers, to, train.player);
          lines.push(
            `held-out, ${label}: ${rates[0]?.positions ?? 0} positions of ${gamesText(test.length)}`,
            '| predictor | top-1 | top-5 | mean log p |',
            '|---|---|---|---|',
          );
          rates.forEach((r, i) =>
            lines.push(
              `| ${names[i]} | ${percent(r.top1)} | ${percent(r.top5)} | ${r.meanLogProbability.toFixed(3)} |`,
            ),
          );
        }
      }
      await writeText(io.stdout, `${lines.join('\n')}\n`);
    });
}
