/**
 * Runs a benchmark measurement in a fresh worker thread when the built worker
 * file sits beside the running bundle (dist/), so that no measurement inherits
 * the JIT state of the ones before it; otherwise (from source, under the test
 * runner) in this isolate, and the report says which. Both the CPU benchmark's
 * cells and the paper's trials run this way.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type CellRequest, type CellResult, measureCell } from './cpu-bench-cell.js';
import { type PaperTrialRequest, type PaperTrialResult, measurePaperCell } from './paper-trials.js';

// Beside the bundle's entry, which this module sits in or one folder below (dist/chunks/).
const HERE = dirname(fileURLToPath(import.meta.url));
const WORKER_FILE = [HERE, dirname(HERE)].map((dir) => join(dir, 'cpu-bench-worker.js')).find((file) => existsSync(file)) ?? '';

export type PaperCellRequest = { readonly kind: 'paper' } & PaperTrialRequest;
export type IsolatedRequest = CellRequest | PaperCellRequest;
export type IsolatedResult<R extends IsolatedRequest> = R extends PaperCellRequest ? PaperTrialResult : CellResult;

export function isolationAvailable(): boolean {
  return WORKER_FILE !== '';
}

/** Runs a measurement in this isolate (what the worker does in its own). */
export async function measureHere<R extends IsolatedRequest>(request: R): Promise<IsolatedResult<R>> {
  const result = request.kind === 'paper' ? measurePaperCell(request) : await measureCell(request);
  return result as IsolatedResult<R>;
}

function inWorker<R extends IsolatedRequest>(request: R): Promise<IsolatedResult<R>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: request });
    worker.once('message', (result: IsolatedResult<R>) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the benchmark worker for ${request.game} ${request.size} stopped with exit code ${code}`));
    });
  });
}

export function runCell<R extends IsolatedRequest>(request: R, isolate: boolean): Promise<IsolatedResult<R>> {
  return isolate ? inWorker(request) : measureHere(request);
}
