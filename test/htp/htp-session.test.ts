// The HTP engine as HexGui drives it, through the real CLI command, and
// every reply checked against the rules: ids echoed, one reply per command.
import { describe, expect, test } from 'vitest';
import { runCliInProcess as cli } from '../helpers/cli-runner.js';
import { FPU_REDUCTION, H_SEARCH_THRESHOLD, KNOWLEDGE_THRESHOLD, PROXIMITY_PRIOR } from '../../src/search/mcts.js';

/** The replies of a session: each `=`/`?` block, without its blank line. */
function replies(out: string): string[] {
  expect(out.endsWith('\n\n')).toBe(true);
  return out.slice(0, -2).split('\n\n');
}

/**
 * A reply as HexGui's HtpController reads it (its handleResponse): the
 * lines up to the blank one, each with its newline; anything that does not
 * begin "= " or "? " is an invalid reply, shown to the user as an error.
 */
function hexGuiReads(reply: string): { success: boolean; response: string } {
  const read = `${reply}\n\n`;
  if (read.startsWith('= ')) return { success: true, response: read.slice(2) };
  if (read.startsWith('? ')) return { success: false, response: read.slice(2) };
  throw new Error(`HexGui: Invalid HTP response:'${read}'`);
}

/** GoGui's analyze-command types that HexGui knows (AnalyzeDefinition.java). */
const HEXGUI_ANALYZE_TYPES = [
  'bwboard',
  'cboard',
  'dboard',
  'eplist',
  'gfx',
  'group',
  'hstring',
  'hpstring',
  'inferior',
  'move',
  'param',
  'plist',
  'pspairs',
  'pstring',
  'string',
  'sboard',
  'var',
  'varb',
  'varc',
  'varp',
  'varpo',
  'varw',
  'vc',
];

