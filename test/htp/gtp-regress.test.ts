// GoGui regression scripts (.tst, as benzene's suite writes them) as exams:
// the fixture's answers re-solved by the exact solver, the expected-reply
// syntax, what the runner sends an engine, bad input, and `hexbatch exam`
// end to end on the fixture with our engine and with an external one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { formatBoardText } from '../../src/game/board-text.js';
import { cellName, parseCell } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { HtpEngine } from '../../src/htp/engine.js';
import { type ExamBoard, type ExamStep, type HtpLink, engineLink, runExamScript } from '../../src/htp/exam-script.js';
import { parseExpectation, parseRegressScript } from '../../src/htp/gtp-regress.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { ROOT } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'regress', 'fixture.tst');
const FAKE_ENGINE = join(ROOT, 'test', 'match', 'fake-htp-engine.mjs');
const readBeside = (path: string) => readFileSync(join(dirname(FIXTURE), path), 'utf8');
const script = parseRegressScript(readFileSync(FIXTURE, 'utf8'), readBeside);

type Question = Extract<ExamStep, { kind: 'question' }>;

/** The board each question is asked on, as the file builds it (no genmove before it keeps a move). */
function questionBoards(): { question: Question; board: ExamBoard }[] {
  let board: ExamBoard | null = null;
  const found: { question: Question; board: ExamBoard }[] = [];
  for (const step of script.steps) {
    if (step.kind === 'position') board = step.board;
    if (step.kind === 'question' && step.judge !== null && board !== null && board.geometry.size > 3)
      found.push({ question: step, board });
  }
  return found;
}

function positionOf(board: ExamBoard, toMove: Player): Position {
  const g = board.geometry;
  const cells = new Uint8Array(g.cellCount);
  for (const s of board.setup) cells[s.cell] = s.player;
  for (const m of board.moves) if (m.move !== SWAP) cells[m.move] = m.player;
  return Position.fromText(g.game, g.size, formatBoardText(g, cells), toMove);
}

describe('the fixture test/fixtures/regress/fixture.tst', () => {
  test('each expected answer listing moves is exactly the winning moves; the negated one is a lost position', () => {
    const asked = questionBoards();
    expect(asked.map((a) => a.question.judge?.expected)).toEqual([
      '[a2|c2|a3]',
      '[c2|a4|b4]*',
      '[b1|c1|b3]',
      '[!(resign|e1|c3)]',
    ]);
    for (const { question, board } of asked) {
      const p = positionOf(board, question.player);
      const winning = solve(p).winningMoves.map((c) => cellName(p.geometry, c));
      const listed = /^\[([a-z0-9|]+)\]\*?$/.exec(question.judge?.expected ?? '');
      if (listed) expect(new Set(winning), `line ${question.line}`).toEqual(new Set(listed[1]?.split('|')));
      else expect(winning, `line ${question.line}`).toEqual([]);
      // The judge accepts exactly the listed moves among the legal ones.
      for (const c of p.legalMoves())
        expect(question.judge?.accepts(cellName(p.geometry, c as number))).toBe(
          listed ? winning.includes(cellName(p.geometry, c as number)) : true,
        );
    }
  });

  test('reads setup stones, moves of the main line only, PL, ids, genmove and reg_genmove', () => {
    const [setup, , moves, mixed] = questionBoards();
    const g = setup?.board.geometry;
    expect(setup?.board.setup.map((s) => [s.player, cellName(g!, s.cell)])).toEqual([
      [Color.Black, 'c1'],
      [Color.Black, 'b3'],
      [Color.White, 'b2'],
      [Color.White, 'c3'],
      [Color.White, 'd2'],
    ]);
    expect(moves?.board.moves.map((m) => cellName(moves.board.geometry, m.move as number))).toEqual(['b2', 'c2', 'c3']);
    expect(mixed?.board.moves.map((m) => [m.player, cellName(mixed.board.geometry, m.move as number)])).toEqual([
      [Color.White, 'e1'],
    ]);
    const questions = script.steps.filter((s): s is Question => s.kind === 'question');
    expect(questions.map((q) => [q.id, q.player, q.keep, q.judge === null])).toEqual([
      ['10', Color.Black, true, false],
      ['11', Color.White, false, false],
      ['20', Color.White, false, false],
      ['30', Color.Black, true, false],
      ['40', Color.Black, true, true],
      ['41', Color.White, true, false],
    ]);
    expect([...script.skipped]).toEqual([
      ['param_player_ice', { count: 1, withAnswer: 0 }],
      ['dfpn-solver-find-winning', { count: 2, withAnswer: 2 }],
    ]);
  });

  test("with solverAnswers, a solver's non-empty list of winning moves is a question, and it is the solver's", () => {
    const withSolver = parseRegressScript(readFileSync(FIXTURE, 'utf8'), readBeside, { solverAnswers: true });
    const asked = withSolver.steps.filter((s): s is Question => s.kind === 'question' && s.id === '31');
    expect(asked.map((q) => [q.player, q.keep, q.judge?.expected])).toEqual([[Color.Black, false, '[a2 c2 a3]']]);
    const board = questionBoards()[0]!.board;
    const p = positionOf(board, Color.Black);
    const winning = solve(p).winningMoves.map((c) => cellName(p.geometry, c));
    for (const c of p.legalMoves())
      expect(asked[0]?.judge?.accepts(cellName(p.geometry, c as number))).toBe(
        winning.includes(cellName(p.geometry, c as number)),
      );
    expect([...withSolver.skipped]).toEqual([
      ['param_player_ice', { count: 1, withAnswer: 0 }],
      ['dfpn-solver-find-winning', { count: 1, withAnswer: 1 }],
    ]);
    expect(() =>
      parseRegressScript('boardsize 4\n1 dfpn-solver-find-winning b\n#? [a1|b1]', readBeside, { solverAnswers: true }),
    ).toThrow(/^line 3: "#\? \[a1\|b1\]" is not a list of winning moves/);
  });
});

