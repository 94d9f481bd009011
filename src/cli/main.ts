/** Entry point of the `hexbatch` binary (bundled into dist/cli.js). */
import { EXIT_USAGE, messageOf } from './cli-error.js';
import { runCli } from './program.js';

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  // A reader that goes away early (`hexbatch winner … | head`) is not an error.
  if (error.code === 'EPIPE') process.exit(0);
  // A full disk or device (`> /dev/full`): say so on standard error, which may still be writable.
  process.stderr.write(`error: cannot write standard output: ${messageOf(error)}\n`, () => process.exit(EXIT_USAGE));
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
