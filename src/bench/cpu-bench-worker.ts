/** Runs one benchmark measurement in its own V8 isolate (a worker thread). */
import { parentPort, workerData } from 'node:worker_threads';
import { type IsolatedRequest, measureHere } from './isolated-cell.js';

const result = await measureHere(workerData as IsolatedRequest);
parentPort?.postMessage(result);
