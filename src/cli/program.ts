/**
 * The command-line program: its commands, and the one place where every
 * failure becomes a one-line message and an exit status. Commander is told
 * to throw instead of exiting, so that tests can run the program in-process.
 */
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { registerBenchCpuCommand } from './bench-cpu-command.js';
import { registerBenchGpuCommand } from './bench-gpu-command.js';
import { registerBenchNativeCommand } from './bench-native-command.js';
import { registerBenchPaperCommand } from './bench-paper-command.js';
import { registerBenchMovesCommand } from './bench-moves-command.js';
import { registerBenchPriorCommand } from './bench-prior-command.js';
import { registerBenchSearchCommand } from './bench-search-command.js';
import { registerChromeBenchCommand } from './chrome-bench-command.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import { printable } from './printable.js';
import { registerExamCommand } from './exam-command.js';
import { registerHtpCommand } from './htp-command.js';
import { registerMatchCommand } from './match-command.js';
import { registerMethodsCommand } from './methods-command.js';
import { registerSelfplayCommand } from './selfplay-command.js';
import { registerShowCommand } from './show-command.js';
import { registerTrainPriorCommand } from './train-prior-command.js';
import { registerSwapTableCommand } from './swap-table-command.js';
import { registerValidateCommand } from './validate-command.js';
import { registerWinnerCommand } from './winner-command.js';
import { registerWorkerCommand } from './worker-command.js';

export function buildProgram(io: CliIo): Command {
  // Settings made before .command() are inherited by every subcommand.
  const program = new Command('hexbatch')
    .description('Monte Carlo playouts of Hex and Y, decided by bitwise-parallel reduction')
    .version(version)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander puts its "(Did you mean …?)" on a line of its own; errors here are one line.
      outputError: (text, write) => write(`${printable(text.replace(/\n(?=\(Did you mean)/, ' ').trimEnd())}\n`),
    });
  registerWinnerCommand(program, io);
  registerMethodsCommand(program, io);
  registerShowCommand(program, io);
  registerValidateCommand(program, io);
  registerBenchCpuCommand(program, io);
  registerBenchGpuCommand(program, io);
  registerBenchNativeCommand(program, io);
  registerBenchPaperCommand(program, io);
  registerBenchSearchCommand(program, io);
  registerBenchMovesCommand(program, io);
  registerBenchPriorCommand(program, io);
  registerChromeBenchCommand(program, io);
  registerHtpCommand(program, io);
  registerExamCommand(program, io);
  registerMatchCommand(program, io);
  registerSelfplayCommand(program, io);
  registerWorkerCommand(program, io);
  registerTrainPriorCommand(program, io);
  registerSwapTableCommand(program, io);
  for (const command of program.commands) checkRequiredAfterUnknown(command);
  return program;
}

/**
 * Commander checks required options before unknown ones, so a typo in a
 * required option's name (`--playout`) was answered "required option
 * '--playouts <n>' not specified" instead of "unknown option … (Did you
 * mean …?)". The required options are checked after, just before the action.
 */
function checkRequiredAfterUnknown(command: Command): void {
  const required = command.options.filter((option) => option.mandatory);
  if (required.length === 0) return;
  for (const option of required) option.makeOptionMandatory(false);
  command.hook('preAction', (self) => {
    const missing = required.find((option) => self.getOptionValue(option.attributeName()) === undefined);
    if (missing)
      self.error(`error: required option '${missing.flags}' not specified`, {
        code: 'commander.missingMandatoryOptionValue',
      });
  });
}

/** Reports a failure on io.stderr and gives the exit status for it. */
function reportFailure(error: unknown, io: CliIo): number {
  // Commander has already printed its own message (or the help it was asked for).
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
  if (error instanceof CliError) {
    io.stderr.write(`${printable(error.message)}\n`);
    return error.exitCode;
  }
  io.stderr.write(`error: ${printable(messageOf(error))}\n`);
  return EXIT_FAILURE;
}

/** Runs the program on `argv` (the arguments after the program name). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}
