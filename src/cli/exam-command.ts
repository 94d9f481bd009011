/**
 * `hexbatch exam FILE`: an HTP engine answers each question of an exam (our
 * one-line positions, src/htp/exam.ts, or a GoGui regression script such as
 * benzene's, src/htp/gtp-regress.ts), and the share it gets right is the
 * score. The engine is ours, in this process, or any HTP engine given as a
 * command line (--engine), set up through the same commands.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { colorName } from '../game/color.js';
import { GameKind } from '../game/geometry.js';
import {
  type ExamAnswer,
  type ExamStep,
  type HtpLink,
  type SetupDialect,
  engineLink,
  runExamScript,
} from '../htp/exam-script.js';
import { examSteps, parseExam } from '../htp/exam.js';
import { type RegressScript, parseRegressScript } from '../htp/gtp-regress.js';
import { splitCommandLine } from '../match/engine-spec.js';
import { EngineError, HtpProcess } from '../match/htp-process.js';
import { progressLine } from '../jobs/progress-line.js';
import { formatTable } from '../jobs/text-table.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, asUsage, messageOf, usageError } from './cli-error.js';
import {
  ENGINE_OPTION_NAMES,
  type EngineOptions,
  type EngineSetup,
  addEngineOptions,
  engineSetup,
  makeEngine,
} from './htp-command.js';
import type { CliIo } from './io.js';
import type { EngineSettings } from '../search/setting-record.js';
import { checkWritableFile } from './output-file.js';
import { printable } from './printable.js';

const MIN_PERCENT: Bound = { option: '--min-percent', min: 0, max: 100 };
const TIMEOUT: Bound = { option: '--timeout', min: 1, max: 86_400 };

type ExamFormat = 'positions' | 'tst';

interface ExamOptions extends EngineOptions {
  readonly minPercent?: string;
  readonly format?: string;
  readonly engine?: string;
  readonly timeout: string;
  readonly json?: string;
  readonly solverAnswers?: boolean;
}

interface Exam {
  readonly steps: readonly ExamStep[];
  readonly skipped: RegressScript['skipped'];
}

function formatOf(file: string, option: string | undefined): ExamFormat {
  if (option === undefined) return extname(file).toLowerCase() === '.tst' ? 'tst' : 'positions';
  if (option === 'positions' || option === 'tst') return option;
  throw usageError(`--format must be positions or tst, not "${printable(option)}"`);
}

async function readExam(file: string, format: ExamFormat, solverAnswers: boolean): Promise<Exam> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${printable(file)}: ${messageOf(error)}`);
  }
  let exam: Exam;
  try {
    // loadsgf names files relative to the script's folder, as gtpregress runs it from there.
    exam =
      format === 'tst'
        ? parseRegressScript(text, (path) => readFileSync(resolve(dirname(file), path), 'utf8'), { solverAnswers })
        : { steps: examSteps(parseExam(text)), skipped: new Map() };
  } catch (error) {
    throw usageError(`${printable(file)}: ${messageOf(error)}`);
  }
  if (!exam.steps.some((s) => s.kind === 'question' && s.judge !== null))
    throw usageError(`${printable(file)} holds no question with an expected answer`);
  return exam;
}

const percentOf = (right: number, total: number): string => `${((100 * right) / total).toFixed(1)}%`;

export function formatExam(answers: readonly ExamAnswer[], skipped: RegressScript['skipped'] = new Map()): string {
  const right = answers.filter((a) => a.right).length;
  let text = `right ${right} of ${answers.length} (${percentOf(right, answers.length)})\n`;
  const marked = answers.filter((a) => a.judge.expectedFail);
  if (marked.length > 0)
    text += `marked as expected failures (*): ${marked.length}, of which right ${marked.filter((a) => a.right).length}\n`;
  if (skipped.size > 0) {
    const list = [...skipped].map(
      ([name, t]) => `${name} ×${t.count}${t.withAnswer > 0 ? ` (${t.withAnswer} with an expected reply)` : ''}`,
    );
    text += `commands skipped (not move questions): ${list.join(', ')}\n`;
  }
  const misses = answers.filter((a) => !a.right);
  if (misses.length > 0) {
    text += `\nmissed\n${formatTable(
      ['line', 'id', 'position', 'size', 'colour', 'played', 'expected'],
      misses.map((a) => [
        String(a.line),
        a.id ?? '',
        a.source,
        String(a.size),
        colorName(a.player),
        a.move,
        a.judge.expected,
      ]),
    )}`;
  }
  return text;
}

/**
 * The answers one by one, for bench/results/: the engine's output only. The
 * expected answers stay out, since they are the exam file's own data (a
 * suite under its own licence, such as benzene's).
 */
function answersJson(file: string, engine: string, answers: readonly ExamAnswer[]): string {
  const right = answers.filter((a) => a.right).length;
  const rows = answers.map((a) => ({
    line: a.line,
    id: a.id,
    position: a.source,
    size: a.size,
    colour: colorName(a.player),
    played: a.move,
    right: a.right,
    seconds: Number(a.seconds.toFixed(2)),
  }));
  return `${JSON.stringify({ file, engine, right, total: answers.length, answers: rows }, null, 1)}\n`;
}

/** A link to an HTP child process: `?` replies come back as refusals; a crash or a timeout throws. */
function processLink(engine: HtpProcess, timeoutMs: number): HtpLink {
  return async (command) => {
    try {
      return { ok: true, text: await engine.send(command, timeoutMs) };
    } catch (error) {
      if (error instanceof EngineError && error.fault === 'refused')
        return { ok: false, text: error.message.replace(/^\?\s*/, '') };
      throw error;
    }
  };
}

