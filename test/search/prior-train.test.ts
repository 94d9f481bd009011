// `hexbatch train-prior` on the small set of SGF games in test/fixtures/prior/
// (MoHex 2.0 against itself, from bench/prior/games.sh): the same seed gives
// the same table, byte for byte; the seed picks the positions when
// --positions draws some; the table reads back and predicts its own games
// better than chance; bad input ends with one line and status 2. And the
// table reader's errors.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parsePriorTable, priorTableData } from '../../src/search/prior/table.js';
import { trainPrior } from '../../src/search/prior/train.js';
import { parseSgf } from '../../src/game/sgf-read.js';
import { runCliInProcess } from '../helpers/cli-runner.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'prior');
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-prior-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function train(name: string, ...extra: string[]) {
  const out = join(scratch, name);
  const result = await runCliInProcess([
    'train-prior',
    '--games',
    FIXTURES,
    '--out',
    out,
    '--iterations',
    '30',
    '--min-count',
    '3',
    ...extra,
  ]);
  return { ...result, file: out, text: result.code === 0 ? readFileSync(out, 'utf8') : '' };
}

describe('train-prior', () => {
  test('gives the same table for the same seed, and the seed picks the positions drawn', async () => {
    const a = await train('a.json', '--seed', '5');
    const b = await train('b.json', '--seed', '5');
    expect(a.code, a.err).toBe(0);
    expect(a.text).toBe(b.text);
    const c = await train('c.json', '--seed', '5', '--positions', '120');
    const d = await train('d.json', '--seed', '5', '--positions', '120');
    const e = await train('e.json', '--seed', '6', '--positions', '120');
    expect(c.text).toBe(d.text);
    expect(c.text).not.toBe(e.text);
    expect(priorTableData(JSON.parse(c.text)).training.positions).toBe(120);
  });

  test('writes a table that reads back, learnt from every position after the first move, and predicts its games better than the baselines', async () => {
    const run = await train('t.json', '--test', FIXTURES);
    expect(run.code, run.err).toBe(0);
    const table = parsePriorTable(run.text);
    // 4 games; each gives all its moves but the first.
    const moves = readdirMoves(FIXTURES);
    expect(table.data.training.positions).toBe(moves - 4);
    expect(table.data.training.sizes).toEqual([9, 11]);
    expect(table.data.pattern12.keys.length).toBeGreaterThan(10);
    expect(run.text.length).toBeLessThan(1_000_000);
    const all = [...run.out.matchAll(/^\| (.+?) \| ([\d.]+)% \| ([\d.]+)% \|/gm)].map((m) => ({
      name: m[1],
      top1: Number(m[2]),
      top5: Number(m[3]),
    }));
    const names = [
      'uniform',
      'adjacent to the last move',
      'near the last move (adjacent or bridge)',
      'the table that ships',
      'learned prior',
    ];
    // Two tables: all the moves, then moves 2–30.
    expect(all.map((r) => r.name)).toEqual([...names, ...names]);
    expect(run.out).toMatch(new RegExp(`held-out, all moves: ${moves - 4} positions of 4 games`));
    expect(run.out).toMatch(/held-out, moves 2–30: 116 positions of 4 games/);
    const rates = all.slice(0, 5);
    const [uniform, adjacent, , shipped, learned] = rates as { top1: number; top5: number }[];
    // Fitted on these very games, the new table knows them better than the shipped one does.
    expect(learned?.top1).toBeGreaterThan(shipped?.top1 as number);
    expect(shipped?.top1).toBeGreaterThan(adjacent?.top1 as number);
    expect(learned?.top1).toBeGreaterThan(adjacent?.top1 as number);
    expect(learned?.top5).toBeGreaterThan(adjacent?.top5 as number);
    expect(adjacent?.top1).toBeGreaterThan(uniform?.top1 as number);
  });

  test('--groups fits only the groups named and leaves the others at gamma 1', async () => {
    const run = await train('g.json', '--groups', 'pattern6,save');
    expect(run.code, run.err).toBe(0);
    const data = parsePriorTable(run.text).data;
    expect(data.training.groups).toEqual(['pattern6', 'save']);
    expect(data.pattern6.keys.length).toBeGreaterThan(10);
    expect(new Set(data.pattern6.gammas).size).toBeGreaterThan(5);
    expect(data.pattern12).toEqual({ other: 1, keys: [], gammas: [] });
    expect(data.local).toEqual({ other: 1, keys: [], gammas: [], far: 1 });
    for (const group of [data.relation, data.carrier, data.template, data.distance])
      expect(group.every((g) => g === 1)).toBe(true);
    expect(data.save.some((g) => g !== 1)).toBe(true);
  });

  test('--player learns and measures only the moves of the player whose name holds the text', async () => {
    // Engine 18005 is black in hex9-1 and hex9-3 and white in hex9-2; hex11-1 is two other engines.
    const moves = (file: string, colour: 'B' | 'W') =>
      (readFileSync(join(FIXTURES, `${file}.sgf`), 'utf8').match(new RegExp(`;${colour}\\[`, 'g')) ?? []).length;
    // From move 2: black's first move is left out.
    const expected = moves('hex9-1', 'B') - 1 + moves('hex9-3', 'B') - 1 + moves('hex9-2', 'W');
    const run = await train('p.json', '--player', '18005', '--test', FIXTURES);
    expect(run.code, run.err).toBe(0);
    const training = parsePriorTable(run.text).data.training;
    expect(training).toMatchObject({ positions: expected, player: '18005', games: 4 });
    expect(run.out).toMatch(new RegExp(`held-out, all moves: ${expected} positions of 4 games`));
    const all = await train('all.json');
    expect(parsePriorTable(all.text).data.training.player).toBeUndefined();
  });

  test("the library's fit names the player when the games hold no move of its", () => {
    const game = parseSgf('(;FF[4]GM[11]SZ[5]PB[a]PW[b];B[b1];W[c4])');
    const options = { fromMove: 1, seed: 1, iterations: 1, minCount: 1, priorGames: 1 };
    expect(() => trainPrior([game], { ...options, player: 'c' })).toThrow(
      'the games hold no move to learn from by a player whose name holds "c"',
    );
    expect(trainPrior([game], { ...options, player: 'b' }).positions).toBe(1);
  });

  test('--size keeps only the games of the sizes named', async () => {
    const run = await train('s.json', '--size', '9');
    expect(run.code, run.err).toBe(0);
    expect(parsePriorTable(run.text).data.training).toMatchObject({ games: 3, sizes: [9] });
  });
});

