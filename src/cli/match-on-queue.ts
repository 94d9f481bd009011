/**
 * `hexbatch match --queue URL` and `selfplay --queue URL`: the games go on
 * the queue as jobs, and their results come back here, where the SGF files
 * are written and the score, Elo and interval (and the SPRT) are shown as
 * they arrive. Loaded only with --queue, so a local match loads no Redis code.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { GameKind, type Geometry, describeGeometry, geometryOf } from '../game/geometry.js';
import { progressLine } from '../jobs/progress-line.js';
import { costStepText } from '../jobs/progress-text.js';
import { median } from '../jobs/throughput.js';
import { ourEngine, parseSettings } from '../match/engine-spec.js';
import { type MatchGame, matchGameSgf } from '../match/match.js';
import { matchReport } from '../match/report.js';
import type { SprtBounds } from '../match/sprt.js';
import { type QueueSession, openSession } from '../queue/coordinator.js';
import type { EngineRef } from '../queue/job-data.js';
import {
  type MatchRecord,
  type QueuedGame,
  checkMatchRecord,
  openingNames,
  playQueuedMatch,
} from '../queue/queued-match.js';
import type { RedisTarget } from '../queue/redis-url.js';
import { newRunId } from '../queue/run-store.js';
import { parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, asUsage, usageError } from './cli-error.js';
import { queueCliError, queueTarget, resumeId } from './queue-cli.js';
import { checkEngineOptions } from './htp-command.js';
import { type CliIo, writeText } from './io.js';
import { interruptible } from './interruptible.js';
import {
  GAMES,
  type MatchOptions,
  QUEUE_WINDOW,
  SEED,
  TIMEOUT,
  gameFile,
  parseOpenings,
  sprtReport,
} from './match-options.js';
import { parseGame, parseGeometry } from './options.js';
import { checkWritableFolder } from './output-file.js';

/** How long the coordinator waits for a Redis that went away before it gives up (the run goes on in the queue). */
const PATIENCE_MS = 120_000;

/** The exit status after Ctrl-C, as shells give it. */
const EXIT_INTERRUPTED = 130;

/** Refuses options that a resumed run takes from its record: the run goes on as it began. */
export function refuseWithResume(command: Command, names: readonly string[]): void {
  const given = names.filter((n) => command.getOptionValueSource(n) === 'cli');
  if (given.length > 0)
    throw usageError(
      `--resume carries on a run with the settings it began with: leave out ${given.map((n) => `--${n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')}`,
    );
}

/** Engine `side` as a job names it, with its label: settings of ours (checked here as a worker will) or a key. */
export function engineRef(
  side: 'A' | 'B',
  settings: string,
  key: string | undefined,
  command: string | undefined,
  noSwap: boolean,
): { ref: EngineRef; label: string } {
  const lower = side.toLowerCase();
  if (command !== undefined)
    throw usageError(
      `--engine-${lower}: a worker never runs a command line from the queue; name the engine by a key of the workers' engine files (--key-${lower})`,
    );
  if (key !== undefined) {
    if (settings !== '') throw usageError(`give either --${lower} or --key-${lower}, not both`);
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(key))
      throw usageError(`--key-${lower}: a key is 1 to 64 letters, digits and . _ -`);
    return { ref: { key }, label: key };
  }
  const parsed = asUsage(() => parseSettings(settings), `--${lower}`);
  const spec = ourEngine(parsed, { threads: 1, noSwap });
  asUsage(() => checkEngineOptions(spec.args.slice(2)), `--${lower}`);
  return { ref: { settings: Object.fromEntries(parsed) }, label: spec.label };
}

export interface RecordRun {
  readonly target: RedisTarget;
  readonly run: string;
  readonly record: MatchRecord;
  readonly resumed: boolean;
  /** The command that carries the run on, for the resume hint. */
  readonly command: string;
  /** Root properties for a game's SGF file beyond match's (self-play's settings and seeds). */
  readonly properties?: (game: MatchGame) => readonly (readonly [string, string])[];
}

export interface RecordResult {
  readonly games: MatchGame[];
  readonly lines: string[];
  readonly stopped: boolean;
}

function queueLines(received: readonly QueuedGame[], wallMs: number): string[] {
  if (received.length === 0) return [];
  const perHour = (received.length * 3_600_000) / wallMs;
  const timed = received.filter((g) => g.queuedToResultMs !== null);
  const beyond = timed.map((g) => Math.max(0, (g.queuedToResultMs as number) - g.ms));
  const workers = new Set(received.map((g) => g.worker)).size;
  const lines = [
    `queue: ${received.length} games in ${(wallMs / 1000).toFixed(0)} s (${perHour.toFixed(0)} an hour) on ${workers} worker${workers === 1 ? '' : 's'}; median game ${(median(received.map((g) => g.ms)) / 1000).toFixed(2)} s`,
  ];
  if (beyond.length > 0)
    lines.push(
      `queue: enqueue to result, less the game itself: median ${median(beyond).toFixed(0)} ms a game (waiting in line included)`,
    );
  return lines;
}

