// The engine's exam: the committed set re-solved by the exact solver, the
// file format's errors, and questions asked through the HTP engine.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { opponent } from '../../src/game/color.js';
import { geometryOf } from '../../src/game/geometry.js';
import { formatBoardText } from '../../src/game/board-text.js';
import { cellName } from '../../src/game/notation.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { HtpEngine } from '../../src/htp/engine.js';
import { examSteps, parseExam } from '../../src/htp/exam.js';
import { engineLink, runExamScript } from '../../src/htp/exam-script.js';
import { solve } from '../../src/search/knowledge/solver.js';
import { winsAtOnce } from '../helpers/wins-at-once.js';
import { ROOT } from '../helpers/build.js';
import { tacticalSet } from '../helpers/tactical-set.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

const SET = join(ROOT, 'bench', 'hex-tactics.txt');
const questions = parseExam(readFileSync(SET, 'utf8'));

function positionOf(q: (typeof questions)[number]): Position {
  const g = geometryOf(q.game, q.size);
  return Position.fromText(q.game, q.size, formatBoardText(g, q.cells), q.toMove);
}

describe('bench/hex-tactics.txt', () => {
  test('six positions of each size 5 to 11, each quiet, undecided and won, with every winning move listed', () => {
    expect(questions.map((q) => q.size)).toEqual([5, 6, 7, 8, 9, 10, 11].flatMap((n) => Array(6).fill(n)));
    for (const q of questions) {
      const p = positionOf(q);
      expect(p.isOver(), `line ${q.line}`).toBe(false);
      // No move wins at once: the answer takes reading, not a glance.
      expect(winsAtOnce(p, q.toMove), `line ${q.line}`).toEqual([]);
      const solved = solve(p);
      expect(new Set(solved.winningMoves.map((c) => cellName(p.geometry, c))), `line ${q.line}`).toEqual(q.winning);
      expect(q.winning.size).toBeLessThan(p.legalMoves().length);
    }
  }, 120_000);

  test('comes from its generator: the size-5 positions are the ones tacticalSet(2026, 6, 13) makes', () => {
    const made = tacticalSet(2026, 6, 13, [5]);
    expect(made.map((t) => `${t.toMove} ${t.board} ${[...t.winning].sort().join(' ')}`)).toEqual(
      questions
        .slice(0, 6)
        .map(
          (q) =>
            `${q.toMove} ${formatBoardText(geometryOf(q.game, q.size), q.cells)} ${[...q.winning].sort().join(' ')}`,
        ),
    );
  }, 60_000);
});

describe('parseExam', () => {
  test.each([
    ['hex 5 b', /^line 1: expected: game size colour board/],
    ['go 5 b ......................... a1', /^line 1: unknown game "go"/],
    ['hex 5 r ......................... a1', /^line 1: unknown colour "r"/],
    ['hex 5 b .... a1', /^line 1: Hex 5×5 needs 25 cells, but the text has 4/],
    ['# a comment\n\nhex 5 b b........................ a1', /^line 3: winning move a1 is not an empty cell/],
    ['hex 5 b ......................... z9', /^line 1: z9 is off the board|^line 1: "z9"/],
  ])('%j', (text, message) => {
    expect(() => parseExam(text)).toThrow(message);
  });
});

describe('the exam script of a positions file', () => {
  test('sets the position up through HTP and judges genmove by the winning moves', async () => {
    const engine = new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
      playouts: 2000,
      swap: false,
    });
    for (const q of questions.filter((_, i) => i % 14 === 0)) {
      const [answer] = await runExamScript(examSteps([q]), engineLink(engine), 'hexbatch');
      const p = positionOf(q);
      expect(p.legalMoves().map((c) => cellName(p.geometry, c))).toContain(answer?.move);
      expect(answer?.right).toBe(q.winning.has(answer?.move ?? ''));
      // The engine's board: the question's stones, and the answer by the side to move.
      const text = (await engine.reply('showboard')) ?? '';
      expect(text).toMatch(new RegExp(`${opponent(q.toMove) === 1 ? 'black' : 'white'} to move`));
    }
    engine.close();
  });
});

describe('hexbatch exam', () => {
  // The search itself, not the root solver: one round of playouts a move,
  // so the tactics and the tree's proofs must find the wins (playouts alone
  // find far fewer). Fixed by the seed at a playout limit.
  test('the whole set, the root solver off, 2,000 playouts a move: at least 90% right', async () => {
    const r = await runCliInProcess([
      'exam',
      SET,
      '--playouts',
      '2000',
      '--solver',
      'off',
      '--threads',
      '1',
      '--min-percent',
      '90',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/\nright (3[89]|4[0-2]) of 42 \(/);
  }, 120_000);

  test('scores a file, lists the misses, and refuses a bad one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexbatch-exam-'));
    try {
      const file = join(dir, 'two.txt');
      writeFileSync(
        file,
        readFileSync(SET, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('hex 5'))
          .slice(0, 2)
          .join('\n'),
      );
      const r = await runCliInProcess(['exam', file, '--playouts', '3000']);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(
        /^2 positions from .*two\.txt; cpu backend, 3000 playouts a move, seed 0\nright [0-2] of 2 \(/,
      );
      const bad = join(dir, 'bad.txt');
      writeFileSync(bad, 'hex 5 b\n');
      const refused = await runCliInProcess(['exam', bad]);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/^error: .*bad\.txt: line 1: expected: game size colour board/);
      const missing = await runCliInProcess(['exam', join(dir, 'none.txt')]);
      expect(missing.code).toBe(2);
      expect(missing.err).toMatch(/^error: cannot read .*none\.txt: /);
      const high = await runCliInProcess(['exam', file, '--playouts', '500', '--min-percent', '101']);
      expect(high.code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
