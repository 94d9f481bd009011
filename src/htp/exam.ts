/**
 * The engine's exam: positions with their winning moves (found by an exact
 * solver, or by any other tool), run by src/htp/exam-script.ts. One
 * position per line:
 *
 *     hex 7 b <board text, one character a cell> <every winning move>
 *
 * `#` starts a comment; blank lines are skipped.
 */
import { Color, type Player, parsePlayer } from '../game/color.js';
import { type GameKind, geometryOf, parseGameKind } from '../game/geometry.js';
import { parseBoardText } from '../game/board-text.js';
import { cellName, parseCell } from '../game/notation.js';
import type { SgfStone } from '../game/sgf-read.js';
import type { ExamStep } from './exam-script.js';

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
      for (const m of winning)
        if (cells[parseCell(g, m)] !== Color.Empty) throw new Error(`winning move ${m} is not an empty cell`);
      questions.push({ line: i + 1, game, size: g.size, toMove: parsePlayer(colourText), cells, winning });
    } catch (error) {
      throw new Error(`line ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return questions;
}

/** The questions as an exam script: each position, then genmove judged by its winning moves. */
export function examSteps(questions: readonly ExamQuestion[]): ExamStep[] {
  return questions.flatMap((q): ExamStep[] => {
    const geometry = geometryOf(q.game, q.size);
    const setup: SgfStone[] = [];
    q.cells.forEach((colour, cell) => {
      if (colour !== Color.Empty) setup.push({ player: colour as Player, cell });
    });
    const judge = {
      expected: [...q.winning].join(' '),
      expectedFail: false,
      accepts: (move: string) => q.winning.has(move.trim().toLowerCase()),
    };
    return [
      { kind: 'position', line: q.line, board: { geometry, setup, moves: [] }, source: `line ${q.line}` },
      { kind: 'question', line: q.line, id: null, player: q.toMove, keep: false, judge },
    ];
  });
}
