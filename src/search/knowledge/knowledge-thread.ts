/**
 * A thread of its own for the tree's knowledge (Node only; imported
 * dynamically, so a browser bundle never loads it): one per process, made
 * on first use, and referenced only while a job is open, so that it never
 * keeps Node alive.
 */
import { Worker } from 'node:worker_threads';
import { workerScript } from '../../eval/cpu/worker-script.js';
import type { KnowledgeJob, WorthSearching } from './worth-searching.js';

/** The thread's reply to job `id`. */
export type FromKnowledgeThread =
  { readonly id: number; readonly answer: WorthSearching } | { readonly id: number; readonly error: string };

/** Answers jobs off the calling thread. */
export interface KnowledgeThread {
  answer(job: KnowledgeJob): Promise<WorthSearching>;
}

let shared: KnowledgeThread | null | undefined;

/** The process's knowledge thread, or null where no worker script can be found or started. */
export function knowledgeThread(): KnowledgeThread | null {
  if (shared === undefined) shared = startThread();
  return shared;
}

function startThread(): KnowledgeThread | null {
  const script = workerScript('knowledge-worker.js', import.meta.url, 'knowledge-worker.ts');
  if (script === null) return null;
  let worker: Worker;
  try {
    worker = new Worker(script.file, { execArgv: script.execArgv });
  } catch {
    return null;
  }
  worker.unref();
  const open = new Map<number, { resolve: (a: WorthSearching) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let broken: Error | null = null;
  const fail = (error: Error) => {
    broken ??= error;
    for (const job of open.values()) job.reject(error);
    open.clear();
  };
  worker.on('message', (reply: FromKnowledgeThread) => {
    const job = open.get(reply.id);
    if (job === undefined) return;
    open.delete(reply.id);
    if (open.size === 0) worker.unref();
    if ('error' in reply) job.reject(new Error(`the knowledge thread failed: ${reply.error}`));
    else job.resolve(reply.answer);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`the knowledge thread stopped with exit code ${code}`)));
  return {
    answer(job) {
      if (broken !== null) return Promise.reject(broken);
      const id = nextId++;
      if (open.size === 0) worker.ref();
      return new Promise((resolve, reject) => {
        open.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      });
    },
  };
}
