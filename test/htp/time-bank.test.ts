// The time bank: a game's moves never take more than their mean in all,
// however their searches end, and the engine gives each search its allowance.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { ROOT } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { HtpEngine } from '../../src/htp/engine.js';
import {
  LEAST_MEANS_A_MOVE,
  MEANS_A_MOVE,
  MOST_MEANS_A_MOVE,
  SAVINGS_SPENT_A_MOVE,
  TimeBank,
} from '../../src/htp/time-bank.js';
import type { Position } from '../../src/game/position.js';
import { Mcts, type SearchLimits, type SearchResult } from '../../src/search/mcts.js';

/** A search's result that plays the position's first legal move, with nothing searched. */
function firstLegalMove(position: Position): SearchResult {
  return {
    move: position.legalMoves()[0] as number,
    winRate: 0.5,
    playouts: 0,
    rounds: 0,
    reusedPlayouts: 0,
    expectedReply: null,
    tactic: null,
    moves: [],
  };
}

describe('TimeBank', () => {
  test('a move may take three means, less what the game owes or with half what it saved, up to six; a new game starts afresh', () => {
    const bank = new TimeBank();
    expect(bank.allowance(100)).toBe(MEANS_A_MOVE * 100);
    bank.spend(100, 300);
    expect(bank.allowance(100)).toBe(100);
    bank.spend(100, 100);
    expect(bank.allowance(100)).toBe(100);
    // A move that ends at once pays back its mean, then saves it.
    bank.spend(100, 0);
    expect(bank.allowance(100)).toBe(200);
    bank.spend(100, 0);
    expect(bank.allowance(100)).toBe(300);
    bank.spend(100, 0);
    expect(bank.allowance(100)).toBe(300 + SAVINGS_SPENT_A_MOVE * 100);
    for (let move = 0; move < 10; move += 1) bank.spend(100, 0);
    expect(bank.allowance(100)).toBe(MOST_MEANS_A_MOVE * 100);
    bank.clear();
    expect(bank.allowance(100)).toBe(300);
  });

  test('an overrun is paid back by later moves, each keeping at least half a mean', () => {
    const bank = new TimeBank();
    bank.spend(100, 400);
    expect(bank.allowance(100)).toBe(LEAST_MEANS_A_MOVE * 100);
    bank.spend(100, 50);
    expect(bank.allowance(100)).toBe(LEAST_MEANS_A_MOVE * 100);
    bank.spend(100, 50);
    expect(bank.allowance(100)).toBe(100);
  });

  test('moves that each keep to their allowance take at most their means and two more in all, whatever share of it they use', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 80 }),
        (meanMs, shares) => {
          const bank = new TimeBank();
          let used = 0;
          for (const share of shares) {
            const allowance = bank.allowance(meanMs);
            expect(allowance).toBeGreaterThanOrEqual(meanMs * (1 - 1e-12));
            expect(allowance).toBeLessThanOrEqual(MOST_MEANS_A_MOVE * meanMs);
            const took = share * allowance;
            bank.spend(meanMs, took);
            used += took;
          }
          expect(used).toBeLessThanOrEqual((shares.length + MEANS_A_MOVE - 1) * meanMs * (1 + 1e-12));
        },
      ),
    );
  });
});

