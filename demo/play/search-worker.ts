/**
 * The play page's engine, in a module Worker so that the page stays
 * responsive while it thinks: the library's evaluator (WebGPU when this
 * worker has an adapter, else the CPU backend on this thread) under the
 * library's batched tree search, reporting every round.
 */
import { type Evaluator, Mcts, type SearchLimits, createEvaluator, defaultSettings } from '../../src/index.js';
import { replay } from './game.js';
import { type FromWorker, type ToWorker, thinkingReport } from './search-protocol.js';

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}
const scope = self as unknown as WorkerScope;

let engine: Promise<{ evaluator: Evaluator; search: Mcts }> | null = null;
/** Searches asked for and not yet finished, by id, to be stopped. */
const pending = new Map<number, AbortController>();
/** One search at a time: the evaluator and the tree are shared. */
let queue: Promise<void> = Promise.resolve();

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function start(message: Extract<ToWorker, { kind: 'start' }>): Promise<{ evaluator: Evaluator; search: Mcts }> {
  const notices: string[] = [];
  const evaluator = await createEvaluator({ backend: message.backend, notice: (text) => notices.push(text) });
  scope.postMessage({
    kind: 'ready',
    backend: evaluator.backend,
    description: evaluator.description,
    notice: notices[0] ?? null,
  });
  return { evaluator, search: new Mcts(evaluator, defaultSettings(evaluator.backend, message.seed)) };
}

async function think(message: Extract<ToWorker, { kind: 'search' }>, signal: AbortSignal): Promise<void> {
  if (!engine) throw new Error('the worker was asked to search before it was started');
  const { search } = await engine;
  const game = replay(message.setup, message.moves);
  const cellCount = game.geometry.cellCount;
  const limits: SearchLimits = {
    ...message.budget,
    signal,
    onProgress: (progress) => {
      const report = thinkingReport(progress.moves, cellCount, progress.playouts, progress.elapsedMs);
      if (report) scope.postMessage({ kind: 'progress', id: message.id, report });
    },
  };
  const result = await search.search(game.positionNow(), limits, game.lastOpponentCell());
  scope.postMessage({
    kind: 'move',
    id: message.id,
    move: result.move,
    winRate: result.winRate,
    playouts: result.playouts,
  });
}

scope.addEventListener('message', ({ data: message }) => {
  switch (message.kind) {
    case 'start':
      engine ??= start(message);
      engine.catch((error: unknown) => scope.postMessage({ kind: 'error', id: null, message: errorText(error) }));
      return;
    case 'search': {
      const controller = new AbortController();
      pending.set(message.id, controller);
      queue = queue.then(async () => {
        try {
          controller.signal.throwIfAborted();
          await think(message, controller.signal);
        } catch (error) {
          scope.postMessage(
            controller.signal.aborted
              ? { kind: 'stopped', id: message.id }
              : { kind: 'error', id: message.id, message: errorText(error) },
          );
        } finally {
          pending.delete(message.id);
        }
      });
      return;
    }
    case 'stop':
      pending.get(message.id)?.abort();
      return;
  }
});
