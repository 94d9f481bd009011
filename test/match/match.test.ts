// A match through the command, in-process, between scripted engines (and a
// short one between two settings of ours): colours alternate, every opening
// is played once with each engine as black, an SGF file is written per game,
// and forfeits are counted against the engine at fault.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { cellName } from '../../src/game/notation.js';
import { ourEntry } from '../../src/match/engine-spec.js';
import { gameSeed, scheduled } from '../../src/match/match.js';
import { ensureBuilt } from '../helpers/build.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

const FAKE = fileURLToPath(new URL('./fake-htp-engine.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-match-'));
const fakeEngine = (...options: string[]) => [process.execPath, FAKE, ...options].join(' ');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface SgfSummary {
  readonly black: string;
  readonly white: string;
  readonly result: string;
  readonly moves: string[];
}

function readSgf(path: string): SgfSummary {
  const text = readFileSync(path, 'utf8');
  expect(text).toMatch(/^\(;FF\[4\]GM\[11\]AP\[hexbatch\]SZ\[\d+\]/);
  const prop = (name: string) => new RegExp(`${name}\\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
  return {
    black: prop('PB'),
    white: prop('PW'),
    result: prop('RE'),
    moves: [...text.matchAll(/;([BW])\[([^\]]*)\]/g)].map((m) => `${m[1]}:${m[2]}`),
  };
}

describe('the schedule', () => {
  test('A is black in even games; each opening comes twice in a row, once per colour', () => {
    const openings = [4, 7, 1];
    const games = Array.from({ length: 12 }, (_, i) => scheduled(i, openings));
    expect(games.map((g) => g.black).join('')).toBe('ABABABABABAB');
    expect(games.map((g) => g.opening)).toEqual([4, 4, 7, 7, 1, 1, 4, 4, 7, 7, 1, 1]);
  });

  test('the seeds of a game differ by side and by game', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => [gameSeed(5, i, 'A'), gameSeed(5, i, 'B')]).flat());
    expect(seeds.size).toBe(2000);
  });
});

describe('hexbatch match', () => {
  test('scripted engines on Hex 3: colours alternate, every opening twice, an SGF file per game', async () => {
    const out = join(scratch, 'balanced');
    const { code, out: stdout } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine(),
      '--engine-b',
      fakeEngine('--x'),
      '--size',
      '3',
      '--games',
      '18',
      '--parallel',
      '3',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(Array.from({ length: 18 }, (_, i) => `game-${String(i + 1).padStart(4, '0')}.sgf`));
    const g = geometryOf(GameKind.Hex, 3);
    const seen = new Set<string>();
    files.forEach((file, i) => {
      const sgf = readSgf(join(out, file));
      const aIsBlack = sgf.black === fakeEngine();
      expect(aIsBlack).toBe(i % 2 === 0);
      expect(sgf.white).toBe(aIsBlack ? fakeEngine('--x') : fakeEngine());
      expect(sgf.result).toMatch(/^[BW]\+$/);
      seen.add(`${sgf.moves[0]} ${aIsBlack ? 'A' : 'B'}`);
    });
    // Nine cells, each once with A as black and once with B.
    const expected = Array.from({ length: 9 }, (_, c) => ['A', 'B'].map((s) => `B:${cellName(g, c)} ${s}`)).flat();
    expect([...seen].sort()).toEqual(expected.sort());
    expect(stdout).toMatch(/A scored \d+ of 18/);
    expect(stdout).toContain('forfeits: A 0 (0 illegal moves, 0 refused, 0 crash, 0 timeout); B 0');
  });

  test('forfeits are counted against the engine at fault, and a crashed engine is replaced', async () => {
    // B crashes at its first genmove in life: every game B gets a fresh engine, which crashes again.
    const { code, out, err } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine(),
      '--engine-b',
      fakeEngine('--crash-at', '1'),
      '--size',
      '3',
      '--games',
      '4',
      '--openings',
      'none',
      '--parallel',
      '1',
    ]);
    expect(code).toBe(0);
    expect(out).toContain('A scored 4 of 4');
    expect(out).toContain('B 4 (0 illegal moves, 0 refused, 4 crash, 0 timeout)');
    // The progress line says so as the games come in, not only at the end.
    expect(err).toMatch(/1\/4: .*A 1, B 0, .*forfeits: B 1 /);
    expect(err).toMatch(/4\/4: .*A 4, B 0, .*forfeits: B 4 /);
  });

  test('a given list of openings, without swap', async () => {
    const out = join(scratch, 'listed');
    const { code } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine(),
      '--engine-b',
      fakeEngine(),
      '--size',
      '4',
      '--games',
      '4',
      '--openings',
      'b3,c2',
      '--no-swap',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const first = readdirSync(out)
      .sort()
      .map((f) => readSgf(join(out, f)).moves[0]);
    expect(first).toEqual(['B:b3', 'B:b3', 'B:c2', 'B:c2']);
  });

  test('an engine given as a command line gets a seed per game and side when it knows hexbatch-seed, and nothing when it does not', async () => {
    const logA = join(scratch, 'seeded-a.log');
    const logB = join(scratch, 'seeded-b.log');
    const { code } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine('--knows-seed', '--log', logA),
      '--engine-b',
      fakeEngine('--log', logB),
      '--size',
      '3',
      '--games',
      '6',
      '--parallel',
      '1',
      '--seed',
      '77',
    ]);
    expect(code).toBe(0);
    const seeds = readFileSync(logA, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('hexbatch-seed '))
      .map((line) => Number(line.split(' ')[1]));
    expect(seeds).toEqual(Array.from({ length: 6 }, (_, i) => gameSeed(77, i, 'A')));
    const told = readFileSync(logB, 'utf8');
    expect(told).toContain('known_command hexbatch-seed');
    expect(told).not.toContain('hexbatch-seed ');
  });

  test('--sprt stops the match once the test decides: two identical engines split every pair, so H0', async () => {
    const out = join(scratch, 'sprt');
    const { code, out: stdout } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine(),
      '--engine-b',
      fakeEngine(),
      '--size',
      '3',
      '--games',
      '1000',
      '--openings',
      'none',
      '--parallel',
      '1',
      '--sprt',
      '0,100',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    const pairs = Number(/(\d+) pairs: H0 accepted \(Elo ≤ 0 rather than ≥ 100\)/.exec(stdout)?.[1]);
    expect(pairs).toBeGreaterThan(0);
    // One game at a time: none under way when it decided, so exactly the pairs' games were played.
    expect(readdirSync(out)).toHaveLength(2 * pairs);
    expect(stdout).toContain(`1000 games (stopped by the SPRT after ${2 * pairs})`);
    expect(stdout).toContain(`A scored ${pairs} of ${2 * pairs}`);
  });

  test('an engine that cannot start stops the match before it begins, with exit 2', async () => {
    const { code, err } = await runCliInProcess([
      'match',
      '--engine-a',
      fakeEngine('--fail-start'),
      '--engine-b',
      fakeEngine(),
      '--size',
      '3',
      '--games',
      '2',
    ]);
    expect(code).toBe(2);
    expect(err.trim()).toBe('error: --engine-a: engine A did not start: fake: cannot start');
  });

  describe('two settings of ours', () => {
    beforeAll(() => ensureBuilt(), 180_000);

    test('a short real match on Hex 4 has no forfeit', async () => {
      const out = join(scratch, 'ours');
      const { code, out: stdout } = await runCliInProcess([
        'match',
        '--a',
        'playouts=256',
        '--b',
        'playouts=256,fill=coin,tactics=off',
        '--size',
        '4',
        '--games',
        '4',
        '--parallel',
        '2',
        '--out',
        out,
      ]);
      expect(code).toBe(0);
      expect(stdout).toContain('A: hexbatch playouts=256\n');
      expect(stdout).toContain('B: hexbatch playouts=256,fill=coin,tactics=off\n');
      expect(stdout).toContain(
        'forfeits: A 0 (0 illegal moves, 0 refused, 0 crash, 0 timeout); B 0 (0 illegal moves, 0 refused, 0 crash, 0 timeout)',
      );
      expect(readdirSync(out)).toHaveLength(4);
    }, 60_000);

    test('ours given as a command line plays the very games that the same settings of ours play', async () => {
      const settings = ['--a', 'playouts=256,threads=1', '--b', 'playouts=256,tactics=off,threads=1'];
      const asCommands = [
        '--engine-a',
        `${process.execPath} ${ourEntry()} htp --playouts 256 --threads 1`,
        '--engine-b',
        `${process.execPath} ${ourEntry()} htp --playouts 256 --tactics off --threads 1`,
      ];
      const movesOf = async (engines: string[], name: string) => {
        const out = join(scratch, name);
        const { code } = await runCliInProcess([
          'match',
          ...engines,
          '--size',
          '4',
          '--games',
          '4',
          '--openings',
          'none',
          '--parallel',
          '1',
          '--seed',
          '5',
          '--out',
          out,
        ]);
        expect(code).toBe(0);
        return readdirSync(out)
          .sort()
          .map((f) => readSgf(join(out, f)).moves.join(' '));
      };
      expect(await movesOf(asCommands, 'as-commands')).toEqual(await movesOf(settings, 'as-settings'));
    }, 60_000);

    test('--scaling plays adjacent pairs and fits a and b', async () => {
      const { code, out } = await runCliInProcess([
        'match',
        '--scaling',
        '2048,4096,8192',
        '--a',
        'tactics=off',
        '--size',
        '3',
        '--games',
        '10',
        '--parallel',
        '2',
      ]);
      // On Hex 3 one side may win every game; then the fit is refused with exit 1.
      expect([0, 1]).toContain(code);
      expect(out).toContain('Hex 3×3, 4096 against 2048 playouts: 10 games');
      expect(out).toContain('Hex 3×3, 8192 against 4096 playouts: 10 games');
      if (code === 0) expect(out).toMatch(/a = [+−]\d+\.\d\d ± \d+\.\d\d, b = -?\d+\.\d\d/);
    }, 60_000);
  });
});