describe('parseExpectation', () => {
  test.each([
    ['[d1|d2|f1]', ['d1', 'f1'], ['d11', 'd', 'e1', ' d1x'], false],
    ['[c3]*', ['c3', ' c3 '], ['c33', 'b3'], true],
    ['[!(a1|b2)]', ['c3', 'a11'], ['a1', 'b2'], false],
    ['[!a1]*', ['b1'], ['a1'], true],
    ['[[a-k]([1-9]|1[0-1])]', ['a1', 'k11'], ['l1', 'a12'], false],
  ])('%s', (text, accepted, refused, expectedFail) => {
    const judge = parseExpectation(text);
    for (const a of accepted) expect(judge.accepts(a), a).toBe(true);
    for (const r of refused) expect(judge.accepts(r), r).toBe(false);
    expect(judge.expectedFail).toBe(expectedFail);
    expect(judge.expected).toBe(text);
  });

  test.each([['d1'], ['[d1'], ['d1]'], ['[d1]x'], ['[d1(]']])('%j is refused', (text) => {
    expect(() => parseExpectation(text)).toThrow(/is not an expected reply|is not a regular expression/);
  });
});

describe('parseRegressScript refuses bad input with its line', () => {
  const sgf: Record<string, string> = {
    'ok.sgf': '(;FF[4]GM[11]SZ[4];AB[a1])',
    'bad.sgf': '(;FF[4]GM[11]SZ[4];AB[e9])',
  };
  const read = (path: string) => {
    const text = sgf[path];
    if (text === undefined) throw new Error('no such file');
    return text;
  };
  test.each([
    ['loadsgf none.sgf\n1 genmove b\n#? [a2]', /^line 1: loadsgf: cannot read none\.sgf: no such file/],
    ['\nloadsgf bad.sgf', /^line 2: loadsgf bad\.sgf: e9 is off the board/],
    ['loadsgf ok.sgf 9', /^line 1: the file has 0 moves, so there is no move 9/],
    ['loadsgf ok.sgf\n1 genmove b\n#? a2', /^line 3: "#\? a2" is not an expected reply/],
    ['#? [a1]', /^line 1: an expected reply \(#\?\) with no command before it/],
    ['loadsgf ok.sgf\n1 genmove b\n#? [a2]\n#? [b2]', /^line 4: an expected reply \(#\?\) with no command/],
    ['loadsgf ok.sgf\n1 genmove red', /^line 2: unknown colour "red"/],
    ['boardsize 4\nplay b e5', /^line 2: e5 is off the board/],
    ['play b a1', /^line 1: no board yet/],
    ['boardsize 4 5', /^line 1: boardsize 4 5: only square Hex boards/],
    ['7', /^line 1: an id with no command after it/],
    ['boardsize 4\n1 genmove b b', /^line 2: genmove takes 1 argument/],
  ])('%j', (text, message) => {
    expect(() => parseRegressScript(text, read)).toThrow(message);
  });

  test('loadsgf FILE N: the position before move N', () => {
    const sgfs: Record<string, string> = { 'g.sgf': '(;FF[4]GM[11]SZ[4];B[a1];W[b1];B[c1])' };
    const s = parseRegressScript('loadsgf g.sgf 3\n1 genmove b\n#? [a2]', (p) => sgfs[p] as string);
    const position = s.steps[0];
    expect(position?.kind === 'position' && position.board.moves.length).toBe(2);
  });
});

/** A link that records what it is sent and answers genmove from a list. */
function recordingLink(genmoves: string[]): { link: HtpLink; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    link: async (command) => {
      sent.push(command);
      return { ok: true, text: command.startsWith('genmove') ? (genmoves.shift() ?? 'a1') : '' };
    },
  };
}

describe('runExamScript', () => {
  test("sets each position up afresh (the side not asked first), keeps genmove's move and not reg_genmove's", async () => {
    const { link, sent } = recordingLink(['a1', 'a2', 'b1', 'd5', 'b2', 'c1']);
    const answers = await runExamScript(script.steps, link, 'gtp');
    expect(answers.map((a) => [a.id, a.move, a.right])).toEqual([
      ['10', 'a1', false],
      ['11', 'a2', false],
      ['20', 'b1', true],
      ['30', 'd5', true],
      ['41', 'c1', true],
    ]);
    expect(sent.slice(0, 8)).toEqual([
      'boardsize 4',
      'clear_board',
      'play w b2',
      'play w c3',
      'play w d2',
      'play b c1',
      'play b b3',
      'genmove b',
    ]);
    // Asked for white: black's setup stones go down first, white's last.
    expect(sent.slice(8, 16)).toEqual([
      'boardsize 4',
      'clear_board',
      'play b c1',
      'play b b3',
      'play w b2',
      'play w c3',
      'play w d2',
      'genmove w',
    ]);
    // The moves in order after the setup; then the unjudged genmove's move stays on the board for the next question.
    expect(sent.slice(16, 22)).toEqual([
      'boardsize 4',
      'clear_board',
      'play b b2',
      'play w c2',
      'play b c3',
      'genmove w',
    ]);
    expect(sent.slice(-7)).toEqual([
      'boardsize 3',
      'clear_board',
      'genmove b',
      'boardsize 3',
      'clear_board',
      'play b b2',
      'genmove w',
    ]);
  });

  test('a refused genmove is a wrong answer; a refused setup command stops the run with its line', async () => {
    const refusing: HtpLink = async (command) =>
      command.startsWith('genmove') ? { ok: false, text: 'no' } : { ok: true, text: '' };
    const answers = await runExamScript(script.steps, refusing, 'gtp');
    expect(answers.every((a) => a.move === '? no' && !a.right)).toBe(true);
    const noPlay: HtpLink = async (command) => ({ ok: !command.startsWith('play'), text: 'illegal' });
    await expect(runExamScript(script.steps, noPlay, 'gtp')).rejects.toThrow(
      /^line 11: the engine refused "play w b2": illegal/,
    );
  });

  test('our engine answers genmove for the colour that is not to move, with a legal move', async () => {
    const engine = new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
      playouts: 300,
      swap: false,
    });
    try {
      const asWhite = script.steps.slice(0, script.steps.findIndex((s) => s.kind === 'question' && s.id === '11') + 1);
      const answers = await runExamScript(asWhite, engineLink(engine), 'hexbatch');
      const [, white] = answers;
      const p = positionOf(questionBoards()[1]!.board, Color.White);
      expect(p.legalMoves().map((c) => cellName(p.geometry, c as number))).toContain(white?.move);
      expect(white?.right).toBe(['c2', 'a4', 'b4'].includes(white?.move ?? ''));
      // The engine's board holds the setup and white's answer, with black to move.
      const board = (await engine.reply('showboard')) ?? '';
      expect(board).toMatch(/black to move/);
      expect(parseCell(p.geometry, white?.move ?? '')).toBeGreaterThanOrEqual(0);
    } finally {
      engine.close();
    }
  });
});

describe('hexbatch exam FILE.tst', () => {
  test('an external engine (--engine) scores exactly what its answers earn, and --json lists them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-regress-'));
    try {
      const log = join(dir, 'fake.log');
      const json = join(dir, 'out.json');
      const r = await runCliInProcess([
        'exam',
        FIXTURE,
        '--engine',
        `${process.execPath} ${FAKE_ENGINE} --log ${log}`,
        '--json',
        json,
      ]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      // The fake plays the first empty cell, row by row: a1 in each 4×4 and 5×5 question, b1 after a1 on 3×3.
      expect(r.out).toMatch(
        /^5 positions from .*fixture\.tst; engine .*fake-htp-engine\.mjs .*\nright 2 of 5 \(40\.0%\)\nmarked as expected failures \(\*\): 1, of which right 0\ncommands skipped \(not move questions\): param_player_ice ×1, dfpn-solver-find-winning ×2 \(2 with an expected reply\)\n/,
      );
      expect(r.out).toMatch(/\n {2}11 {2}10 {2}sgf\/setup-4x4\.sgf +4 {2}black {3}a1 +\[a2\|c2\|a3\]\n/);
      const written = JSON.parse(readFileSync(json, 'utf8')) as {
        right: number;
        total: number;
        answers: { id: string; played: string; right: boolean }[];
      };
      expect([written.right, written.total]).toEqual([2, 5]);
      expect(Object.keys(written.answers[0] ?? {})).toEqual([
        'line',
        'id',
        'position',
        'size',
        'colour',
        'played',
        'right',
        'seconds',
      ]);
      expect(written.answers.map((a) => [a.id, a.played, a.right])).toEqual([
        ['10', 'a1', false],
        ['11', 'a1', false],
        ['20', 'a1', false],
        ['30', 'a1', true],
        ['41', 'b1', true],
      ]);
      expect(readFileSync(log, 'utf8')).not.toMatch(/param_player_ice|dfpn|loadsgf|hexbatch-/);
      const withSolver = await runCliInProcess([
        'exam',
        FIXTURE,
        '--solver-answers',
        '--engine',
        `${process.execPath} ${FAKE_ENGINE}`,
      ]);
      expect(withSolver.out).toMatch(/^6 positions from .*\nright 2 of 6 \(33\.3%\)\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('our engine, end to end: every answer a legal move', async () => {
    const r = await runCliInProcess(['exam', FIXTURE, '--playouts', '500']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^5 positions from .*fixture\.tst; cpu backend, 500 playouts a move, seed 0\nright [0-5] of 5 \(/,
    );
  });

  test('bad input ends with status 2 and one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-regress-'));
    try {
      const write = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      write('bad.sgf', '(;FF[4]GM[11]SZ[4];AB[a1][a1])');
      const cases: [string[], RegExp][] = [
        [['exam', join(dir, 'none.tst')], /^error: cannot read .*none\.tst: /],
        [
          ['exam', write('a.tst', 'loadsgf missing.sgf\n1 genmove b\n#? [a1]\n')],
          /^error: .*a\.tst: line 1: loadsgf: cannot read missing\.sgf: /,
        ],
        [
          ['exam', write('b.tst', 'loadsgf bad.sgf\n1 genmove b\n#? [a1]\n')],
          /^error: .*b\.tst: line 1: loadsgf bad\.sgf: a1 is played on a cell that is not empty/,
        ],
        [
          ['exam', write('c.tst', 'boardsize 4\n1 genmove b\n#? a1\n')],
          /^error: .*c\.tst: line 3: "#\? a1" is not an expected reply/,
        ],
        [
          ['exam', write('d.tst', 'boardsize 4\n1 genmove b\n')],
          /^error: .*d\.tst holds no question with an expected answer/,
        ],
        [['exam', FIXTURE, '--format', 'gtp'], /^error: --format must be positions or tst/],
        [['exam', FIXTURE, '--engine', join(dir, 'no-such-engine')], /^error: --engine: the engine did not start: /],
        [['exam', FIXTURE, '--engine', 'x', '--time', '1'], /^error: --engine runs its own settings: leave out --time/],
        [['exam', join(dir, 'a.tst'), '--format', 'positions'], /^error: .*a\.tst: line 1: /],
        [
          ['exam', join(ROOT, 'bench', 'hex-tactics.txt'), '--solver-answers'],
          /^error: --solver-answers is for \.tst scripts/,
        ],
        [
          ['exam', write('y.txt', `y 3 b ${'.'.repeat(6)} a1\n`), '--engine', 'x'],
          /^error: .*y\.txt: line 1: --engine is asked Hex positions only/,
        ],
      ];
      for (const [argv, message] of cases) {
        const r = await runCliInProcess(argv);
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.err, argv.join(' ')).toMatch(message);
        expect(r.err.trim().split('\n'), argv.join(' ')).toHaveLength(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
