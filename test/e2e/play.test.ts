/**
 * The play page in headless Chromium: a short game of Hex 5 against the
 * engine on the CPU backend (in the page's Worker), played to its end by
 * clicking empty cells, with a take-back on the way; the win rate and the
 * heat map seen while the engine thinks; the SGF export replayed by the
 * library's Position (which refuses an illegal move) to the board the page
 * shows; a take-back while the engine thinks; the engine opening and the
 * human swapping. Then one engine move on WebGPU, where the worker has an
 * adapter.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position } from '../../src/game/position.js';
import { readSgf, replaySgfMoves } from '../helpers/sgf.js';
import { type OpenPage, browserSession, openPlay, requireOrSkip } from './browser.js';

const MINUTE = 60_000;

interface Thinking {
  /** Empty cells shaded by the heat map, and the win rate shown, at each update while the engine thought. */
  readonly seen: { heatCells: number; winRate: string }[];
}

/** Records, from inside the page, what the board and the win rate show whenever the heat map is on. */
function watchThinking(): void {
  const w = window as unknown as { thinking: Thinking };
  w.thinking = { seen: [] };
  document.addEventListener('DOMContentLoaded', () => {
    const board = document.getElementById('board');
    if (!board) return;
    new MutationObserver(() => {
      if (board.dataset.heat !== 'on') return;
      const heatCells = Array.from(board.querySelectorAll<SVGElement>('.cell[data-stone="empty"]')).filter(
        (c) => Number(c.dataset.heat) > 0,
      ).length;
      w.thinking.seen.push({ heatCells, winRate: document.getElementById('win-rate')?.textContent ?? '' });
    }).observe(board, { attributes: true, attributeFilter: ['data-heat'], subtree: true });
  });
}

async function app(page: Page): Promise<{ turn: string; moves: number; winner: string }> {
  return page.$eval('#app', (el) => ({
    turn: (el as HTMLElement).dataset.turn ?? '',
    moves: Number((el as HTMLElement).dataset.moves),
    winner: (el as HTMLElement).dataset.winner ?? '',
  }));
}

/** Waits until the engine has answered: the human is to move again, or the game is over. */
async function engineDone(page: Page): Promise<void> {
  await page.waitForSelector('#app[data-turn="human"], #app[data-turn="over"]', { timeout: MINUTE });
}

/** The stones the page shows, cell by cell. */
function stones(page: Page): Promise<string[]> {
  return page.$$eval('#board .cell', (cells) => cells.map((c) => (c as SVGElement).dataset.stone ?? ''));
}

