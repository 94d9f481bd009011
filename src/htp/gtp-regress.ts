/**
 * GoGui's regression scripts (gtpregress / gogui-regress `.tst` files), as
 * benzene's test suite writes them, read as an exam script. A script is
 * protocol commands, one a line, each with an optional numeric id; a line
 * `#? [pattern]` after a command is the expected reply: a regular
 * expression the whole reply must match, `[!pattern]` when it must not, and
 * a trailing `*` marks a question the engine is expected to fail (it is
 * scored like any other; the mark is reported). Other `#` lines are
 * comments.
 *
 * The commands that build the position (loadsgf FILE [N], boardsize,
 * clear_board, play, undo) and the questions (genmove, reg_genmove) are
 * understood; any other command (an engine's settings, its solver's
 * commands) is skipped and counted, so the report says what was left out.
 * Optionally (RegressOptions.solverAnswers) a solver's list of winning moves
 * is asked as a genmove too.
 */
import { type Player, parsePlayer } from '../game/color.js';
import { GameKind, MAX_SIZE, checkSize, geometryOf } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { SWAP_MOVE_NAME } from '../game/sgf.js';
import { type SgfPosition, parseSgf } from '../game/sgf-read.js';
import type { ExamStep, Judge } from './exam-script.js';

export interface RegressScript {
  readonly steps: readonly ExamStep[];
  /** Commands skipped, by name, with how many of them had an expected reply. */
  readonly skipped: ReadonlyMap<string, { readonly count: number; readonly withAnswer: number }>;
}

/** Reads an SGF file named by loadsgf (resolved by the caller, e.g. against the script's folder). */
export type SgfSource = (path: string) => string;

