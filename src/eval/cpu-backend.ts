/**
 * The CPU backend: fillPlayout and a CPU win-test method (default bpr, the
 * fastest one board at a time), one playout at a time. It yields to the event loop between positions, so a long
 * request does not freeze a page.
 */
import { Color, type Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { FillKind, fillPlayout } from '../fill/fill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { bpr } from '../wintest/bpr.js';
import { checkDecideRequest, checkEvaluateRequest } from './check-request.js';
import { PositionTally } from './tally.js';
import type { EvalPosition, Evaluation, EvaluateOptions, Evaluator } from './types.js';

const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createCpuEvaluator(method: WinTestMethod = bpr): Evaluator {
  let destroyed = false;
  const checkAlive = () => {
    if (destroyed) throw new Error('this evaluator was destroyed: create a new one');
  };
  return {
    backend: 'cpu',
    description: `CPU, method ${method.name}`,
    adapter: null,

    async evaluate(positions: readonly EvalPosition[], options: EvaluateOptions): Promise<Evaluation> {
      checkAlive();
      const start = performance.now();
      const g = checkEvaluateRequest(positions, options);
      const seed = options.seed ?? 0;
      const fill = options.fill ?? FillKind.Exact;
      const results = [];
      if (g) {
        const test = method.create(g);
        const board = new Uint8Array(g.cellCount);
        for (let p = 0; p < positions.length; p++) {
          const position = positions[p] as EvalPosition;
          const tally = new PositionTally(position.toMove, options.playouts, g.cellCount, options);
          for (let q = 0; q < options.playouts; q++) {
            fillPlayout(position.cells, position.toMove, { seed, position: p, playout: q }, fill, board);
            const winner = test.winner(board);
            if (winner === Color.Black) tally.blackWins++;
            else if (winner === Color.White) tally.whiteWins++;
            if (tally.winners) tally.winners[q] = winner;
            if (tally.ownership && winner !== Color.Empty) {
              for (let i = 0; i < board.length; i++) if (board[i] === winner) tally.ownership[i] = (tally.ownership[i] as number) + 1;
            }
          }
          results.push(tally.result());
          await yieldToEventLoop();
        }
      }
      return { results, stats: { backend: 'cpu', dispatches: 0, kernelMs: null, wallMs: performance.now() - start } };
    },

    async decide(g: Geometry, boards: readonly Cells[], options = {}): Promise<Winner[]> {
      checkAlive();
      checkDecideRequest(g, boards, options);
      const test = method.create(g);
      return boards.map((cells) => test.winner(cells));
    },

    destroy() {
      destroyed = true;
    },
  };
}
