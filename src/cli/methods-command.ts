/** `hexbatch methods`: the registered win-test methods and what they support. */
import type { Command } from 'commander';
import type { WinTestMethod } from '../wintest/method.js';
import { METHODS } from '../wintest/registry.js';
import type { CliIo } from './io.js';
import { formatTable } from '../jobs/text-table.js';

const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');

export function formatMethods(methods: readonly WinTestMethod[]): string {
  const rows = methods.map((m) => [
    m.name,
    m.supports.games.join(', '),
    yesNo(m.supports.partialBoards),
    yesNo(m.supports.incremental),
    m.summary,
  ]);
  return formatTable(['method', 'games', 'partial', 'incremental', 'summary'], rows);
}

export function registerMethodsCommand(program: Command, io: CliIo): void {
  program
    .command('methods')
    .description('list the win-test methods and what each supports')
    .action(() => {
      io.stdout.write(formatMethods(METHODS));
    });
}
