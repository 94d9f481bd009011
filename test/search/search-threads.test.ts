// The CPU threads a search runs on (htp's --threads, match's threads=): this
// thread plays too, beside threads − 1 workers, so the evaluator runs as many
// calls at once as there are threads, and the search keeps that many rounds
// in flight.
import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { createEvaluator } from '../../src/eval/create-evaluator.js';
import { searchCpuOptions } from '../../src/cli/options.js';

test('n threads: n − 1 workers and this thread; 0 and 1 both mean this thread alone; the default is one a core', async () => {
  expect(searchCpuOptions(4)).toEqual({ cpuWorkers: 3, cpuCallerPlays: true });
  expect(searchCpuOptions(1)).toEqual({ cpuWorkers: 0, cpuCallerPlays: true });
  expect(searchCpuOptions(0)).toEqual({ cpuWorkers: 0, cpuCallerPlays: true });
  expect(searchCpuOptions()).toEqual({ cpuWorkers: availableParallelism() - 1, cpuCallerPlays: true });
  for (const threads of [0, 1, 2, 3]) {
    const evaluator = await createEvaluator({ backend: 'cpu', ...searchCpuOptions(threads) });
    expect(evaluator.concurrency).toBe(Math.max(1, threads));
    evaluator.destroy();
  }
});
