/**
 * `bench-paper --queue URL`: the CPU tables measured by a queue's workers,
 * one job a set, and the GPU rows here. Loaded only with --queue.
 */
import type { Command } from 'commander';
import { type PaperBenchPlan, type PaperBenchReport, measureGpuCells } from '../bench/paper-bench.js';
import { openSession } from '../queue/coordinator.js';
import { type PaperRecord, checkPaperRecord, measurePaperOnQueue } from '../queue/queued-paper.js';
import { newRunId } from '../queue/run-store.js';
import { CliError, EXIT_FAILURE, messageOf } from './cli-error.js';
import type { CliIo } from './io.js';
import { interruptible } from './interruptible.js';
import { refuseWithResume } from './match-on-queue.js';
import { queueCliError, queueTarget, resumeId } from './queue-cli.js';

const PATIENCE_MS = 120_000;

export async function paperOnQueue(
  url: string,
  resume: string | undefined,
  command: Command,
  plan: PaperBenchPlan,
  io: CliIo,
): Promise<PaperBenchReport> {
  const target = queueTarget(url);
  const run = resume === undefined ? newRunId() : resumeId(resume);
  if (resume !== undefined) refuseWithResume(command, ['games', 'game', 'sizes', 'sets', 'trials', 'quick']);
  let session;
  try {
    session = await openSession(target);
  } catch (error) {
    throw queueCliError(error);
  }
  const hint = `hexbatch bench-paper --queue ${target.shown} --resume ${run}`;
  try {
    return await interruptible(async (signal) => {
      let record: PaperRecord;
      if (resume === undefined) {
        record = {
          kind: 'paper',
          created: new Date().toISOString(),
          games: plan.games,
          sizes: plan.sizes,
          sets: plan.sets,
          trials: plan.trials,
          seed: plan.seed,
        };
        await session.store.saveRecord(run, record);
      } else {
        record = checkPaperRecord(await session.store.loadRecord(run), run);
      }
      io.stderr.write(
        `${resume === undefined ? 'started' : 'resuming'} bench-paper ${run} on ${target.shown}; if this stops, carry on with: ${hint}\n`,
      );
      const start = Date.now();
      const say = plan.onProgress ?? (() => {});
      const queued = await measurePaperOnQueue(
        session,
        run,
        record,
        (done, total) => say(`${done}/${total} sets (${((Date.now() - start) / 1000).toFixed(0)} s)`),
        PATIENCE_MS,
        signal,
      );
      if (queued.outcome.kind === 'interrupted')
        throw new CliError(`stopped; the sets go on in the queue: carry on with ${hint}`, 130);
      const cells = [...queued.cells];
      let gpuAdapter: string | null = null;
      if (plan.gpu) {
        io.stderr.write('the GPU rows are measured here, on this machine\n');
        try {
          const gpu = await measureGpuCells({ ...plan, games: record.games, sizes: record.sizes, sets: record.sets });
          cells.push(...gpu.cells);
          gpuAdapter = gpu.adapter;
        } catch (error) {
          throw new CliError(`error: ${messageOf(error)}`, EXIT_FAILURE);
        }
      }
      const first = queued.machines[0];
      if (first === undefined) throw new CliError('error: no set came back', EXIT_FAILURE);
      return {
        benchmark: 'hexbatch-paper',
        machine: first,
        settings: { sets: record.sets, trials: record.trials, seed: record.seed, isolated: queued.isolated },
        gpuAdapter,
        cells,
        workers: queued.machines,
      };
    });
  } catch (error) {
    const failure = queueCliError(error);
    if (failure.exitCode === EXIT_FAILURE)
      throw new CliError(`${failure.message}; carry on with: ${hint}`, EXIT_FAILURE);
    throw failure;
  } finally {
    await session.close();
  }
}
