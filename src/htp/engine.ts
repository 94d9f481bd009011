/**
 * The Hex Text Protocol engine (as benzene's engines speak it): one command
 * line in, one reply out (`=id text` or `?id reason`, then a blank line).
 * Every failure becomes a `?` reply, so no input can stop the engine.
 */
import { type Player, opponent, parsePlayer } from '../game/color.js';
import { asciiPicture } from '../game/ascii.js';
import { colorName } from '../game/color.js';
import { GameKind, MAX_SIZE, checkSize, parseGameKind } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { type Move, SWAP } from '../game/position.js';
import type { BackendChoice } from '../eval/create-evaluator.js';
import type { Evaluator } from '../eval/types.js';
import { Mcts, type MoveStat, type SearchLimits, moveValue } from '../search/mcts.js';
import {
  DEFAULT_ENGINE_SETTINGS,
  type EngineSettings,
  SETTINGS,
  type SettingRecord,
  describeSettings,
  searchSettingsOf,
  withName,
} from '../search/engine-settings.js';
import { NO_LIMIT, moveLimits } from '../search/move-limits.js';
import { SettingValueError, parseOnOff, parseWhole } from '../search/setting-values.js';
import { SWAP_MOVE_NAME, moveName } from '../game/sgf.js';
import { GameRecord } from './game-record.js';
import { TimeBank } from './time-bank.js';

/**
 * The reply to `hexgui-analyze_commands`, in GoGui's format as HexGui reads
 * it (type/label/command): the last genmove's root moves shown on their
 * cells, and the settings as text.
 */
const ANALYZE_COMMANDS = [
  'pspairs/hexbatch: win rates of the last genmove/hexbatch-win-rates',
  'pspairs/hexbatch: visits of the last genmove/hexbatch-visits',
  'string/hexbatch: settings/hexbatch-settings',
];

/** The engine's own settings, and the game's swap rule, which applies from the next new game. */
export interface EngineConfig extends EngineSettings {
  readonly swap: boolean;
}

type Handler = (args: readonly string[]) => Promise<string> | string;

class HtpFailure extends Error {}

function fail(reason: string): never {
  throw new HtpFailure(reason);
}

/** A value of the table's kind, or a `?` reply naming `what`. */
function parsed<T>(what: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SettingValueError) fail(withName(what, error.message));
    throw error;
  }
}

function boardSizeOf(text: string | undefined, max: number): number {
  return parsed('the size', () => parseWhole({ min: 1, max }, text ?? ''));
}

function arity(args: readonly string[], min: number, max = min): void {
  if (args.length < min || args.length > max)
    fail(min === max ? `expected ${min} argument${min === 1 ? '' : 's'}` : `expected ${min} to ${max} arguments`);
}