/** Moves in the fixture's games (B[..] and W[..] nodes). */
function readdirMoves(folder: string): number {
  return ['hex9-1', 'hex9-2', 'hex9-3', 'hex11-1']
    .map((f) => (readFileSync(join(folder, `${f}.sgf`), 'utf8').match(/;[BW]\[/g) ?? []).length)
    .reduce((a, b) => a + b, 0);
}

describe('train-prior refuses bad input with one line and status 2', () => {
  const bad = join(scratch, 'bad');
  mkdirSync(bad, { recursive: true });
  const file = (name: string, text: string) => {
    const path = join(bad, name);
    writeFileSync(path, text);
    return path;
  };
  const empty = join(scratch, 'empty');
  mkdirSync(empty, { recursive: true });
  const cases: [string, () => string[], RegExp][] = [
    [
      'a path that is not there',
      () => ['--games', join(scratch, 'nowhere')],
      /^error: --games .*nowhere: no such file or folder$/,
    ],
    ['a folder with no SGF', () => ['--games', empty], /^error: --games .*empty: no \.sgf files in it$/],
    [
      'a file that is not SGF',
      () => ['--games', file('a.sgf', 'hello')],
      /^error: .*a\.sgf: not SGF: it does not start with "\("$/,
    ],
    [
      'a cell off the board',
      () => ['--games', file('b.sgf', '(;FF[4]GM[11]SZ[5];B[a1];W[z9])')],
      /^error: .*b\.sgf: .*z9/,
    ],
    [
      'moves out of turn',
      () => ['--games', file('c.sgf', '(;FF[4]GM[11]SZ[5];B[a1];B[b2])')],
      /^error: .*c\.sgf: move 2 is black's, but it is white's turn$/,
    ],
    [
      'a Y game',
      () => ['--games', file('d.sgf', '(;FF[4]GM[11]XY[y]SZ[5];B[a1])')],
      /^error: .*d\.sgf: not a Hex game$/,
    ],
    [
      'no game of the size asked for',
      () => ['--games', FIXTURES, '--size', '13'],
      /^error: --games: no games of size 13$/,
    ],
    [
      '--iterations 0',
      () => ['--games', FIXTURES, '--iterations', '0'],
      /^error: --iterations must be a whole number from 1 to 10,000, not "0"$/,
    ],
    [
      '--groups with a name that is no group',
      () => ['--games', FIXTURES, '--groups', 'pattern6,edges'],
      /^error: --groups: "edges" is not a feature group \(pattern12, /,
    ],
    [
      '--prior-games 0',
      () => ['--games', FIXTURES, '--prior-games', '0'],
      /^error: --prior-games must be a number above 0/,
    ],
    ['--out a folder', () => ['--games', FIXTURES, '--out', scratch], /is a folder; give a file name$/],
    [
      '--player that names no player of the games',
      () => ['--games', FIXTURES, '--player', 'nobody'],
      /^error: --player: no player of the games has a name that holds "nobody"$/,
    ],
    ['--player with no text', () => ['--games', FIXTURES, '--player', ' '], /^error: --player: give some text/],
  ];

  test.each(cases)('%s', async (_, args, message) => {
    const argv = args();
    const result = await runCliInProcess([
      'train-prior',
      ...(argv.includes('--out') ? [] : ['--out', join(scratch, 'x.json')]),
      ...argv,
    ]);
    expect(result.code).toBe(2);
    const lines = result.err.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

describe('the table reader', () => {
  const good = () =>
    JSON.parse(
      readFileSync(join(resolve(import.meta.dirname, '..', '..', 'src', 'search', 'prior'), 'hex-prior.json'), 'utf8'),
    ) as Record<string, unknown>;

  test.each([
    ['not JSON', () => '{', /not a move prior table: it is not JSON/],
    ['another format', () => JSON.stringify({ ...good(), format: 'x' }), /format is not "hexbatch-move-prior"/],
    ['a list of the wrong length', () => JSON.stringify({ ...good(), save: [1, 1] }), /save has 2 gammas, not 3/],
    [
      'a gamma that is not positive',
      () => JSON.stringify({ ...good(), relation: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1] }),
      /relation\[10\] is not a positive number/,
    ],
    [
      'a key that is not the smaller turn',
      () => JSON.stringify({ ...good(), pattern6: { other: 1, keys: [125], gammas: [2] } }),
      /pattern6\.keys\[0\] is not the smaller of its two turns/,
    ],
  ])('%s', (_, text, message) => {
    expect(() => parsePriorTable(text())).toThrow(message);
  });

  test('reads the shipped table', () => {
    expect(() => parsePriorTable(JSON.stringify(good()))).not.toThrow();
  });
});

describe('bench-prior', () => {
  test('times the prior over the positions of the games, with the shipped table or one from train-prior', async () => {
    const shipped = await runCliInProcess(['bench-prior', '--games', FIXTURES, '--runs', '2']);
    expect(shipped.code, shipped.err).toBe(0);
    expect(shipped.out).toMatch(
      /^\d+ positions of 4 games, [\d.]+ empty cells on average\nprior per call, median over 2 runs: [\d.]+ µs by the wall clock/,
    );
    const trained = await train('bench.json');
    const own = await runCliInProcess([
      'bench-prior',
      '--games',
      FIXTURES,
      '--runs',
      '1',
      '--table',
      trained.file,
      '--size',
      '11',
    ]);
    expect(own.code, own.err).toBe(0);
    expect(own.out).toMatch(/^\d+ positions of 1 game,/);
  });

  test('names a table that is not one', async () => {
    const path = join(scratch, 'not-a-table.json');
    writeFileSync(path, '{"format": "x"}');
    const result = await runCliInProcess(['bench-prior', '--games', FIXTURES, '--table', path]);
    expect(result.code).toBe(2);
    expect(result.err.trimEnd()).toMatch(
      /^error: --table .*not-a-table\.json: not a move prior table: format is not "hexbatch-move-prior"$/,
    );
  });
});
