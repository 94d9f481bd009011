/** Entry point of the `hexbatch` binary (bundled into dist/cli.js). */
import { runCli } from './program.js';

// A reader that goes away early (`hexbatch winner … | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  process.exit(error.code === 'EPIPE' ? 0 : 1);
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
