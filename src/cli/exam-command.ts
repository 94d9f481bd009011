/**
 * `hexbatch exam FILE`: the HTP engine answers each position of a file of
 * positions with known winning moves (see src/htp/exam.ts), and the share it
 * gets right is the score.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { type ExamAnswer, type ExamQuestion, askQuestion, parseExam } from '../htp/exam.js';
import { progressLine } from '../jobs/progress-line.js';
import { formatTable } from '../jobs/text-table.js';
import { type Bound, boundedHelp, parseBounded } from './bounds.js';
import { CliError, EXIT_FAILURE, messageOf, usageError } from './cli-error.js';
import { type EngineOptions, addEngineOptions, engineSetup, makeEngine } from './htp-command.js';
import type { CliIo } from './io.js';
import { printable } from './printable.js';

const MIN_PERCENT: Bound = { option: '--min-percent', min: 0, max: 100 };

interface ExamOptions extends EngineOptions {
  readonly minPercent?: string;
}

async function readQuestions(file: string): Promise<ExamQuestion[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read ${printable(file)}: ${messageOf(error)}`);
  }
  let questions: ExamQuestion[];
  try {
    questions = parseExam(text);
  } catch (error) {
    throw usageError(`${printable(file)}: ${messageOf(error)}`);
  }
  if (questions.length === 0) throw usageError(`${printable(file)} holds no position`);
  return questions;
}

export function formatExam(answers: readonly ExamAnswer[]): string {
  const right = answers.filter((a) => a.right).length;
  const misses = answers.filter((a) => !a.right);
  let text = `right ${right} of ${answers.length} (${((100 * right) / answers.length).toFixed(1)}%)\n`;
  if (misses.length > 0) {
    text += `\nmissed\n${formatTable(
      ['line', 'size', 'played', 'winning moves'],
      misses.map((a) => [String(a.question.line), String(a.question.size), a.move, [...a.question.winning].join(' ')]),
    )}`;
  }
  return text;
}

export function registerExamCommand(program: Command, io: CliIo): void {
  addEngineOptions(program.command('exam').description('score the HTP engine on positions with known winning moves (e.g. bench/hex-tactics.txt)').argument('<file>', 'positions: game size colour board winning-moves…, one a line'))
    .option('--min-percent <n>', boundedHelp(MIN_PERCENT, 'exit 1 when fewer are right'))
    .action(async (file: string, options: ExamOptions) => {
      const setup = engineSetup({ ...options, swap: false });
      const settings = setup.settings;
      const minPercent = options.minPercent === undefined ? 0 : parseBounded(MIN_PERCENT, options.minPercent);
      const questions = await readQuestions(file);
      const engine = makeEngine(setup, io);
      const progress = progressLine(io.stderr, 'silent');
      const answers: ExamAnswer[] = [];
      try {
        for (const q of questions) {
          const right = answers.filter((a) => a.right).length;
          progress.show(`position ${answers.length + 1} of ${questions.length} (line ${q.line}, size ${q.size}); right so far ${right}`);
          answers.push(await askQuestion(engine, q));
        }
      } catch (error) {
        throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
      } finally {
        progress.end();
        engine.close();
      }
      const limits = [settings.seconds === null ? null : `${settings.seconds} s`, settings.playouts === null ? null : `${settings.playouts} playouts`].filter(Boolean).join(' or ');
      io.stdout.write(`${questions.length} positions from ${printable(file)}; ${settings.backend} backend, ${limits} a move, seed ${settings.seed}\n`);
      io.stdout.write(formatExam(answers));
      const percent = (100 * answers.filter((a) => a.right).length) / answers.length;
      if (percent < minPercent) throw new CliError(`error: ${percent.toFixed(1)}% right, below --min-percent ${minPercent}`, EXIT_FAILURE);
    });
}
