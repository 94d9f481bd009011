/**
 * The play page: a game against the engine, which thinks in a Worker
 * (search-worker.ts) and reports as it goes, so the page shows its win rate
 * and where it looks while staying responsive. The page's state, for a
 * person and for tests: #app's data-engine (pending, cpu, webgpu),
 * data-turn (human, engine, over), data-winner and data-moves.
 */
import { Color, SWAP, type Move, cellName, colorName } from '../../src/index.js';
import { downloadText, stamp } from '../downloads.js';
import { BoardView } from './board-view.js';
import { PlayGame } from './game.js';
import { backendFromQuery, presetPlayForm, readPlaySettings, seedFromQuery } from './play-settings.js';
import { type FromWorker, type MoveBudget, type ThinkingReport, type ToWorker, visitHeat } from './search-protocol.js';

function byId<T extends Element>(id: string, type: abstract new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return el;
}

const app = byId('app', HTMLElement);
const form = byId('play-settings', HTMLFormElement);
const settingsError = byId('settings-error', HTMLParagraphElement);
const engineMessage = byId('engine-message', HTMLParagraphElement);
const engineBanner = byId('engine', HTMLElement);
const status = byId('status', HTMLParagraphElement);
const winRateText = byId('win-rate', HTMLElement);
const winMeter = byId('win-meter', HTMLMeterElement);
const playoutsText = byId('playouts', HTMLElement);
const swapButton = byId('swap', HTMLButtonElement);
const takeBackButton = byId('take-back', HTMLButtonElement);
const exportButton = byId('export-sgf', HTMLButtonElement);
const moveList = byId('moves', HTMLOListElement);
const playError = byId('play-error', HTMLParagraphElement);

const query = new URLSearchParams(location.search);
presetPlayForm(form, query);

const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module' });
const send = (message: ToWorker) => worker.postMessage(message);
send({ kind: 'start', backend: backendFromQuery(query), seed: seedFromQuery(query) });

const board = new BoardView(byId('board', SVGSVGElement), (cell) => humanMove(cell));

let game: PlayGame;
let budget: MoveBudget;
/** The search the page waits for, if any; answers to any other are stale. */
let thinking: number | null = null;
let searches = 0;
/** The search's last report, for the heat map while it thinks. */
let report: ThinkingReport | null = null;
/** The engine's last word on its chances: from the search going on, or from its last move (winRate null: a move forced by a tactic, not searched). */
let estimate: { readonly winRate: number | null; readonly playouts: number } | null = null;

function showError(target: HTMLParagraphElement, message: string | null): void {
  target.hidden = message === null;
  target.textContent = message ?? '';
}

