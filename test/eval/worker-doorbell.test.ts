// The doorbell a CPU worker watches between requests (src/eval/cpu/protocol.ts):
// one ring a request, counted in memory that every thread of the pool sees.
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { newDoorbell, ring, ringsOf } from '../../src/eval/cpu/protocol.js';

test('each ring adds one to the count, from zero', () => {
  const doorbell = newDoorbell();
  expect(ringsOf(doorbell)).toBe(0);
  ring(doorbell);
  ring(doorbell);
  expect(ringsOf(doorbell)).toBe(2);
});

test("another thread's rings are seen here, and this thread's there: the count is shared, not copied, when sent to a worker", async () => {
  const doorbell = newDoorbell();
  ring(doorbell);
  // The worker waits to see this thread's ring, rings three times, and reports what it saw.
  const script = `
    const { parentPort, workerData } = require('node:worker_threads');
    const until = Date.now() + 5000;
    while (Atomics.load(workerData, 0) < 1 && Date.now() < until);
    const seen = Atomics.load(workerData, 0);
    for (let i = 0; i < 3; i++) Atomics.add(workerData, 0, 1);
    parentPort.postMessage(seen);
  `;
  const worker = new Worker(script, { eval: true, workerData: doorbell });
  const seen = await new Promise((resolve) => worker.once('message', resolve));
  await new Promise((resolve) => worker.once('exit', resolve));
  expect(seen).toBe(1);
  expect(ringsOf(doorbell)).toBe(4);
});