/** Plays the run of `setup` on the queue, writing SGF files and showing the live score; gives the report's lines. */
export async function runRecord(setup: RecordRun, io: CliIo): Promise<RecordResult> {
  const { record, run } = setup;
  let session: QueueSession;
  try {
    session = await openSession(setup.target);
  } catch (error) {
    throw queueCliError(error);
  }
  const out = record.out;
  const date = new Date().toISOString().slice(0, 10);
  const g: Geometry = geometryOf(record.game, record.size);
  const label = describeGeometry(g);
  const progress = progressLine(io.stderr, 'lines');
  const received: QueuedGame[] = [];
  const start = Date.now();
  const plan = {
    engines: { A: { label: record.labels.A }, B: { label: record.labels.B } },
    game: record.game,
    size: record.size,
  };
  const resumeHint = `${setup.command} --queue ${setup.target.shown} --resume ${run}`;
  try {
    if (!setup.resumed) await session.store.saveRecord(run, record);
    io.stderr.write(
      `${setup.resumed ? 'resuming' : 'started'} ${record.kind} ${run} on ${setup.target.shown}; if this stops, carry on with: ${resumeHint}\n`,
    );
    const result = await interruptible((signal) =>
      playQueuedMatch(
        session,
        run,
        record,
        async (queued, live) => {
          received.push(queued);
          if (out !== null)
            await writeFile(
              gameFile(out, '', queued.game.index),
              matchGameSgf(queued.game, plan, date, setup.properties?.(queued.game) ?? []),
            );
          progress.show(
            costStepText(
              live.games - 1,
              record.games,
              `${label}: ${live.text()}`,
              Date.now() - start,
              received.length,
              record.games - live.games,
            ),
          );
        },
        PATIENCE_MS,
        signal,
      ),
    );
    progress.end();
    if (result.outcome.kind === 'interrupted')
      throw new CliError(`stopped; the games go on in the queue: carry on with ${resumeHint}`, EXIT_INTERRUPTED);
    const withdrawn =
      result.outcome.kind === 'decided' ? [`the SPRT decided: ${result.outcome.withdrawn} queued games withdrawn`] : [];
    const lines = [
      ...matchReport(result.games, record.labels),
      ...sprtReport(result.live),
      ...queueLines(received, Date.now() - start),
      ...withdrawn,
    ];
    return { games: result.games, lines, stopped: result.outcome.kind === 'decided' };
  } catch (error) {
    progress.end();
    const failure = queueCliError(error);
    if (failure.exitCode === EXIT_FAILURE)
      throw new CliError(`${failure.message}; carry on with: ${resumeHint}`, EXIT_FAILURE);
    throw failure;
  } finally {
    await session.close();
  }
}

/** `match --queue URL …`, a new match or a resumed one. */
export async function matchOnQueue(
  options: MatchOptions & { readonly queue: string },
  sprt: SprtBounds | null,
  command: Command,
  io: CliIo,
): Promise<void> {
  const target = queueTarget(options.queue);
  if (options.scaling !== undefined) throw usageError('--scaling plays locally: leave out --queue');
  let run: string;
  let record: MatchRecord;
  if (options.resume !== undefined) {
    run = resumeId(options.resume);
    refuseWithResume(command, [
      'a',
      'b',
      'engineA',
      'engineB',
      'keyA',
      'keyB',
      'game',
      'size',
      'games',
      'openings',
      'swap',
      'seed',
      'parallel',
      'timeout',
      'sprt',
    ]);
    record = await loadRecord(target, run, 'match');
    if (options.out !== undefined) record = { ...record, out: resolve(options.out) };
  } else {
    const basis = newRunBasis(options);
    const A = engineRef('A', options.a, options.keyA, options.engineA, !basis.swap);
    const B = engineRef('B', options.b, options.keyB, options.engineB, !basis.swap);
    run = newRunId();
    record = { kind: 'match', ...basis, engines: { A: A.ref, B: B.ref }, labels: { A: A.label, B: B.label }, sprt };
  }
  if (record.out !== null) await checkWritableFolder('--out', record.out);
  const start = Date.now();
  const result = await runRecord(
    { target, run, record, resumed: options.resume !== undefined, command: 'hexbatch match' },
    io,
  );
  const seconds = Math.round((Date.now() - start) / 1000);
  const g = geometryOf(record.game, record.size);
  const stopped = result.stopped ? ` (stopped by the SPRT after ${result.games.length})` : '';
  await writeText(
    io.stdout,
    `${describeGeometry(g)}: ${record.games} games${stopped}, swap ${record.swap ? 'on' : 'off'}, run ${run} (${seconds} s)\n${result.lines.map((l) => `  ${l}`).join('\n')}\n`,
  );
}

/** The options a queued match and queued self-play share. */
export interface GameRunOptions {
  readonly game: string;
  readonly size: string;
  readonly swap: boolean;
  readonly games: string;
  readonly seed: string;
  readonly timeout: string;
  readonly openings: string;
  readonly parallel?: string;
  readonly out?: string;
}

/** What a new queued run's record holds besides its kind, engines and SPRT: the games, their board, seeds and openings. */
export function newRunBasis(options: GameRunOptions): Omit<MatchRecord, 'kind' | 'engines' | 'labels' | 'sprt'> {
  const game = parseGame(options.game);
  const g = parseGeometry(game, options.size);
  const games = parseBounded(GAMES, options.games);
  return {
    created: new Date().toISOString(),
    games,
    game,
    size: g.size,
    swap: options.swap && game === GameKind.Hex,
    seed: parseBounded(SEED, options.seed),
    timeoutMs: parseBounded(TIMEOUT, options.timeout) * 1000,
    openings: openingNames(game, g.size, parseOpenings(options.openings, game, g.size)),
    window: options.parallel === undefined ? games : parseBounded(QUEUE_WINDOW, options.parallel),
    out: options.out === undefined ? null : resolve(options.out),
  };
}

/** The record of run `run` from Redis, checked to be of `kind`. */
export async function loadRecord(target: RedisTarget, run: string, kind: MatchRecord['kind']): Promise<MatchRecord> {
  let session: QueueSession | null = null;
  try {
    session = await openSession(target);
    return checkMatchRecord(await session.store.loadRecord(run), run, kind);
  } catch (error) {
    throw queueCliError(error);
  } finally {
    await session?.close();
  }
}