describe('the engine with time-bank', () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * The time limit of each search the engine asks for, the search answering
   * with the first legal move, at once or after a little more than its time.
   */
  function searchedLimits(takesItsTime: boolean): (number | undefined)[] {
    const times: (number | undefined)[] = [];
    vi.spyOn(Mcts.prototype, 'search').mockImplementation(async (position, limits: SearchLimits) => {
      times.push(limits.timeMs);
      // A little past it: a timer may fire a fraction of a millisecond early.
      if (takesItsTime) await new Promise((done) => setTimeout(done, (limits.timeMs ?? 0) + 5));
      return firstLegalMove(position);
    });
    return times;
  }

  function engine(timeBank: boolean): HtpEngine {
    return new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
      seconds: 0.05,
      timeBank,
      swap: false,
    });
  }

  async function session(e: HtpEngine, lines: readonly string[]): Promise<void> {
    for (const line of lines) expect(await e.reply(line), line).toMatch(/^= /);
  }

  test('on: a move may take three means; moves that take their whole time soon get about one, and clear_board starts again', async () => {
    const times = searchedLimits(true);
    const e = engine(true);
    await session(e, ['boardsize 5', 'genmove b', 'genmove w', 'genmove b', 'clear_board', 'genmove b']);
    expect(times[0]).toBe(150);
    // The first move overdrew the game by two means and a little: the next get a mean less the little.
    for (const later of times.slice(1, 3)) {
      expect(later).toBeGreaterThanOrEqual(LEAST_MEANS_A_MOVE * 50);
      expect(later).toBeLessThan(50);
    }
    expect(times[3]).toBe(150);
    e.close();
  });

  test('on: moves that end at once save their time, and the next may spend half the savings', async () => {
    const times = searchedLimits(false);
    const e = engine(true);
    // The first genmove makes the evaluator; clear_board then starts the account afresh.
    await session(e, ['boardsize 5', 'genmove b', 'clear_board', 'genmove b', 'genmove w', 'genmove b']);
    expect(times[1]).toBe(150);
    // Each move saved its 50 ms less the little the engine itself took.
    expect(times[2]).toBeGreaterThan(160);
    expect(times[2]).toBeLessThanOrEqual(175);
    expect(times[3]).toBeGreaterThan(times[2] as number);
    expect(times[3]).toBeLessThanOrEqual(200);
    e.close();
  });

  test('off, or with no time limit: every move gets the same limit', async () => {
    const times = searchedLimits(true);
    const off = engine(false);
    await session(off, ['boardsize 5', 'genmove b', 'genmove w', 'genmove b']);
    off.close();
    const counted = new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
      playouts: 64,
      timeBank: true,
      swap: false,
    });
    await session(counted, ['boardsize 5', 'genmove b', 'genmove w']);
    counted.close();
    expect(times).toEqual([50, 50, 50, undefined, undefined]);
  });

  test('a real search under the bank plays legal moves to the end of a game', async () => {
    const e = new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
      seconds: 0.02,
      timeBank: true,
      stopEarly: true,
      seed: 3,
    });
    await session(e, ['boardsize 4', 'hexbatch-time-bank on']);
    let colour = 'b';
    // Sixteen cells and the swap: a game of Hex 4 has at most 17 moves.
    for (let move = 0; move < 17; move += 1) {
      const reply = (await e.reply(`genmove ${colour}`)) ?? '';
      expect(reply).toMatch(/^= ([a-d][1-4]|swap-pieces|resign)\n\n$/);
      if (reply.startsWith('= resign')) break;
      colour = colour === 'b' ? 'w' : 'b';
    }
    expect(await e.reply('final_score')).toMatch(/^= [BW]\+/);
    e.close();
  });
});

describe('exam', () => {
  afterEach(() => vi.restoreAllMocks());

  test('gives each question its whole --time, with no bank and no early stop unless they are given', async () => {
    const seen: [number | undefined, boolean | undefined][] = [];
    vi.spyOn(Mcts.prototype, 'search').mockImplementation(async function (this: Mcts, position, limits) {
      seen.push([limits.timeMs, (this as unknown as { settings: { stopEarly?: boolean } }).settings.stopEarly]);
      return firstLegalMove(position);
    });
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-bank-'));
    try {
      const file = join(dir, 'two.txt');
      const lines = readFileSync(join(ROOT, 'bench', 'hex-tactics.txt'), 'utf8').split('\n');
      writeFileSync(
        file,
        lines
          .filter((l) => l.startsWith('hex 5'))
          .slice(0, 2)
          .join('\n'),
      );
      expect((await runCliInProcess(['exam', file, '--time', '0.05'])).code).toBe(0);
      expect(seen).toEqual([
        [50, false],
        [50, false],
      ]);
      seen.length = 0;
      const given = await runCliInProcess(['exam', file, '--time', '0.05', '--time-bank', 'on', '--stop-early', 'on']);
      expect(given.code).toBe(0);
      expect(seen).toEqual([
        [150, true],
        [150, true],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const help = (await runCliInProcess(['exam', '--help'])).out.replace(/\s+/g, ' ');
    expect(help).toMatch(/--time-bank <on\|off> [^;]*; default off/);
    expect(help).toMatch(/--stop-early <on\|off> [^;]*; default off/);
    const htpHelp = (await runCliInProcess(['htp', '--help'])).out.replace(/\s+/g, ' ');
    expect(htpHelp).toMatch(/--time-bank <on\|off> [^;]*; default on/);
  });
});