describe('the play page in headless Chromium', () => {
  const { ready } = browserSession();

  async function open(
    skip: (note?: string) => never,
    query: Record<string, string | number | boolean>,
  ): Promise<OpenPage> {
    const { browser, url } = ready(skip);
    return openPlay(browser, url, query, watchThinking);
  }

  it(
    'plays Hex 5 to its end on the CPU, takes back, and exports a game that replays',
    async ({ skip }) => {
      const o = await open(skip, {
        game: 'hex',
        size: 5,
        first: 'human',
        swap: 1,
        budget: 'playouts',
        amount: 4096,
        backend: 'cpu',
        seed: 7,
      });
      const { page, errors } = o;
      expect(await page.getAttribute('#app', 'data-engine')).toBe('cpu');
      expect(await page.textContent('#engine-message')).toMatch(/CPU/);
      expect(await app(page)).toEqual({ turn: 'human', moves: 0, winner: '' });

      let tookBack = false;
      for (let turn = 0; (await app(page)).turn !== 'over'; turn++) {
        expect(turn).toBeLessThan(40);
        const before = await app(page);
        await page.click('#board .cell[data-stone="empty"]');
        await engineDone(page);
        const after = await app(page);
        // The human's (black's) move and, unless it won, the engine's answer.
        expect(after.moves - before.moves).toBe(after.winner === 'black' ? 1 : 2);
        if (!tookBack && after.moves >= 4 && after.turn === 'human') {
          const board = await stones(page);
          await page.click('#take-back');
          expect(await app(page)).toEqual({ turn: 'human', moves: after.moves - 2, winner: '' });
          const back = await stones(page);
          // Exactly two stones came off: the human's last and the engine's answer.
          expect(board.filter((s, i) => s !== back[i] && back[i] === 'empty')).toHaveLength(2);
          tookBack = true;
        }
      }
      expect(tookBack).toBe(true);
      const end = await app(page);
      expect(['black', 'white']).toContain(end.winner);
      expect(await page.textContent('#status')).toMatch(/wins/);
      expect(await page.$$('#board .cell.playable')).toHaveLength(0);

      const { seen } = await page.evaluate(() => (window as unknown as { thinking: Thinking }).thinking);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((s) => s.heatCells > 0)).toBe(true);
      for (const s of seen) expect(s.winRate).toMatch(/^\d+\.\d%$/);

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-sgf')]);
      expect(download.suggestedFilename()).toMatch(/^hexbatch-hex5-.*\.sgf$/);
      const { root, moves } = readSgf(readFileSync(await download.path(), 'utf8'));
      expect(moves).toHaveLength(end.moves);
      expect(root.get('PB')).toBe('Human');
      const replayed = Position.empty(GameKind.Hex, 5, { swap: true });
      replaySgfMoves(replayed, moves);
      // RE is in HexGui's view: after a swap the swapper's win is black's.
      const swapped = moves[1]?.[1] === 'swap-pieces';
      expect(root.get('RE')).toBe(`${(replayed.winner() === Color.Black) !== swapped ? 'B' : 'W'}+`);
      const shown = await stones(page);
      expect(shown.map((s) => (s === 'black' ? Color.Black : s === 'white' ? Color.White : Color.Empty))).toEqual([
        ...replayed.cells(),
      ]);
      expect(errors).toEqual([]);
      await page.close();
    },
    2 * MINUTE,
  );

  it(
    'stays responsive while the engine thinks: a take-back stops the search, and its answer never lands',
    async ({ skip }) => {
      const o = await open(skip, {
        game: 'hex',
        size: 7,
        first: 'human',
        swap: 0,
        budget: 'time',
        amount: 2000,
        backend: 'cpu',
        seed: 1,
      });
      const { page, errors } = o;
      await page.click('#board .cell[data-cell="d4"]');
      // The heat map shows up while the search runs, and the page still takes clicks.
      await page.waitForSelector('#board[data-heat="on"]', { timeout: MINUTE });
      await page.click('#take-back');
      expect(await app(page)).toEqual({ turn: 'human', moves: 0, winner: '' });
      expect(await page.getAttribute('#board', 'data-heat')).toBe('off');
      await page.click('#board .cell[data-cell="c5"]');
      await engineDone(page);
      expect((await app(page)).moves).toBe(2);
      const board = await stones(page);
      expect(board.filter((s) => s === 'black')).toHaveLength(1);
      expect(board.filter((s) => s === 'white')).toHaveLength(1);
      expect(await page.getAttribute('#board .cell[data-cell="c5"]', 'data-stone')).toBe('black');
      expect(await page.getAttribute('#board .cell[data-cell="d4"]', 'data-stone')).not.toBe('black');
      expect(errors).toEqual([]);
      await page.close();
    },
    2 * MINUTE,
  );

  it(
    'lets the engine open and the human swap',
    async ({ skip }) => {
      const o = await open(skip, {
        game: 'hex',
        size: 5,
        first: 'engine',
        swap: 1,
        budget: 'playouts',
        amount: 2048,
        backend: 'cpu',
        seed: 2,
      });
      const { page, errors } = o;
      await engineDone(page);
      expect(await app(page)).toEqual({ turn: 'human', moves: 1, winner: '' });
      const opened = (await stones(page)).indexOf('black');
      expect(opened).toBeGreaterThanOrEqual(0);
      await page.click('#swap');
      await engineDone(page);
      expect((await app(page)).moves).toBe(3);
      expect(await page.isHidden('#swap')).toBe(true);
      const board = await stones(page);
      // Swap-pieces: black's stone, mirrored in the long diagonal, is now white (the human's).
      const mirrored = (opened % 5) * 5 + Math.floor(opened / 5);
      expect(board[mirrored]).toBe('white');
      expect(board.filter((s) => s === 'white')).toHaveLength(1);
      expect(board.filter((s) => s === 'black')).toHaveLength(1);
      expect(await page.textContent('#moves')).toMatch(/W swap/);
      // The page says which view of the swap it shows, and how HexGui's differs.
      expect(await page.textContent('#swap-note')).toMatch(
        /turns white, mirrored across the\s+long diagonal[\s\S]*HexGui[\s\S]*stone left black/,
      );
      expect(errors).toEqual([]);
      await page.close();
    },
    2 * MINUTE,
  );

  it(
    'answers a move on WebGPU when the worker has an adapter',
    async ({ skip }) => {
      // Asked for by name: auto passes a software adapter (SwiftShader) over for the CPU backend.
      const o = await open(skip, {
        game: 'y',
        size: 5,
        first: 'human',
        budget: 'playouts',
        amount: 16384,
        seed: 7,
        backend: 'webgpu',
      });
      const { page, errors } = o;
      const engine = await page.getAttribute('#app', 'data-engine');
      requireOrSkip(
        skip,
        engine === 'webgpu'
          ? null
          : `the worker found no WebGPU adapter (${await page.textContent('#engine-message')})`,
      );
      expect(await page.textContent('#engine-message')).toMatch(/WebGPU/);
      await page.click('#board .cell[data-cell="c3"]');
      await engineDone(page);
      expect((await app(page)).moves).toBe(2);
      expect((await stones(page)).filter((s) => s === 'white')).toHaveLength(1);
      expect(await page.textContent('#win-rate')).toMatch(/^\d+\.\d%$/);
      expect(errors).toEqual([]);
      await page.close();
    },
    2 * MINUTE,
  );
});
