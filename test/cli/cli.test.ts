/**
 * The CLI on good and bad input: most cases run the program in-process with
 * their own streams; the last ones spawn the built binary end to end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { GameKind } from '../../src/game/geometry.js';
import { METHODS } from '../../src/wintest/registry.js';
import { type OracleGame, oracleWinner } from '../helpers/oracle.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ANSWER = ['none', 'black', 'white'] as const;
const CELL = ['.', 'b', 'w'] as const;
/** What a stack trace line looks like; none may reach the user. */
const STACK_LINE = /^\s+at /m;

interface Outcome {
  code: number;
  out: string;
  err: string;
}

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function cli(argv: string[], input = ''): Promise<Outcome> {
  const stdout = collect();
  const stderr = collect();
  const code = await runCli(argv, { stdin: Readable.from([input]), stdout: stdout.stream, stderr: stderr.stream });
  return { code, out: stdout.text(), err: stderr.text() };
}

/** Board text with a space between rows, as a person might write it. */
function boardText(game: OracleGame, n: number, cells: readonly number[]): string {
  const rows: string[] = [];
  let i = 0;
  for (let r = 0; r < n; r++) {
    const len = game === 'hex' ? n : r + 1;
    rows.push(
      cells
        .slice(i, i + len)
        .map((v) => CELL[v as 0 | 1 | 2])
        .join(''),
    );
    i += len;
  }
  return rows.join(' ');
}

function randomBoards(game: OracleGame, n: number, full: boolean, count: number, seed: number): number[][] {
  const cellCount = game === 'hex' ? n * n : (n * (n + 1)) / 2;
  const cell = full ? fc.constantFrom(1, 2) : fc.constantFrom(0, 1, 1, 2, 2);
  return fc.sample(fc.array(cell, { minLength: cellCount, maxLength: cellCount }), { seed, numRuns: count });
}

describe('hexbatch winner', () => {
  const cases: { game: OracleGame; kind: GameKind; n: number }[] = [
    { game: 'hex', kind: GameKind.Hex, n: 1 },
    { game: 'hex', kind: GameKind.Hex, n: 5 },
    { game: 'hex', kind: GameKind.Hex, n: 11 },
    { game: 'hex', kind: GameKind.Hex, n: 31 },
    { game: 'y', kind: GameKind.Y, n: 1 },
    { game: 'y', kind: GameKind.Y, n: 6 },
    { game: 'y', kind: GameKind.Y, n: 32 },
  ];

  for (const method of METHODS) {
    it(`answers like the oracle with --method ${method.name}`, async () => {
      for (const { game, kind, n } of cases) {
        if (!method.supports.games.includes(kind)) continue;
        for (const full of method.supports.partialBoards ? [true, false] : [true]) {
          const boards = randomBoards(game, n, full, 37, n * 2 + (full ? 1 : 0));
          const input = boards.map((b) => `${boardText(game, n, b)}\n`).join('');
          const result = await cli(['winner', '--game', game, '--size', `${n}`, '--method', method.name], input);
          expect(result.err).toBe('');
          expect(result.code).toBe(0);
          expect(result.out).toBe(boards.map((b) => `${ANSWER[oracleWinner(game, n, b) as 0 | 1 | 2]}\n`).join(''));
        }
      }
    });
  }

  it('uses bpr when no method is named, and accepts CRLF and a last line without newline', async () => {
    expect((await cli(['winner', '--game', 'hex', '--size', '2'], 'b.b.\r\nww..\r\n....')).out).toBe(
      'black\nwhite\nnone\n',
    );
    expect((await cli(['winner', '--game', 'hex', '--size', '2'], '')).out).toBe('');
  });

  it('stops at a bad line, after answering the lines before it', async () => {
    const bad: [string, RegExp][] = [
      ['bbb', /^line 3: Hex 3×3 needs 9 cells, but the text has 3\n$/],
      ['bbbxbbbbb', /^line 3: unknown character "x" at position 4/],
      ['', /^line 3: blank line/],
      ['   ', /^line 3: blank line/],
    ];
    for (const [line, message] of bad) {
      const result = await cli(
        ['winner', '--game', 'hex', '--size', '3'],
        `b..b..b..\n...www...\n${line}\nwww......\n`,
      );
      expect(result.code).toBe(2);
      expect(result.out).toBe('black\nwhite\n');
      expect(result.err).toMatch(message);
      expect(result.err).not.toMatch(STACK_LINE);
    }
  });

  it('refuses a partial board for a full-board-only method', async () => {
    const fullOnly = METHODS.filter((m) => !m.supports.partialBoards);
    for (const method of fullOnly) {
      const result = await cli(['winner', '--game', 'hex', '--size', '2', '--method', method.name], 'bbww\nb.ww\n');
      expect(result.code).toBe(2);
      expect(result.out).toBe('white\n');
      expect(result.err).toBe(
        `line 2: method ${method.name} decides full boards only, and this board has 1 empty cell\n`,
      );
    }
  });

  it('refuses bad options with one line and exit status 2', async () => {
    const bad: [string[], RegExp][] = [
      [['--game', 'go', '--size', '9'], /unknown game "go"/],
      [['--game', 'hex', '--size', '32'], /Hex size must be a whole number from 1 to 31/],
      [['--game', 'y', '--size', '0'], /Y size must be a whole number from 1 to 32/],
      [['--game', 'hex', '--size', 'big'], /the size must be a whole number, not "big"/],
      [['--game', 'hex', '--size', '9', '--method', 'magic'], /unknown method "magic"/],
      [['--size', '9'], /required option '--game <game>' not specified/],
      [['--game', 'hex', '--size', '9', '--colour', 'red'], /unknown option '--colour'/],
      // A typo in a required option is an unknown option first, not a missing one.
      [['--gmae', 'hex', '--size', '9'], /^error: unknown option '--gmae' \(Did you mean --game\?\)\n$/],
    ];
    for (const [options, message] of bad) {
      const result = await cli(['winner', ...options], 'b\n');
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toMatch(message);
      expect(result.err.trimEnd().split('\n')).toHaveLength(1);
    }
    expect((await cli(['conquer'])).code).toBe(2);
  });
});

