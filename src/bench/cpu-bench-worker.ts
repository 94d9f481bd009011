/** Runs one benchmark measurement (bench-cpu's, or a cell of bench-paper's) in its own V8 isolate (a worker thread). */
import { parentPort, workerData } from 'node:worker_threads';
import { type CellRequest, measureCell } from './cpu-bench-cell.js';
import { type PaperCellRequest, measurePaperCell } from './paper-trials.js';

const request = workerData as CellRequest | PaperCellRequest;
parentPort?.postMessage(request.kind === 'paper' ? measurePaperCell(request) : await measureCell(request));