/** One line of text for a reason: HTP replies end at the first blank line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[^\x20-\x7e]/g, '?');
}

export class HtpEngine {
  private settings: EngineConfig;
  private record: GameRecord;
  private evaluator: Evaluator | null = null;
  private search: Mcts | null = null;
  private quitting = false;
  /** The root moves of the last genmove's search, named as HTP names them; null before the first or after a new game. */
  private lastRoot: readonly { readonly name: string; readonly stat: MoveStat }[] | null = null;
  private readonly bank = new TimeBank();
  private readonly handlers: ReadonlyMap<string, Handler>;

  constructor(
    private readonly makeEvaluator: (backend: BackendChoice) => Promise<Evaluator>,
    private readonly version: string,
    settings: Partial<EngineConfig> = {},
  ) {
    this.settings = { ...DEFAULT_ENGINE_SETTINGS, swap: true, ...settings, ...moveLimits(settings) };
    this.record = new GameRecord(GameKind.Hex, 11, this.settings.swap);
    this.handlers = new Map<string, Handler>([
      ['name', () => 'hexbatch'],
      ['version', () => this.version],
      ['protocol_version', () => '2'],
      ['known_command', (a) => (arity(a, 1), String(this.handlers.has(a[0] as string)))],
      ['list_commands', () => [...this.handlers.keys()].join('\n')],
      ['boardsize', (a) => this.boardsize(a)],
      ['clear_board', () => this.newGame(this.record.game, this.record.size)],
      ['play', (a) => this.play(a)],
      ['genmove', (a) => this.genmove(a)],
      ['undo', () => (this.record.undo(), '')],
      ['showboard', () => this.showboard()],
      ['final_score', () => this.finalScore()],
      ['all_legal_moves', () => this.allLegalMoves()],
      ['quit', () => ((this.quitting = true), '')],
      ['hexbatch-game', (a) => this.setGame(a)],
      ['hexbatch-swap', (a) => this.setSwap(a)],
      ...SETTINGS.map((setting): [string, Handler] => [`hexbatch-${setting.name}`, (a) => this.setOne(setting, a)]),
      [
        'hexbatch-settings',
        () =>
          describeSettings(this.settings, { game: this.record.game, size: this.record.size, swap: this.settings.swap }),
      ],
      // HexGui asks for these on connecting, and shows an error for a reply it cannot read.
      ['hexgui-analyze_commands', () => ANALYZE_COMMANDS.join('\n')],
      ['hexbatch-win-rates', () => this.lastRootText((s) => moveValue(s).toFixed(2))],
      ['hexbatch-visits', () => this.lastRootText((s) => String(s.visits))],
    ]);
  }

  /** Whether `quit` has been answered. */
  get done(): boolean {
    return this.quitting;
  }

  /**
   * The reply to one input line, blank line included; null for a line that
   * holds no command (empty, or only a comment), which HTP leaves unanswered.
   */
  async reply(line: string): Promise<string | null> {
    // HTP treats control characters as spaces (tabs included) and `#` as the start of a comment.
    const text = Array.from(line.replace(/#.*/, ''), (ch) =>
      ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 ? ' ' : ch,
    )
      .join('')
      .trim();
    if (text === '') return null;
    const words = text.split(/\s+/);
    const id = /^\d+$/.test(words[0] as string) ? (words.shift() as string) : '';
    const [command, ...args] = words;
    try {
      const handler = command === undefined ? undefined : this.handlers.get(command.toLowerCase());
      if (!handler) fail(command === undefined ? 'no command after the id' : `unknown command: ${command}`);
      const out = await handler(args);
      // Always a space after `=` and the id, even with nothing after it:
      // HexGui's HtpController takes a reply that does not begin "= " for an
      // invalid one and shows an error (benzene's engines write "= " too).
      return `=${id} ${out}\n\n`;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return `?${id} ${oneLine(reason)}\n\n`;
    }
  }

  /** Frees the evaluator. */
  close(): void {
    this.evaluator?.destroy();
    this.evaluator = null;
  }

  /** `hexbatch-<name> value`: the table's parser, then what a change to it throws away. */
  private setOne(setting: SettingRecord, args: readonly string[]): string {
    arity(args, 1);
    const value = parsed(setting.name, () => setting.parse(args[0] as string));
    if (setting.rebuild === 'evaluator' && value !== this.settings[setting.key]) this.close();
    return this.set({ [setting.key]: value }, setting.rebuild);
  }

  private set(change: Partial<EngineConfig>, rebuild: SettingRecord['rebuild'] = 'nothing'): string {
    const settings = { ...this.settings, ...change };
    if (settings.playouts === null && settings.seconds === null) fail(`${NO_LIMIT} (the other one is none)`);
    this.settings = settings;
    if (rebuild !== 'nothing') this.search = null;
    return '';
  }

  private newGame(game: GameKind, size: number): string {
    this.record = new GameRecord(game, size, this.settings.swap);
    this.lastRoot = null;
    this.bank.clear();
    this.search?.clear();
    return '';
  }

  private boardsize(args: readonly string[]): string {
    arity(args, 1, 2);
    const n = boardSizeOf(args[0], MAX_SIZE[this.record.game]);
    if (args.length === 2 && args[1] !== args[0])
      fail(this.record.game === GameKind.Hex ? 'only square Hex boards are supported' : 'a Y board has one size');
    checkSize(this.record.game, n);
    return this.newGame(this.record.game, n);
  }

  private setGame(args: readonly string[]): string {
    arity(args, 1, 2);
    let game: GameKind;
    try {
      game = parseGameKind(args[0] as string);
    } catch (error) {
      return fail((error as Error).message);
    }
    const size =
      args[1] === undefined ? Math.min(this.record.size, MAX_SIZE[game]) : boardSizeOf(args[1], MAX_SIZE[game]);
    return this.newGame(game, size);
  }

  private setSwap(args: readonly string[]): string {
    arity(args, 1);
    this.set({ swap: parsed('swap', () => parseOnOff(args[0] as string)) });
    // The rule belongs to the game: it applies from the next clear_board.
    return this.record.length === 0 ? this.newGame(this.record.game, this.record.size) : '';
  }

  private player(text: string | undefined): Player {
    try {
      return parsePlayer(text ?? '');
    } catch (error) {
      return fail((error as Error).message);
    }
  }

  private parseMove(text: string): Move {
    if (text.toLowerCase() === SWAP_MOVE_NAME) return SWAP;
    try {
      return parseCell(this.record.geometry, text);
    } catch (error) {
      return fail((error as Error).message);
    }
  }

  private play(args: readonly string[]): string {
    arity(args, 2);
    const player = this.player(args[0]);
    // HexGui sends `play <colour> resign` when a person resigns; benzene takes it as the game's end.
    if ((args[1] as string).toLowerCase() === 'resign') this.record.resign(player);
    else this.record.play(player, this.parseMove(args[1] as string));
    return '';
  }

  private async genmove(args: readonly string[]): Promise<string> {
    arity(args, 1);
    const player = this.player(args[0]);
    // After a swap the search sees the game in Position's view, so its moves are converted both ways (swap-view.ts).
    const view = this.record.view(player);
    if (view.position.isOver() || this.record.resigned !== null) return 'resign';
    const started = performance.now();
    const search = await this.searcher();
    const last = this.record.lastMove;
    const meanMs = this.settings.seconds === null ? null : this.settings.seconds * 1000;
    const banked = meanMs !== null && this.settings.timeBank;
    const limits: SearchLimits = {
      ...(this.settings.playouts === null ? {} : { playouts: this.settings.playouts }),
      ...(meanMs === null ? {} : { timeMs: banked ? this.bank.allowance(meanMs) : meanMs }),
    };
    const result = await search.search(
      view.position,
      limits,
      last && last.move !== SWAP && last.player !== player ? this.record.convert(view, last.move) : null,
    );
    if (banked) this.bank.spend(meanMs, performance.now() - started);
    const move = this.record.convert(view, result.move);
    this.lastRoot = result.moves.map((stat) => ({
      name: moveName(this.record.geometry, this.record.convert(view, stat.move)),
      stat,
    }));
    this.record.setToMove(player);
    this.record.play(player, move);
    return moveName(this.record.geometry, move);
  }

  private async searcher(): Promise<Mcts> {
    if (this.evaluator === null) {
      this.evaluator = await this.makeEvaluator(this.settings.backend);
      this.search = null;
    }
    this.search ??= new Mcts(this.evaluator, searchSettingsOf(this.settings, this.evaluator.backend));
    return this.search;
  }

  /** The last genmove's root moves as HexGui's point-text pairs (`c3 0.61 d4 0.55`), the swap left out. */
  private lastRootText(value: (stat: MoveStat) => string): string {
    return (this.lastRoot ?? [])
      .filter((m) => m.name !== SWAP_MOVE_NAME)
      .map((m) => `${m.name} ${value(m.stat)}`)
      .join(' ');
  }

  private showboard(): string {
    const p = this.record.position();
    const resigned = this.record.resigned;
    return `\n${asciiPicture(p.geometry, p.cells()).trimEnd()}\n${resigned === null ? `${colorName(p.toMove)} to move` : `${colorName(resigned)} resigned`}`;
  }

  private finalScore(): string {
    const resigned = this.record.resigned;
    const winner = resigned === null ? this.record.position().winner() : opponent(resigned);
    if (winner === 0) fail('the game is not over');
    return `${colorName(winner) === 'black' ? 'B' : 'W'}+`;
  }

  private allLegalMoves(): string {
    if (this.record.resigned !== null) return '';
    const view = this.record.view();
    const moves = view.position.legalMoves().map((m) => this.record.convert(view, m));
    return moves
      .sort((x, y) => (x === SWAP ? 1 : y === SWAP ? -1 : x - y))
      .map((m) => moveName(this.record.geometry, m))
      .join(' ');
  }
}
