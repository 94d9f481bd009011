/** Runs one CPU benchmark measurement in its own V8 isolate (a worker thread). */
import { parentPort, workerData } from 'node:worker_threads';
import { type CellRequest, measureCell } from './cpu-bench-cell.js';

const result = await measureCell(workerData as CellRequest);
parentPort?.postMessage(result);
