/**
 * An exam as a script of steps, whatever file it came from (our one-line
 * positions, or a GoGui regression script): positions to set up, moves to
 * add, and questions (a genmove judged against an expected answer). The
 * runner sets each question's position up afresh on the engine through the
 * protocol itself (so it tests exactly what a Hex GUI would get), which lets
 * one harness score our engine and any other HTP engine alike.
 */
import { Color, type Player, opponent } from '../game/color.js';
import { GameKind, type Geometry } from '../game/geometry.js';
import { cellName } from '../game/notation.js';
import type { Move } from '../game/position.js';
import { moveName } from '../game/sgf.js';
import type { SgfStone } from '../game/sgf-read.js';
import type { HtpEngine } from './engine.js';

/** How a question's answer is judged. */
export interface Judge {
  /** The expected answer as the file writes it (for reports). */
  readonly expected: string;
  /** The file marks the question as one the engine is expected to fail (gtpregress's `*`). */
  readonly expectedFail: boolean;
  accepts(response: string): boolean;
}

export interface ExamBoard {
  readonly geometry: Geometry;
  /** Stones placed without being moves (SGF's AB/AW, or a board text). */
  readonly setup: readonly SgfStone[];
  /** Moves in the order played, after the setup. */
  readonly moves: readonly { readonly player: Player; readonly move: Move }[];
}

/** Where a question's position came from (an SGF file's name, or a line), for reports. */
interface Located {
  /** 1-based line of the exam file. */
  readonly line: number;
}

export type ExamStep =
  | (Located & { readonly kind: 'position'; readonly board: ExamBoard; readonly source: string })
  | (Located & { readonly kind: 'play'; readonly player: Player; readonly move: string })
  | (Located & { readonly kind: 'undo' })
  | (Located & {
      readonly kind: 'question';
      /** The command's id in the file, when it has one. */
      readonly id: string | null;
      readonly player: Player;
      /** genmove keeps the engine's move on the board for the steps after it; reg_genmove does not. */
      readonly keep: boolean;
      /** Null for a genmove the file does not judge: it is asked only for the move it plays. */
      readonly judge: Judge | null;
    });

export interface ExamAnswer {
  readonly line: number;
  readonly id: string | null;
  /** The position's source (SGF file or line), as the file names it. */
  readonly source: string;
  readonly size: number;
  readonly player: Player;
  /** The engine's reply to genmove, or `? reason` when it refused. */
  readonly move: string;
  readonly right: boolean;
  readonly judge: Judge;
  /** Wall-clock seconds the genmove took. */
  readonly seconds: number;
}

/** One HTP command's reply: `ok` for `=`, with the text after the status and id. */
export interface HtpReply {
  readonly ok: boolean;
  readonly text: string;
}

/** Sends one command to an engine; throws only when the engine cannot answer at all (a crash, a timeout). */
export type HtpLink = (command: string) => Promise<HtpReply>;

/**
 * How positions are set up: `hexbatch` names the game (`hexbatch-game`, so
 * Y positions work); `gtp` uses only boardsize and clear_board, which every
 * Hex engine knows, and so plays Hex only.
 */
export type SetupDialect = 'hexbatch' | 'gtp';

/** A link to our own engine, in this process. */
export function engineLink(engine: HtpEngine): HtpLink {
  return async (command) => {
    const reply = (await engine.reply(command)) ?? '';
    return { ok: reply.startsWith('='), text: reply.replace(/^[=?]\d*/, '').trim() };
  };
}

const colourLetter = (player: Player): string => (player === Color.Black ? 'b' : 'w');

class ExamRun {
  private board: { geometry: Geometry; setup: readonly SgfStone[]; moves: { player: Player; name: string }[] } | null =
    null;
  private source = '';

  constructor(
    private readonly link: HtpLink,
    private readonly dialect: SetupDialect,
  ) {}

  async step(step: ExamStep): Promise<ExamAnswer | null> {
    switch (step.kind) {
      case 'position': {
        const g = step.board.geometry;
        if (this.dialect === 'gtp' && g.game !== GameKind.Hex)
          throw new Error(`line ${step.line}: an external engine is asked Hex positions only`);
        this.board = {
          geometry: g,
          setup: step.board.setup,
          moves: step.board.moves.map((m) => ({ player: m.player, name: moveName(g, m.move) })),
        };
        this.source = step.source;
        return null;
      }
      case 'play':
        this.boardAt(step.line).moves.push({ player: step.player, name: step.move });
        return null;
      case 'undo':
        if (this.boardAt(step.line).moves.pop() === undefined)
          throw new Error(`line ${step.line}: undo with no move to take back`);
        return null;
      case 'question':
        if (step.judge === null && !step.keep) return null;
        return this.ask(step);
    }
  }

  private boardAt(line: number): NonNullable<ExamRun['board']> {
    if (this.board === null) throw new Error(`line ${line}: no position yet (loadsgf or boardsize first)`);
    return this.board;
  }

  private async send(command: string, line: number): Promise<void> {
    const reply = await this.link(command);
    if (!reply.ok) throw new Error(`line ${line}: the engine refused "${command}": ${reply.text}`);
  }

  /**
   * The position goes down stone by stone: the setup stones of the side not
   * asked first, so that the last stone before genmove is never one that
   * the engine could take for its opponent's last move; then the moves in
   * order (the last of those is a real last move).
   */
  private async ask(step: Extract<ExamStep, { kind: 'question' }>): Promise<ExamAnswer | null> {
    const board = this.boardAt(step.line);
    const g = board.geometry;
    if (this.dialect === 'hexbatch') {
      await this.send(`hexbatch-game ${g.game} ${g.size}`, step.line);
    } else {
      await this.send(`boardsize ${g.size}`, step.line);
      await this.send('clear_board', step.line);
    }
    for (const colour of [opponent(step.player), step.player]) {
      for (const s of board.setup)
        if (s.player === colour) await this.send(`play ${colourLetter(colour)} ${cellName(g, s.cell)}`, step.line);
    }
    for (const m of board.moves) await this.send(`play ${colourLetter(m.player)} ${m.name}`, step.line);
    const started = performance.now();
    const reply = await this.link(`genmove ${colourLetter(step.player)}`);
    const seconds = (performance.now() - started) / 1000;
    const move = reply.ok ? reply.text : `? ${reply.text}`;
    if (step.keep && reply.ok && move !== 'resign') board.moves.push({ player: step.player, name: move });
    if (step.judge === null) return null;
    return {
      line: step.line,
      id: step.id,
      source: this.source,
      size: g.size,
      player: step.player,
      move,
      right: reply.ok && step.judge.accepts(move),
      judge: step.judge,
      seconds,
    };
  }
}

/** Runs the steps in order; `onAnswer` hears of each answer as it comes. */
export async function runExamScript(
  steps: readonly ExamStep[],
  link: HtpLink,
  dialect: SetupDialect,
  onAnswer: (answer: ExamAnswer) => void = () => {},
): Promise<ExamAnswer[]> {
  const run = new ExamRun(link, dialect);
  const answers: ExamAnswer[] = [];
  for (const step of steps) {
    const answer = await run.step(step);
    if (answer !== null) {
      answers.push(answer);
      onAnswer(answer);
    }
  }
  return answers;
}