interface Examinee {
  readonly link: HtpLink;
  readonly dialect: SetupDialect;
  readonly label: string;
  close(): Promise<void>;
}

async function externalExaminee(line: string, timeoutMs: number): Promise<Examinee> {
  const [command, ...args] = asUsage(() => splitCommandLine(line), '--engine');
  const engine = new HtpProcess(command as string, args);
  try {
    await engine.send('name', timeoutMs);
  } catch (error) {
    engine.kill();
    throw usageError(`--engine: the engine did not start: ${engine.lastErrorLine || messageOf(error)}`);
  }
  return {
    link: processLink(engine, timeoutMs),
    dialect: 'gtp',
    label: `engine ${line.trim()}`,
    close: () => engine.quit(),
  };
}

function ourExaminee(setup: EngineSetup, io: CliIo): Examinee {
  const s = setup.settings;
  const engine = makeEngine(setup, io);
  const limits = [s.seconds === null ? null : `${s.seconds} s`, s.playouts === null ? null : `${s.playouts} playouts`]
    .filter(Boolean)
    .join(' or ');
  return {
    link: engineLink(engine),
    dialect: 'hexbatch',
    label: `${s.backend} backend, ${limits} a move, seed ${s.seed}`,
    close: async () => engine.close(),
  };
}

/**
 * A question is a game of one move: a time bank would lend it three times
 * its time, and the stop would save time that no later move spends.
 */
const EXAM_DEFAULTS: Partial<EngineSettings> = { timeBank: false, stopEarly: false };

export function registerExamCommand(program: Command, io: CliIo): void {
  const command = program
    .command('exam')
    .description(
      "score an HTP engine (ours, or --engine) on positions with known answers: our one-line format (bench/hex-tactics.txt) or a GoGui regression script (.tst, e.g. benzene's)",
    )
    .argument(
      '<file>',
      'positions (game size colour board winning-moves…, one a line), or a .tst script (loadsgf …, genmove …, #? [answers])',
    );
  addEngineOptions(command, EXAM_DEFAULTS)
    .option('--format <kind>', 'positions or tst (default: tst for a .tst file, else positions)')
    .option(
      '--engine <command>',
      "score this HTP engine command line instead of ours (our engine's options are then refused)",
    )
    .option('--timeout <seconds>', boundedHelp(TIMEOUT, "longest wait for one reply of --engine's"), '600')
    .option(
      '--solver-answers',
      "in a .tst script, also ask benzene's solver questions (dfpn-/dfs-solver-find-winning COLOUR, #? [the winning moves its inferior-cell analysis keeps]) as genmove COLOUR",
    )
    .option('--json <file>', 'also write every answer to this JSON file')
    .option('--min-percent <n>', boundedHelp(MIN_PERCENT, 'exit 1 when fewer are right'))
    .action(async (file: string, options: ExamOptions) => {
      if (options.engine !== undefined) {
        const given = ENGINE_OPTION_NAMES.find((name) => command.getOptionValueSource(name) === 'cli');
        if (given !== undefined)
          throw usageError(
            `--engine runs its own settings: leave out --${given.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
          );
      }
      const minPercent = options.minPercent === undefined ? 0 : parseBounded(MIN_PERCENT, options.minPercent);
      const timeoutMs = parseBounded(TIMEOUT, options.timeout) * 1000;
      // Our engine's options are checked before the files are read.
      const ourSetup = options.engine === undefined ? engineSetup({ ...options, swap: false }, EXAM_DEFAULTS) : null;
      const format = formatOf(file, options.format);
      if (options.solverAnswers === true && format !== 'tst') throw usageError('--solver-answers is for .tst scripts');
      const exam = await readExam(file, format, options.solverAnswers === true);
      const yLine = exam.steps.find((s) => s.kind === 'position' && s.board.geometry.game !== GameKind.Hex)?.line;
      if (options.engine !== undefined && yLine !== undefined)
        throw usageError(`${printable(file)}: line ${yLine}: --engine is asked Hex positions only, and this one is Y`);
      if (options.json !== undefined) await checkWritableFile('--json', options.json);
      const total = exam.steps.filter((s) => s.kind === 'question' && s.judge !== null).length;
      const examinee =
        ourSetup === null ? await externalExaminee(options.engine as string, timeoutMs) : ourExaminee(ourSetup, io);
      const progress = progressLine(io.stderr, 'silent');
      let answers: ExamAnswer[];
      let right = 0;
      let done = 0;
      try {
        progress.show(`question 1 of ${total}`);
        answers = await runExamScript(exam.steps, examinee.link, examinee.dialect, (a) => {
          done++;
          if (a.right) right++;
          progress.show(`question ${Math.min(total, done + 1)} of ${total}; right so far ${right} of ${done}`);
        });
      } catch (error) {
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      } finally {
        progress.end();
        await examinee.close();
      }
      io.stdout.write(`${answers.length} positions from ${printable(file)}; ${examinee.label}\n`);
      io.stdout.write(formatExam(answers, exam.skipped));
      if (options.json !== undefined) await writeFile(options.json, answersJson(file, examinee.label, answers));
      const percent = (100 * answers.filter((a) => a.right).length) / answers.length;
      if (percent < minPercent)
        throw new CliError(`error: ${percent.toFixed(1)}% right, below --min-percent ${minPercent}`, EXIT_FAILURE);
    });
}
