/**
 * The engine's exam: positions with their winning moves (found by an exact
 * solver, or by any other tool), each set up on the HTP engine through the
 * protocol itself and answered by `genmove`, so it tests exactly what a Hex
 * GUI would get. One position per line:
 *
 *     hex 7 b <board text, one character a cell> <every winning move>
 *
 * `#` starts a comment; blank lines are skipped.
 */
import { Color, type Player, opponent, parsePlayer } from '../game/color.js';
import { type GameKind, geometryOf, parseGameKind } from '../game/geometry.js';
import { parseBoardText } from '../game/board-text.js';
import { cellName, parseCell } from '../game/notation.js';
import type { HtpEngine } from './engine.js';

export interface ExamQuestion {
  /** 1-based line of the exam file. */
  readonly line: number;
  readonly game: GameKind;
  readonly size: number;
  readonly toMove: Player;
  readonly cells: Uint8Array;
  /** Every winning move, by cell name. */
  readonly winning: ReadonlySet<string>;
}

export interface ExamAnswer {
  readonly question: ExamQuestion;
  readonly move: string;
  readonly right: boolean;
}

/** Parses an exam; throws with the line number on the first malformed line. */
export function parseExam(text: string): ExamQuestion[] {
  const questions: ExamQuestion[] = [];
  text.split('\n').forEach((raw, i) => {
    const words = raw.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return;
    try {
      if (words.length < 5) throw new Error('expected: game size colour board winning-moves…');
      const [gameText, sizeText, colourText, board, ...moves] = words as [string, string, string, string, ...string[]];
      const game = parseGameKind(gameText);
      if (!/^\d{1,2}$/.test(sizeText)) throw new Error(`"${sizeText}" is not a board size`);
      const g = geometryOf(game, Number(sizeText));
      const cells = parseBoardText(g, board);
      const winning = new Set(moves.map((m) => cellName(g, parseCell(g, m))));
      for (const m of winning) if (cells[parseCell(g, m)] !== Color.Empty) throw new Error(`winning move ${m} is not an empty cell`);
      questions.push({ line: i + 1, game, size: g.size, toMove: parsePlayer(colourText), cells, winning });
    } catch (error) {
      throw new Error(`line ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return questions;
}

async function send(engine: HtpEngine, line: string): Promise<string> {
  const reply = (await engine.reply(line)) ?? '';
  if (!reply.startsWith('=')) throw new Error(`the engine refused "${line}": ${reply.trim()}`);
  return reply.slice(1).trim();
}

/**
 * Sets the question up and asks for a move. The opponent's stones go down
 * first, so the last stone played is the side to move's own: no stone reads
 * as an intrusion that the engine's bridge tactic would answer.
 */
export async function askQuestion(engine: HtpEngine, q: ExamQuestion): Promise<ExamAnswer> {
  const g = geometryOf(q.game, q.size);
  await send(engine, `hexbatch-game ${q.game} ${q.size}`);
  for (const colour of [opponent(q.toMove), q.toMove]) {
    for (let c = 0; c < g.cellCount; c++) {
      if (q.cells[c] === colour) await send(engine, `play ${colour === Color.Black ? 'b' : 'w'} ${cellName(g, c)}`);
    }
  }
  const move = await send(engine, `genmove ${q.toMove === Color.Black ? 'b' : 'w'}`);
  return { question: q, move, right: q.winning.has(move) };
}