describe('hexbatch methods', () => {
  it('lists every method with what it supports', async () => {
    const result = await cli(['methods']);
    expect(result.code).toBe(0);
    const [methods = ''] = result.out.split('\n\n');
    const lines = methods.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^method\s+games\s+partial\s+incremental\s+summary$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(METHODS.map((m) => m.name));
    for (const m of METHODS) {
      const line = lines.find((l) => l.startsWith(`${m.name} `)) ?? '';
      expect(line).toContain(m.summary);
      expect(line).toContain(m.supports.games.join(', '));
    }
  });

  it("lists the CPU kernels, which this runtime has, and the one 'auto' picks", async () => {
    const result = await cli(['methods']);
    const [, kernels = ''] = result.out.split('\n\n');
    const lines = kernels.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CPU kernels/);
    expect(lines[1]).toMatch(/^kernel\s+boards\s+available\s+default\s+summary$/);
    // Node 20 has WebAssembly SIMD, so the wasm kernel is available here and the default.
    expect(lines.slice(2).map((line) => line.split(/\s+/).slice(0, 4))).toEqual([
      ['wasm-simd', '128', 'yes', 'yes'],
      ['js', '32', 'yes', 'no'],
    ]);
  });
});

describe('hexbatch show', () => {
  it('draws the board and names the winner so far', async () => {
    const result = await cli(['show', '--game', 'hex', '--size', '3', '--board', 'b.. bw. b.w']);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      '    a b c',
      ' 1  X . .',
      '  2  X O .',
      '   3  X . O',
      'X (black) joins rows 1 and 3; O (white) joins columns a and c',
      'winner: black',
      '',
    ]);
  });

  it('refuses a bad board with one line and status 2', async () => {
    const result = await cli(['show', '--game', 'y', '--size', '3', '--board', 'bbb']);
    expect(result.code).toBe(2);
    expect(result.err).toBe('error: Y size 3 needs 6 cells, but the text has 3\n');
  });
});

describe('hexbatch bench-cpu', () => {
  it('refuses a size that a game does not have', async () => {
    const result = await cli(['bench-cpu', '--quick', '--sizes', '7,32']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error: Hex size must be a whole number from 1 to 31, not 32\n$/);
  });
});

/** Newest modification time of the files the bundle is built from. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

describe('the hexbatch binary, end to end', () => {
  const bin = join(ROOT, 'bin', 'hexbatch.js');
  const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-cli-'));
  const node = (args: string[], input = '') =>
    spawnSync(process.execPath, [bin, ...args], { cwd: scratch, input, encoding: 'utf8', timeout: 60_000 });

  beforeAll(() => {
    const bundle = join(ROOT, 'dist', 'cli.js');
    const sources = Math.max(
      newestSource(join(ROOT, 'src')),
      statSync(join(ROOT, 'package.json')).mtimeMs,
      statSync(join(ROOT, 'vite.node.config.ts')).mtimeMs,
    );
    if (!existsSync(bundle) || statSync(bundle).mtimeMs < sources) {
      execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'pipe' });
    }
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('decides boards from standard input', () => {
    const result = node(['winner', '--game', 'y', '--size', '2'], 'b bb\nw ww\nb .w\n');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('black\nwhite\nnone\n');
  });

  it('reports a bad line with exit status 2 and no stack trace', () => {
    const result = node(['winner', '--game', 'hex', '--size', '2', '--method', 'path'], 'bbww\nbbw\n');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('white\n');
    expect(result.stderr).toBe('line 2: Hex 2×2 needs 4 cells, but the text has 3\n');
  });

  it('runs the quick benchmark and writes its JSON', () => {
    const result = node(['bench-cpu', '--quick', '--sizes', '7', '--json', 'out/cpu.json']);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.status).toBe(0);
    const report = JSON.parse(readFileSync(join(scratch, 'out', 'cpu.json'), 'utf8'));
    expect(report.machine.node).toBe(process.version);
    expect(report.sizes).toEqual([7]);
    const winTests: { game: string; method: string }[] = report.winTests;
    const measured = (game: string) => winTests.filter((t) => t.game === game).map((t) => t.method);
    for (const game of [GameKind.Hex, GameKind.Y]) {
      expect(measured(game)).toEqual(METHODS.filter((m) => m.supports.games.includes(game)).map((m) => m.name));
    }
    for (const t of [...report.winTests, ...report.fills]) expect(t.nsPerBoard).toBeGreaterThan(0);
    expect(report.fills).toHaveLength(4);
    // Full playouts, per game: one core (no workers), then all cores (workers).
    const playouts: { game: string; workers: number; nsPerPlayout: number }[] = report.playouts;
    expect(playouts.map((t) => [t.game, t.workers > 0])).toEqual([
      [GameKind.Hex, false],
      [GameKind.Hex, true],
      [GameKind.Y, false],
      [GameKind.Y, true],
    ]);
    for (const t of playouts) expect(t.nsPerPlayout).toBeGreaterThan(0);
    expect(result.stdout).toContain('Full playouts');
    for (const m of METHODS) expect(result.stdout).toContain(m.name);
    expect(result.stderr).toMatch(/\[1\/\d+\] Hex 7×7: /);
  });
});
