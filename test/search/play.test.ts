// Tactical positions built by construction (sizes 5 to 11), each checked
// with Position's own win test, and self-play through the HTP engine.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { winsAtOnce } from '../helpers/wins-at-once.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, defaultSettings } from '../../src/search/mcts.js';
import { HtpEngine } from '../../src/htp/engine.js';
import { lcgRandom } from '../helpers/boards.js';

const cpu = await createCpuEvaluator();

/**
 * A Hex board where `threat` has a chain from edge to edge with one gap,
 * scattered stones of both colours, and `toMove` to move; null when the
 * scatter spoiled it (a winner already).
 */
function gapChain(size: number, threat: Player, toMove: Player, rng: () => number): Position | null {
  const cells: string[] = Array.from({ length: size * size }, () => '.');
  const mark = threat === Color.Black ? 'b' : 'w';
  let c = Math.floor(rng() * size);
  const path: number[] = [];
  for (let r = 0; r < size; r++) {
    // Black runs down rows; white the same path transposed.
    path.push(threat === Color.Black ? r * size + c : c * size + r);
    if (c > 0 && rng() < 0.5) c--;
  }
  const gap = path[Math.floor(rng() * path.length)] as number;
  for (const cell of path) if (cell !== gap) cells[cell] = mark;
  for (let i = 0; i < cells.length; i++)
    if (cells[i] === '.' && i !== gap && rng() < 0.3) cells[i] = rng() < 0.5 ? 'b' : 'w';
  const p = Position.fromText(GameKind.Hex, size, cells.join(''), toMove);
  return p.isOver() || !winsAtOnce(p, threat).includes(gap) ? null : p;
}

/** Whether some move leaves the opponent of `toMove` without a one-move win. */
function canBlock(p: Position, toMove: Player): boolean {
  return p.legalMoves().some((m) => {
    const q = p.clone();
    q.play(m);
    return winsAtOnce(q, opponent(toMove)).length === 0;
  });
}

describe('tactical positions', () => {
  test('sizes 5 to 11: the engine wins at once, or stops every one-move win', async () => {
    const rng = lcgRandom(77);
    let total = 0;
    let right = 0;
    for (let size = 5; size <= 11; size++) {
      for (const kind of ['win', 'block'] as const) {
        for (let made = 0; made < 3;) {
          const toMove = rng() < 0.5 ? Color.Black : Color.White;
          const p = gapChain(size, kind === 'win' ? toMove : opponent(toMove), toMove, rng);
          if (!p) continue;
          // A block position only when the side to move cannot simply win.
          if (kind === 'block' && (winsAtOnce(p, toMove).length > 0 || !canBlock(p, toMove))) continue;
          made++;
          const r = await new Mcts(cpu, defaultSettings('cpu', total)).search(p, { playouts: 256 });
          total++;
          const move = r.move as number;
          if (kind === 'win') {
            if (winsAtOnce(p, toMove).includes(move)) right++;
          } else {
            const q = p.clone();
            q.play(move);
            if (winsAtOnce(q, opponent(toMove)).length === 0) right++;
          }
        }
      }
    }
    expect(total).toBe(42);
    expect(right / total).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});

describe('self-play', () => {
  test('many small games through HTP: every move legal, every game ends with a score', async () => {
    const engine = new HtpEngine(async () => cpu, '0.0.0', { playouts: 64 });
    const send = async (line: string) => {
      const reply = (await engine.reply(line)) ?? '';
      return reply.trim();
    };
    let games = 0;
    for (const [game, size] of [
      ['hex', 3],
      ['hex', 4],
      ['hex', 5],
      ['y', 4],
      ['y', 5],
      ['y', 6],
    ] as const) {
      for (let g = 0; g < 4; g++) {
        expect(await send(`hexbatch-game ${game} ${size}`)).toBe('=');
        expect(await send(`hexbatch-seed ${g}`)).toBe('=');
        // In turn as HexGui plays it: after a swap, white moves again.
        for (let colour = 'b'; ;) {
          const legal = (await send('all_legal_moves')).slice(1).trim().split(' ').filter(Boolean);
          const reply = await send(`genmove ${colour}`);
          expect(reply).toMatch(/^= /);
          const move = reply.slice(2);
          if (move === 'resign') {
            expect(legal).toEqual([]);
            break;
          }
          expect(legal).toContain(move);
          if (move !== 'swap-pieces') colour = colour === 'b' ? 'w' : 'b';
        }
        expect(await send('final_score')).toMatch(/^= [BW]\+$/);
        games++;
      }
    }
    expect(games).toBe(24);
  }, 60_000);
});