describe('hexbatch htp', () => {
  test('every reply of a session as HexGui sends it (no ids, colours spelt out) reads as HexGui reads it, the analyze commands included', async () => {
    const input = [
      'name',
      'version',
      'hexgui-analyze_commands',
      'boardsize 5 5',
      'showboard',
      'play black c2',
      'showboard',
      'genmove white',
      'showboard',
      'hexbatch-win-rates',
      'hexbatch-visits',
      'hexbatch-settings',
      'undo',
      'undo',
      'play black resign', // HexGui passes a human's resignation on, as benzene's engines take it
      'quit',
    ].join('\n');
    const { code, out } = await cli(['htp', '--seed', '4', '--playouts', '400', '--no-swap'], `${input}\n`);
    expect(code).toBe(0);
    const read = replies(out).map(hexGuiReads);
    expect(read).toHaveLength(16);
    expect(read.map((r) => r.success)).toEqual(read.map(() => true));
    // Every analyze command parses as HexGui parses it, and is a command of ours.
    const definitions = (read[2]?.response as string)
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
    expect(definitions.length).toBeGreaterThan(0);
    const commands: string[] = [];
    for (const line of definitions) {
      const parts = line.split('/');
      expect(parts.length).toBeGreaterThanOrEqual(3);
      expect(parts.length).toBeLessThanOrEqual(5);
      expect(HEXGUI_ANALYZE_TYPES).toContain(parts[0]);
      commands.push((parts[2] as string).trim().split(' ')[0] as string);
    }
    const known = replies((await cli(['htp'], `${commands.map((c) => `known_command ${c}`).join('\n')}\n`)).out);
    expect(known).toEqual(commands.map(() => '= true'));
    // The root moves of that genmove, on empty cells, as point-text pairs.
    const answer = (read[7]?.response as string).trim();
    for (const [index, value] of [
      [9, /^0\.\d\d|1\.00$/],
      [10, /^\d+$/],
    ] as const) {
      const words = (read[index]?.response as string).trim().split(' ');
      expect(words.length % 2).toBe(0);
      const cells = words.filter((_, i) => i % 2 === 0);
      expect(cells).toContain(answer);
      expect(cells).not.toContain('c2');
      for (const c of cells) expect(c).toMatch(/^[a-e][1-5]$/);
      for (const v of words.filter((_, i) => i % 2 === 1)) expect(v).toMatch(value);
    }
  });

  test('a HexGui-style session with swap', async () => {
    const input = [
      'name',
      'version',
      '1 protocol_version',
      'known_command genmove',
      'known_command fly',
      'boardsize 6 6',
      'hexbatch-playouts 300',
      'play b b4',
      '5 genmove w', // swap is legal, the search may take it
      'undo',
      'play w swap-pieces',
      'showboard',
      'all_legal_moves',
      '9 genmove w', // HexGui gives white the move again after a swap
      'undo',
      'undo',
      'undo',
      'final_score',
      'play w b2', // any colour, any order
      'play w b3',
      'genmove b',
      'quit',
      'name', // after quit: not read
    ].join('\n');
    const { code, out, err } = await cli(['htp', '--seed', '3'], `${input}\n`);
    expect(err).toBe('');
    expect(code).toBe(0);
    const r = replies(out);
    expect(r).toHaveLength(22);
    expect(r[0]).toBe('= hexbatch');
    expect(r[1]).toMatch(/^= \d+\.\d+\.\d+$/);
    expect(r[2]).toBe('=1 2');
    expect(r[3]).toBe('= true');
    expect(r[4]).toBe('= false');
    expect(r.slice(5, 8)).toEqual(['= ', '= ', '= ']);
    expect(r[8]).toMatch(/^=5 ([a-f][1-6]|swap-pieces)$/);
    expect(r[9]).toBe('= ');
    expect(r[10]).toBe('= ');
    // After the swap, as in HexGui and benzene: b4 is still black's stone, and white moves.
    expect(r[11]).toContain('white to move');
    const rows = (r[11] as string).split('\n').filter((l) => /^\s*\d/.test(l));
    expect(rows).toHaveLength(6);
    expect(rows.join('')).not.toContain('O');
    expect(rows[3]?.trim()).toBe('4  . X . . . .');
    const legal = (r[12] as string).slice(2).split(' ');
    expect(legal).toHaveLength(35);
    expect(legal).not.toContain('swap-pieces');
    expect(legal).not.toContain('b4');
    const nine = r[13] as string;
    expect(nine).toMatch(/^=9 [a-f][1-6]$/);
    expect(legal).toContain(nine.slice(3));
    expect(r.slice(14, 17)).toEqual(['= ', '= ', '= ']);
    expect(r[17]).toMatch(/^\? /);
    expect(r.slice(18, 20)).toEqual(['= ', '= ']);
    expect(r[20]).toMatch(/^= [a-f][1-6]$/);
    expect(['b2', 'b3']).not.toContain((r[20] as string).slice(2));
    expect(r[21]).toBe('= ');
  });

  test('a resignation as HexGui sends it ends the game for the other colour, and undo takes it back', async () => {
    const input = [
      'boardsize 5',
      'hexbatch-playouts 200',
      'play b c3',
      'play w resign',
      'final_score',
      'genmove b',
      'play b a1',
      'all_legal_moves',
      'play b resign',
      'showboard',
      'undo',
      'final_score',
      'play w a1',
      'undo',
      'undo',
      'undo',
    ].join('\n');
    const { code, out } = await cli(['htp'], `${input}\n`);
    expect(code).toBe(0);
    const r = replies(out);
    expect(r).toHaveLength(16);
    expect(r.slice(0, 4)).toEqual(['= ', '= ', '= ', '= ']);
    expect(r[4]).toBe('= B+');
    expect(r[5]).toBe('= resign');
    expect(r[6]).toBe('? the game is over: white resigned');
    expect(r[7]).toBe('= ');
    expect(r[8]).toBe('? the game is over: white resigned');
    expect(r[9]).toMatch(/white resigned$/);
    // undo takes back the resignation, then the stones.
    expect(r[10]).toBe('= ');
    expect(r[11]).toMatch(/^\? the game is not over/);
    expect(r[12]).toBe('= ');
    expect(r.slice(13, 15)).toEqual(['= ', '= ']);
    expect(r[15]).toMatch(/^\? there is no move/);
  });

  test('bad commands and arguments get ? and a reason, with the id', async () => {
    const input = [
      '3 fly',
      'boardsize 40',
      'boardsize 5 6',
      'play b z9',
      'play red a1',
      'play b a1',
      'play w a1',
      '8 undo',
      'undo',
      'undo',
      'final_score',
      'hexbatch-game go',
      'hexbatch-playouts -1',
      'hexbatch-time x',
    ].join('\n');
    const { out } = await cli(['htp'], `${input}\n`);
    const r = replies(out);
    expect(r).toHaveLength(14);
    expect(r[0]).toMatch(/^\?3 unknown command/);
    for (const i of [1, 2, 3, 4, 6, 9, 10, 11, 12, 13]) expect(r[i], `reply ${i}`).toMatch(/^\? \S/);
    expect(r[5]).toBe('= ');
    expect(r[7]).toBe('=8 ');
    expect(r[8]).toMatch(/^\? there is no move/);
  });

  test('Y through hexbatch-game: a game of Y to the end', async () => {
    const lines = ['hexbatch-game y 4', 'hexbatch-playouts 64'];
    for (let i = 0; i < 10; i++) lines.push(`genmove ${i % 2 === 0 ? 'b' : 'w'}`);
    lines.push('final_score', 'showboard');
    const { out } = await cli(['htp'], `${lines.join('\n')}\n`);
    const r = replies(out);
    const moves = r.slice(2, 12).map((x) => x.slice(2));
    const stones = moves.filter((m) => m !== 'resign');
    // Every move a distinct Y cell (row ≥ column), the game ends with a score.
    expect(new Set(stones).size).toBe(stones.length);
    for (const m of stones) expect(m.charCodeAt(0) - 96).toBeLessThanOrEqual(Number(m.slice(1)));
    expect(r[12]).toMatch(/^= [BW]\+$/);
  });

  test('a time limit alone, from the command line and by command, still gives legal moves', async () => {
    const input = [
      'boardsize 5',
      'all_legal_moves',
      'genmove b',
      'hexbatch-time 0.01',
      'hexbatch-settings',
      'genmove w',
    ].join('\n');
    const { code, out } = await cli(['htp', '--time', '0.02', '--playouts', '0'], `${input}\n`);
    expect(code).toBe(0);
    const r = replies(out);
    const legal = (r[1] as string).slice(2).split(' ');
    expect(legal).toContain((r[2] as string).slice(2));
    expect(r[4]).toContain('playouts none time 0.01');
    expect(r[5]).toMatch(/^= ([a-e][1-5]|swap-pieces)$/);
    expect((r[5] as string).slice(2)).not.toBe((r[2] as string).slice(2));
  });

  test('with no limit given a move thinks 1 s; --time alone or --playouts alone is the only limit; neither limit at all is refused', async () => {
    const timed = await cli(['htp', '--time', '2'], 'hexbatch-settings\n');
    expect(replies(timed.out)[0]).toContain('playouts none time 2');
    const counted = await cli(['htp', '--playouts', '500'], 'hexbatch-settings\n');
    expect(replies(counted.out)[0]).toContain('playouts 500 time none');
    const neither = await cli(['htp'], 'hexbatch-settings\n');
    expect(replies(neither.out)[0]).toContain('playouts none time 1 ');
    for (const argv of [
      ['--time', '0'],
      ['--playouts', '0'],
      ['--time', '0', '--playouts', '0'],
    ]) {
      const { code, err } = await cli(['htp', ...argv], '');
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toBe('error: --time and --playouts: a move needs a limit: playouts, time or both\n');
    }
    // By command: the last limit is not taken away; with the other one set first, it is.
    const commands = [
      'hexbatch-playouts 0',
      'hexbatch-settings',
      'hexbatch-time 0',
      'hexbatch-playouts 300',
      'hexbatch-time 0',
      'hexbatch-settings',
    ];
    const r = replies((await cli(['htp'], `${commands.join('\n')}\n`)).out);
    expect(r[0]).toBe('= ');
    expect(r[1]).toContain('playouts none time 1 ');
    expect(r[2]).toBe('? a move needs a limit: playouts, time or both (the other one is none)');
    expect(r.slice(3, 5)).toEqual(['= ', '= ']);
    expect(r[5]).toContain('playouts 300 time none ');
  });

  test('--fill, --tactics, --threads, --leaves, --playouts-per-leaf, --knowledge-threshold, --h-search-threshold and --proximity-prior reach the settings, and the engine still plays', async () => {
    const { code, out } = await cli(
      [
        'htp',
        '--fill',
        'coin',
        '--tactics',
        'off',
        '--threads',
        '1',
        '--playouts',
        '64',
        '--leaves',
        '8',
        '--playouts-per-leaf',
        '32',
        '--knowledge-threshold',
        '2',
        '--h-search-threshold',
        '9',
        '--proximity-prior',
        '0.05',
      ],
      'hexbatch-settings\nboardsize 4\ngenmove b\n',
    );
    expect(code).toBe(0);
    const r = replies(out);
    expect(r[0]).toMatch(
      / fill coin tactics off solver on selection puct-amaf puct-exploration 4 prior-temperature 0.02 proximity 0.05 fpu 0 leaves 8 per-leaf 32 knowledge 2 h-search 9 /,
    );
    expect(r[2]).toMatch(/^= [a-d][1-4]$/);
    const defaults = replies((await cli(['htp'], 'hexbatch-settings\n')).out);
    expect(defaults[0]).toMatch(
      new RegExp(
        ` fill exact tactics on solver on selection puct-amaf puct-exploration 4 prior-temperature 0.02 proximity ${PROXIMITY_PRIOR} fpu ${FPU_REDUCTION} leaves default per-leaf default knowledge ${KNOWLEDGE_THRESHOLD} h-search ${H_SEARCH_THRESHOLD} `,
      ),
    );
  });

  test('--tactics takes a list of tactics joined by , or +, shown in a fixed order; all of them is on', async () => {
    const some = await cli(
      ['htp', '--tactics', 'leaf-win+win', '--playouts', '64', '--threads', '0'],
      'hexbatch-settings\nboardsize 4\ngenmove b\n',
    );
    expect(some.code).toBe(0);
    expect(replies(some.out)[0]).toContain(' tactics win,leaf-win solver ');
    expect(replies(some.out)[2]).toMatch(/^= [a-d][1-4]$/);
    const all = await cli(
      ['htp', '--tactics', 'bridge,dead,block,win,leaf-win,leaf-vc,mustplay,h-search,leaf-bridge'],
      'hexbatch-settings\n',
    );
    expect(replies(all.out)[0]).toContain(' tactics on solver ');
  });

  test('the older RAVE switch, on and off, from the command line and by command', async () => {
    const input = [
      'hexbatch-settings',
      'boardsize 4',
      'hexbatch-playouts 300',
      'genmove b',
      'hexbatch-rave on',
      'hexbatch-settings',
      'genmove w',
      'hexbatch-rave maybe',
      'hexbatch-rave',
    ].join('\n');
    const { code, out } = await cli(['htp', '--rave', 'off'], `${input}\n`);
    expect(code).toBe(0);
    const r = replies(out);
    expect(r[0]).toMatch(
      / selection uct puct-exploration [\d.]+ prior-temperature [\d.]+ proximity [\d.]+ fpu [\d.]+ leaves default per-leaf default knowledge \d+ h-search \d+ /,
    );
    expect(r[3]).toMatch(/^= ([a-d][1-4]|swap-pieces)$/);
    expect(r[4]).toBe('= ');
    expect(r[5]).toMatch(
      / selection uct-rave puct-exploration [\d.]+ prior-temperature [\d.]+ proximity [\d.]+ fpu [\d.]+ leaves default/,
    );
    expect(r[6]).toMatch(/^= ([a-d][1-4]|swap-pieces)$/);
    expect(r[7]).toBe('? rave must be on or off, not "maybe"');
    expect(r[8]).toBe('? expected 1 argument');
  });

  test("the selection rule, PUCT's constants and the first-play reduction, from the command line and by command", async () => {
    const input = [
      'hexbatch-settings',
      'boardsize 4',
      'hexbatch-playouts 300',
      'genmove b',
      'hexbatch-selection uct',
      'hexbatch-settings',
      'genmove w',
      'hexbatch-selection puct',
      'hexbatch-selection',
    ].join('\n');
    const { code, out } = await cli(
      [
        'htp',
        '--selection',
        'puct-amaf',
        '--puct-exploration',
        '2.5',
        '--prior-temperature',
        '.05',
        '--proximity-prior',
        '0.125',
        '--fpu-reduction',
        '0.3',
      ],
      `${input}\n`,
    );
    expect(code).toBe(0);
    const r = replies(out);
    expect(r[0]).toMatch(
      / selection puct-amaf puct-exploration 2.5 prior-temperature 0.05 proximity 0.125 fpu 0.3 leaves default/,
    );
    expect(r[3]).toMatch(/^= ([a-d][1-4]|swap-pieces)$/);
    expect(r[4]).toBe('= ');
    expect(r[5]).toMatch(
      / selection uct puct-exploration 2.5 prior-temperature 0.05 proximity 0.125 fpu 0.3 leaves default/,
    );
    expect(r[6]).toMatch(/^= ([a-d][1-4]|swap-pieces)$/);
    expect(r[7]).toBe('? selection: unknown selection "puct" (expected uct, uct-rave, puct-amaf)');
    expect(r[8]).toBe('? expected 1 argument');
  });

  test('bad command-line options: one line on stderr, exit 2', async () => {
    for (const argv of [
      ['--playouts', 'x'],
      ['--backend', 'gpu'],
      ['--time', '-1'],
      ['--seed', '99999999999'],
      ['--fill', 'dice'],
      ['--tactics', 'yes'],
      ['--tactics', 'win+'],
      ['--threads', '257'],
      ['--rave', 'maybe'],
      ['--selection', 'puct'],
      ['--selection', 'uct', '--rave', 'on'],
      ['--puct-exploration', '0'],
      ['--prior-temperature', '1e-3'],
      ['--proximity-prior', '-0.1'],
      ['--proximity-prior', '2'],
      ['--solver', 'perhaps'],
      ['--leaves', '0'],
      ['--playouts-per-leaf', 'x'],
      ['--knowledge-threshold', '0'],
      ['--h-search-threshold', '0'],
    ]) {
      const { code, err } = await cli(['htp', ...argv], '');
      expect(code).toBe(2);
      expect(err.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
