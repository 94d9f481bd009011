/**
 * Errors the CLI reports as one clean line and an exit status, never as a
 * stack trace. Anything else that escapes a command is an internal error.
 */

/** Bad options or bad input: the user can fix it. */
export const EXIT_USAGE = 2;
/** The run itself failed (a file could not be written, a check failed). */
export const EXIT_FAILURE = 1;

export class CliError extends Error {
  /** `message` is printed exactly as given, on its own line. */
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(what: string): CliError {
  return new CliError(`error: ${what}`);
}

/** The error format for a bad input line, fixed by the foundation issue. */
export function lineError(lineNumber: number, what: string): CliError {
  return new CliError(`line ${lineNumber}: ${what}`);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a library parser, turning the error it throws into a usage error (naming `option`, when given). */
export function asUsage<T>(parse: () => T, option?: string): T {
  try {
    return parse();
  } catch (error) {
    throw usageError(option === undefined ? messageOf(error) : `${option}: ${messageOf(error)}`);
  }
}
