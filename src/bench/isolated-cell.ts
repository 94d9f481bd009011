/**
 * Runs a benchmark measurement in a fresh worker thread when the built worker
 * file sits beside the running bundle (dist/), so that no measurement inherits
 * the JIT state of the ones before it; otherwise (from source, under the test
 * runner) in this isolate, and the report says which.
 */
import { Worker } from 'node:worker_threads';
import { builtEntryBeside } from '../eval/bundle-entry.js';
import { type CellRequest, type CellResult, measureCell } from './cpu-bench-cell.js';

const WORKER_FILE = builtEntryBeside(import.meta.url, 'cpu-bench-worker.js');

export function isolationAvailable(): boolean {
  return WORKER_FILE !== null;
}

/** Runs `request` in a fresh worker (cpu-bench-worker.ts), which answers with one message. */
export function inWorker<Request extends { readonly game: string; readonly size: number }, Result>(
  request: Request,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    if (WORKER_FILE === null) throw new Error('the benchmark worker is not built: run npm run build');
    const worker = new Worker(WORKER_FILE, { workerData: request });
    worker.once('message', (result: Result) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0)
        reject(new Error(`the benchmark worker for ${request.game} ${request.size} stopped with exit code ${code}`));
    });
  });
}

export function runCell(request: CellRequest, isolate: boolean): Promise<CellResult> {
  return isolate ? inWorker<CellRequest, CellResult>(request) : measureCell(request);
}
