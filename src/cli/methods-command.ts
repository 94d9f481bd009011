/** `hexbatch methods`: the registered win-test methods and what they support, and the CPU backend's kernels. */
import type { Command } from 'commander';
import type { WinTestMethod } from '../wintest/method.js';
import { METHODS } from '../wintest/registry.js';
import { CPU_KERNELS, type CpuKernelInfo, resolveCpuKernel } from '../eval/cpu/kernels.js';
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

/** The CPU backend's kernels of the bitsliced method: which this runtime has, and which 'auto' picks. */
export function formatCpuKernels(kernels: readonly CpuKernelInfo[]): string {
  const auto = resolveCpuKernel('auto');
  const rows = kernels.map((k) => [
    k.name,
    String(k.boards),
    yesNo(k.available()),
    k.name === auto ? 'yes' : 'no',
    k.summary,
  ]);
  return formatTable(['kernel', 'boards', 'available', 'default', 'summary'], rows);
}

export function registerMethodsCommand(program: Command, io: CliIo): void {
  program
    .command('methods')
    .description("list the win-test methods and what each supports, and the CPU backend's kernels")
    .action(() => {
      io.stdout.write(formatMethods(METHODS));
      io.stdout.write(`\nCPU kernels (the bitsliced method's fused fill and win test):\n`);
      io.stdout.write(formatCpuKernels(CPU_KERNELS));
    });
}