/** `#? [pattern]`, `#? [!pattern]`, each with an optional trailing `*`. */
export function parseExpectation(text: string): Judge {
  const m = /^\[(!?)(.*)\](\*?)$/.exec(text.trim());
  if (!m)
    throw new Error(
      `"#? ${text.trim()}" is not an expected reply (expected #? [pattern], #? [!pattern], either with a trailing *)`,
    );
  const [, not = '', pattern = '', star = ''] = m;
  let regex: RegExp;
  try {
    // gtpregress matches the whole reply (Java's Matcher.matches).
    regex = new RegExp(`^(?:${pattern})$`);
  } catch (error) {
    throw new Error(
      `"${pattern}" is not a regular expression: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    expected: `[${not}${pattern}]${star}`,
    expectedFail: star === '*',
    accepts: (reply) => regex.test(reply.trim()) !== (not === '!'),
  };
}

/** The position before move `beforeMove` (1 for the setup alone); all of it when null. */
function truncated(position: SgfPosition, beforeMove: number | null): SgfPosition {
  if (beforeMove === null) return position;
  if (beforeMove - 1 > position.moves.length)
    throw new Error(`the file has ${position.moves.length} moves, so there is no move ${beforeMove}`);
  return { ...position, moves: position.moves.slice(0, beforeMove - 1) };
}

interface Pending {
  readonly line: number;
  readonly name: string;
  /** Builds the step once the expected reply (the text after `#?`, if any) is known; null for a command skipped. */
  readonly finish: (expected: string | null) => ExamStep | null;
  answered: boolean;
}

export interface RegressOptions {
  /**
   * Also ask benzene's solver questions, `dfpn-solver-find-winning COLOUR`
   * (or dfs-) with `#? [winning moves]`, as genmove COLOUR: right when
   * the move is one of the listed (benzene lists only the winning moves its
   * inferior-cell analysis keeps). A list that is empty (the side to move
   * has lost) cannot be answered and is skipped.
   */
  readonly solverAnswers?: boolean;
}

const FIND_WINNING = /^(dfpn|dfs)-solver-find-winning$/;

/** `[m1 m2 …]` with an optional `*`: the moves a solver found winning. */
function winningList(text: string): { moves: Set<string>; expectedFail: boolean; expected: string } {
  const m = /^\[([a-z0-9 ]*)\](\*?)$/.exec(text.trim());
  if (!m) throw new Error(`"#? ${text.trim()}" is not a list of winning moves (expected #? [e4 f5 …])`);
  const moves = new Set((m[1] as string).split(' ').filter(Boolean));
  return { moves, expectedFail: m[2] === '*', expected: text.trim() };
}

class ScriptReader {
  private readonly steps: ExamStep[] = [];
  private readonly skipped = new Map<string, { count: number; withAnswer: number }>();
  private pending: Pending | null = null;
  private size: number | null = null;

  constructor(
    private readonly readSgf: SgfSource,
    private readonly options: RegressOptions,
  ) {}

  read(text: string): RegressScript {
    text.split('\n').forEach((raw, i) => {
      try {
        this.line(raw.trim(), i + 1);
      } catch (error) {
        throw new Error(`line ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    this.flush();
    return { steps: this.steps, skipped: this.skipped };
  }

  private line(text: string, line: number): void {
    if (text.startsWith('#?')) {
      if (this.pending === null || this.pending.answered)
        throw new Error('an expected reply (#?) with no command before it');
      this.pending.answered = true;
      this.finish(text.slice(2).trim());
      return;
    }
    if (text === '' || text.startsWith('#')) return;
    this.flush();
    const words = text.replace(/#.*/, '').replace(/\t/g, ' ').trim().split(/\s+/);
    const id = /^\d+$/.test(words[0] as string) ? (words.shift() as string) : null;
    const [name = '', ...args] = words;
    if (name === '') throw new Error('an id with no command after it');
    this.pending = {
      line,
      name: name.toLowerCase(),
      finish: this.command(name.toLowerCase(), args, id, line),
      answered: false,
    };
  }

  /** A command's step, given its expected reply; null for a step with no effect on the exam. */
  private command(
    name: string,
    args: readonly string[],
    id: string | null,
    line: number,
  ): (expected: string | null) => ExamStep | null {
    const arity = (min: number, max = min) => {
      if (args.length < min || args.length > max)
        throw new Error(`${name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}`);
    };
    switch (name) {
      case 'loadsgf': {
        arity(1, 2);
        const file = args[0] as string;
        const n = args[1];
        if (n !== undefined && !/^\d{1,4}$/.test(n))
          throw new Error(`loadsgf's second argument must be a move number, not "${n}"`);
        const position = truncated(this.loadSgf(file), n === undefined ? null : Math.max(1, Number(n)));
        this.size = position.geometry.size;
        const step: ExamStep = { kind: 'position', line, board: position, source: file };
        return () => step;
      }
      case 'boardsize': {
        arity(1, 2);
        const [n, m = n] = args as [string, string?];
        if (!/^\d{1,2}$/.test(n) || m !== n)
          throw new Error(`boardsize ${args.join(' ')}: only square Hex boards from 1 to ${MAX_SIZE[GameKind.Hex]}`);
        const size = checkSize(GameKind.Hex, Number(n));
        this.size = size;
        const step: ExamStep = {
          kind: 'position',
          line,
          board: { geometry: geometryOf(GameKind.Hex, size), setup: [], moves: [] },
          source: `boardsize ${size}`,
        };
        return () => step;
      }
      case 'clear_board': {
        arity(0);
        const size = this.sizeAt();
        const step: ExamStep = {
          kind: 'position',
          line,
          board: { geometry: geometryOf(GameKind.Hex, size), setup: [], moves: [] },
          source: `boardsize ${size}`,
        };
        return () => step;
      }
      case 'play': {
        arity(2);
        const player = parsePlayer(args[0] as string);
        const move = (args[1] as string).toLowerCase();
        if (move !== SWAP_MOVE_NAME) parseCell(geometryOf(GameKind.Hex, this.sizeAt()), move);
        const step: ExamStep = { kind: 'play', line, player, move };
        return () => step;
      }
      case 'undo': {
        arity(0);
        const step: ExamStep = { kind: 'undo', line };
        return () => step;
      }
      case 'genmove':
      case 'reg_genmove': {
        arity(1);
        const player: Player = parsePlayer(args[0] as string);
        const keep = name === 'genmove';
        return (expected) => ({
          kind: 'question',
          line,
          id,
          player,
          keep,
          judge: expected === null ? null : parseExpectation(expected),
        });
      }
      default: {
        if (!(this.options.solverAnswers === true && FIND_WINNING.test(name))) return () => null;
        arity(1);
        const player: Player = parsePlayer(args[0] as string);
        return (expected) => {
          if (expected === null) return null;
          const { moves, expectedFail } = winningList(expected);
          if (moves.size === 0) return null;
          return {
            kind: 'question',
            line,
            id,
            player,
            keep: false,
            judge: { expected, expectedFail, accepts: (move) => moves.has(move.trim().toLowerCase()) },
          };
        };
      }
    }
  }

  private sizeAt(): number {
    if (this.size === null) throw new Error('no board yet (loadsgf or boardsize first)');
    return this.size;
  }

  private loadSgf(file: string): SgfPosition {
    let text: string;
    try {
      text = this.readSgf(file);
    } catch (error) {
      throw new Error(`loadsgf: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      return parseSgf(text);
    } catch (error) {
      throw new Error(`loadsgf ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private flush(): void {
    if (this.pending !== null && !this.pending.answered) this.finish(null);
    this.pending = null;
  }

  private finish(expected: string | null): void {
    const pending = this.pending as Pending;
    const step = pending.finish(expected);
    if (step === null) {
      const tally = this.skipped.get(pending.name) ?? { count: 0, withAnswer: 0 };
      this.skipped.set(pending.name, {
        count: tally.count + 1,
        withAnswer: tally.withAnswer + (expected === null ? 0 : 1),
      });
      return;
    }
    this.steps.push(step);
  }
}

/** Reads a regression script; throws with the line number on the first line it cannot read. */
export function parseRegressScript(text: string, readSgf: SgfSource, options: RegressOptions = {}): RegressScript {
  return new ScriptReader(readSgf, options).read(text);
}
