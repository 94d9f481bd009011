// Bad input to the built binary, as a user would give it: each case ends
// fast with exit status 2 and one line on standard error that names the
// option or the line at fault; no stack trace, no Dawn dump, no hang.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const BIN = join(ROOT, 'bin', 'hexbatch.js');
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-bad-'));
// A file where a folder is needed, for the output paths that lead through it.
writeFileSync(join(scratch, 'a-file'), '');
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs `hexbatch <args>` through bash, so that cases can redirect standard input and output. */
function hexbatch(
  args: readonly string[],
  redirect = '',
  input = '',
): { status: number | null; stderr: string; ms: number } {
  const start = Date.now();
  const command = `${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')} ${redirect}`;
  const result = spawnSync('bash', ['-c', command], { cwd: scratch, input, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stderr: result.stderr, ms: Date.now() - start };
}

/** The last line on standard error: a line or two of notices may come first (the SwiftShader fallback). */
function lastLine(stderr: string): string {
  return stderr.trimEnd().split('\n').at(-1) ?? '';
}

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cases: [string, string[], string, string, RegExp][] = [
  [
    'standard input is a folder',
    ['winner', '--game', 'hex', '--size', '3'],
    '< /',
    '',
    /^error: standard input is a folder; give the boards in a file or through a pipe$/,
  ],
  [
    'standard output is full',
    ['winner', '--game', 'hex', '--size', '3'],
    '> /dev/full',
    'bbbbbbbbb\n',
    /^error: cannot write standard output: ENOSPC/,
  ],
  [
    'a board line with control bytes',
    ['winner', '--game', 'hex', '--size', '3'],
    '',
    'bb\x1b[31mXbbbbbb\n',
    /^line 1: unknown character "\\x1b" at position 3/,
  ],
  [
    '--json under /proc',
    ['bench-cpu', '--quick', '--json', '/proc/hexbatch.json'],
    '',
    '',
    /^error: --json \/proc\/hexbatch\.json cannot be written: /,
  ],
  [
    '--json that is a folder',
    ['bench-gpu', '--quick', '--json', '/tmp'],
    '',
    '',
    /^error: --json \/tmp is a folder; give a file name$/,
  ],
  [
    '--json through a file',
    ['bench-cpu', '--quick', '--json', 'a-file/cpu.json'],
    '',
    '',
    /^error: --json a-file\/cpu\.json cannot be written: \/\S+\/a-file is a file, not a folder$/,
  ],
  [
    '--out through a file',
    ['match', '--out', 'a-file/sgf/games'],
    '',
    '',
    /^error: --out a-file\/sgf\/games cannot be written: \/\S+\/a-file is a file, not a folder$/,
  ],
  [
    'a typo in a required option',
    ['validate', '--game', 'hex', '--size', '3', '--playout', '10'],
    '',
    '',
    /^error: unknown option '--playout' \(Did you mean --playouts\?\)$/,
  ],
  [
    '--json of bench-paper under /proc',
    ['bench-paper', '--quick', '--json', '/proc/x/y.json'],
    '',
    '',
    /^error: --json \/proc\/x\/y\.json cannot be written: /,
  ],
  [
    'bench-gpu --batch 1000000000000',
    ['bench-gpu', '--batch', '1000000000000'],
    '',
    '',
    /^error: --batch must be a whole number from 1 to 1,073,741,824, not "1000000000000"$/,
  ],
  [
    'bench-gpu --workgroup-size 100000',
    ['bench-gpu', '--workgroup-size', '100000'],
    '',
    '',
    /^error: --workgroup-size must be a whole number from 1 to 1,024, not "100000"$/,
  ],
  [
    'bench-gpu --workgroup-size beyond the adapter',
    ['bench-gpu', '--quick', '--workgroup-size', '1024', '--sizes', '5'],
    '',
    '',
    /^error: --workgroup-size must be at most \d+ on this adapter \(maxComputeInvocationsPerWorkgroup \d+, maxComputeWorkgroupSizeX \d+\), not 1024$/,
  ],
  [
    'bench-gpu --boards-per-invocation 1000000',
    ['bench-gpu', '--boards-per-invocation', '1000000'],
    '',
    '',
    /^error: --boards-per-invocation must be a whole number from 1 to 64, not "1000000"$/,
  ],
  [
    'bench-gpu --runs 99999999999',
    ['bench-gpu', '--runs', '99999999999'],
    '',
    '',
    /^error: --runs must be a whole number from 1 to 1,000, not "99999999999"$/,
  ],
  [
    'validate --board xyz',
    ['validate', '--game', 'hex', '--size', '3', '--playouts', '10', '--board', 'xyz'],
    '',
    '',
    /^error: --board: unknown character "x" at position 1/,
  ],
  [
    'validate --playouts too many',
    ['validate', '--game', 'hex', '--size', '3', '--playouts', '99999999'],
    '',
    '',
    /^error: --playouts must be a whole number from 1 to 16,777,216, not "99999999"$/,
  ],
  [
    'bench-moves --set with an unknown setting',
    ['bench-moves', '--set', 'leaves=8,nonsense=1'],
    '',
    '',
    /^error: --set: unknown setting "nonsense"$/,
  ],
  [
    'bench-moves --set with a part that is not name=value',
    ['bench-moves', '--set', 'leaves'],
    '',
    '',
    /^error: --set: "leaves" is not key=value$/,
  ],
  [
    'bench-moves --set with a value out of bounds',
    ['bench-moves', '--set', 'leaves=0'],
    '',
    '',
    /^error: --set leaves must be a whole number from 1 to 65,536, not "0"$/,
  ],
  [
    'bench-moves with both a time and a playout limit',
    ['bench-moves', '--time-ms', '100', '--playouts', '4096'],
    '',
    '',
    /^error: give --time-ms or --playouts, not both$/,
  ],
  [
    'bench-moves --playouts 0',
    ['bench-moves', '--playouts', '0'],
    '',
    '',
    /^error: --playouts must be a whole number from 1 to 1,000,000,000, not "0"$/,
  ],
  [
    'bench-search --backend gpu',
    ['bench-search', '--backend', 'gpu'],
    '',
    '',
    /^error: --backend must be cpu, webgpu or auto, not "gpu"$/,
  ],
  [
    'bench-search --leaves 0',
    ['bench-search', '--leaves', '0'],
    '',
    '',
    /^error: --leaves must be a whole number from 1 to 65,536, not "0"$/,
  ],
  [
    'bench-search --size 40',
    ['bench-search', '--size', '40'],
    '',
    '',
    /^error: Hex size must be a whole number from 1 to 31, not 40$/,
  ],
  [
    'bench-search --in-flight 0',
    ['bench-search', '--in-flight', '0'],
    '',
    '',
    /^error: --in-flight must be a whole number from 1 to 16, not "0"$/,
  ],
  [
    'htp --fill dice',
    ['htp', '--fill', 'dice'],
    '',
    '',
    /^error: --fill: unknown fill "dice" \(expected exact or coin\)$/,
  ],
  [
    'htp --tactics yes',
    ['htp', '--tactics', 'yes'],
    '',
    '',
    /^error: --tactics: unknown tactic "yes" in "yes" \(expected on, off, or some of win, block, mustplay, bridge, leaf-win, leaf-vc, h-search, dead, leaf-bridge, inferior joined by , or \+ \(on: all but inferior, which may be added to it\)\)$/,
  ],
  [
    'htp --tactics with a bad item',
    ['htp', '--tactics', 'win+bridges'],
    '',
    '',
    /^error: --tactics: unknown tactic "bridges" in "win\+bridges" /,
  ],
  [
    'match --b with a bad tactic',
    ['match', '--b', 'tactics=win+blok', '--games', '2'],
    '',
    '',
    /^error: --b: engine B did not start: error: --tactics: unknown tactic "blok"/,
  ],
  [
    'htp --selection puct',
    ['htp', '--selection', 'puct'],
    '',
    '',
    /^error: --selection: unknown selection "puct" \(expected uct, uct-rave, puct-amaf\)$/,
  ],
  [
    'htp --selection and --rave',
    ['htp', '--selection', 'uct', '--rave', 'on'],
    '',
    '',
    /^error: give --selection or --rave, not both$/,
  ],
  [
    'htp --prior-temperature 0',
    ['htp', '--prior-temperature', '0'],
    '',
    '',
    /^error: --prior-temperature must be a number above 0 and at most 10, not "0"$/,
  ],
  [
    'match --a with a bad selection',
    ['match', '--a', 'selection=alphazero', '--games', '2'],
    '',
    '',
    /^error: --a: engine A did not start: error: --selection: unknown selection "alphazero"/,
  ],
  [
    'htp --threads 1000',
    ['htp', '--threads', '1000'],
    '',
    '',
    /^error: --threads must be a whole number from 0 to 256, not "1000"$/,
  ],
  [
    'match --games 0',
    ['match', '--games', '0'],
    '',
    '',
    /^error: --games must be a whole number from 1 to 1,000,000, not "0"$/,
  ],
  [
    'match --a with an unknown key',
    ['match', '--a', 'playouts=100,speed=9'],
    '',
    '',
    /^error: --a: unknown setting "speed" \(known: playouts, time, [a-z, -]+\)$/,
  ],
  [
    'match --b with a bad value',
    ['match', '--b', 'fill=dice', '--games', '2'],
    '',
    '',
    /^error: --b: engine B did not start: error: --fill: unknown fill "dice"/,
  ],
  [
    'match --engine-a that is not there',
    ['match', '--engine-a', '/nonexistent/engine --x', '--games', '2'],
    '',
    '',
    /^error: --engine-a: engine A did not start: /,
  ],
  [
    'match --openings off the board',
    ['match', '--size', '5', '--openings', 'a1,f6'],
    '',
    '',
    /^error: --openings: f6 is off the board$/,
  ],
  [
    'match --scaling with one count',
    ['match', '--scaling', '1000'],
    '',
    '',
    /^error: --scaling needs two or more playout counts$/,
  ],
  [
    'match --out under /proc',
    ['match', '--out', '/proc/hexbatch-sgf'],
    '',
    '',
    /^error: --out \/proc\/hexbatch-sgf cannot be written: /,
  ],
  [
    'chrome-bench --out under /proc',
    ['chrome-bench', '--out', '/proc/hexbatch'],
    '',
    '',
    /^error: --out \/proc\/hexbatch cannot be written: /,
  ],
];

describe('bad input ends fast, with exit status 2 and one line naming the fault', () => {
  test.each(cases)('%s', (_, args, redirect, input, message) => {
    const run = hexbatch(args, redirect, input);
    expect(run.status).toBe(2);
    expect(lastLine(run.stderr)).toMatch(message);
    // Notices aside, the fault is one line: no stack trace, no Dawn dump.
    expect(run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('hexbatch: '))).toHaveLength(1);
    expect(run.stderr).not.toMatch(/^\s+at |Error:/m);
    expect(run.stderr).not.toContain(String.fromCharCode(0x1b));
    // Found before any work: no benchmark ran (the quickest would take seconds).
    expect(run.ms).toBeLessThan(15_000);
  });
});