/** `text` as a sentence: capital first, one full stop last. */
function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1).replace(/\.?$/, '.')}`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}

function moveText(move: Move): string {
  return move === SWAP ? 'swap' : cellName(game.geometry, move);
}

function statusText(): string {
  const you = colorName(game.human);
  switch (game.turn()) {
    case 'human':
      return game.humanCanSwap() ? `Your move (${you}), or swap.` : `Your move (${you}).`;
    case 'engine':
      return 'The engine is thinking…';
    case 'over': {
      const winner = game.winner();
      return `${colorName(winner) === 'black' ? 'Black' : 'White'} (${winner === game.human ? 'you' : 'the engine'}) wins.`;
    }
  }
}

function render(): void {
  const turn = game.turn();
  board.update({
    stoneAt: (cell) => game.at(cell),
    lastCell: game.lastStoneCell(),
    clickable: turn === 'human',
    heat: turn === 'engine' && report ? visitHeat(report) : null,
  });
  status.textContent = statusText();
  app.dataset.turn = turn;
  app.dataset.moves = String(game.moves.length);
  app.dataset.winner = turn === 'over' ? colorName(game.winner()) : '';
  swapButton.hidden = !game.humanCanSwap();
  takeBackButton.disabled = !game.canTakeBack();
  exportButton.disabled = game.moves.length === 0;
  moveList.replaceChildren(
    ...game.moves.map((m) => {
      const li = document.createElement('li');
      li.textContent = `${m.player === Color.Black ? 'B' : 'W'} ${moveText(m.move)}`;
      return li;
    }),
  );
  const winRate = estimate?.winRate ?? null;
  winRateText.textContent = estimate === null ? '—' : winRate === null ? 'forced move' : percent(winRate);
  playoutsText.textContent = estimate ? estimate.playouts.toLocaleString('en') : '—';
  winMeter.hidden = winRate === null;
  if (winRate !== null) winMeter.value = winRate;
}

/** Asks the worker for the engine's move when it is the engine's turn. */
function engineTurn(): void {
  if (game.turn() !== 'engine') return;
  thinking = ++searches;
  report = null;
  estimate = null;
  send({ kind: 'search', id: thinking, setup: game.setup, moves: game.moves.map((m) => m.move), budget });
}

/** Drops the search in progress, if any: its answer would be for another position. */
function stopThinking(): void {
  if (thinking !== null) send({ kind: 'stop', id: thinking });
  thinking = null;
}

function humanMove(move: Move): void {
  if (game.turn() !== 'human' || !game.isLegal(move)) return;
  game.play(move);
  engineTurn();
  render();
}

function newGame(): void {
  let settings;
  try {
    settings = readPlaySettings(form);
  } catch (e) {
    showError(settingsError, e instanceof Error ? e.message : String(e));
    return;
  }
  showError(settingsError, null);
  showError(playError, null);
  stopThinking();
  game = new PlayGame(settings.setup);
  budget = settings.budget;
  report = null;
  estimate = null;
  board.build(game.geometry);
  engineTurn();
  render();
}

worker.addEventListener('message', ({ data }: MessageEvent<FromWorker>) => {
  switch (data.kind) {
    case 'ready':
      app.dataset.engine = data.backend;
      engineBanner.dataset.kind = data.backend === 'webgpu' ? 'ok' : 'software';
      // The notice says why WebGPU could not be had, when the engine fell back to the CPU.
      engineMessage.textContent = `The engine's playouts run on ${data.description}, in a Worker.${data.notice ? ` ${sentence(data.notice.replace(/^hexbatch: /, ''))}` : ''}`;
      return;
    case 'progress':
      if (data.id !== thinking) return;
      report = data.report;
      estimate = data.report;
      render();
      return;
    case 'move':
      if (data.id !== thinking) return;
      thinking = null;
      game.play(data.move);
      report = null;
      estimate = { winRate: data.winRate, playouts: data.playouts };
      render();
      return;
    case 'stopped':
      return;
    case 'error':
      if (data.id !== null && data.id !== thinking) return;
      thinking = null;
      showError(playError, `The engine failed: ${data.message}`);
      if (data.id === null) app.dataset.engine = 'failed';
      return;
  }
});
worker.addEventListener('error', (event) => showError(playError, `The engine's worker failed: ${event.message}`));

/** The swap rule is Hex's: its box is off for Y. */
function syncSwapField(): void {
  const game = form.elements.namedItem('game');
  const swap = form.elements.namedItem('swap');
  if (game instanceof HTMLSelectElement && swap instanceof HTMLInputElement) swap.disabled = game.value !== 'hex';
}
form.addEventListener('change', syncSwapField);
syncSwapField();
form.addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});
swapButton.addEventListener('click', () => humanMove(SWAP));
takeBackButton.addEventListener('click', () => {
  if (!game.canTakeBack()) return;
  stopThinking();
  game.takeBack();
  report = null;
  estimate = null;
  render();
});
exportButton.addEventListener('click', () => {
  const now = new Date();
  downloadText(
    `hexbatch-${game.setup.game}${game.setup.size}-${stamp(now.toISOString())}.sgf`,
    game.sgf(now),
    'application/x-go-sgf',
  );
});

newGame();
