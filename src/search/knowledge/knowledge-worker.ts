/**
 * The knowledge thread's script (built as dist/knowledge-worker.js): it
 * answers each job in the order they come, so the search may take the
 * answers in that order.
 */
import { parentPort } from 'node:worker_threads';
import { type KnowledgeJob, answerJob } from './worth-searching.js';
import type { FromKnowledgeThread } from './knowledge-thread.js';

parentPort?.on('message', (message: { readonly id: number; readonly job: KnowledgeJob }) => {
  let reply: FromKnowledgeThread;
  try {
    reply = { id: message.id, answer: answerJob(message.job) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
