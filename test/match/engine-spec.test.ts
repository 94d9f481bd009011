// Engines as command lines: an external one split as a shell would (quotes
// kept together), ours expanded from settings through the key table.
import { describe, expect, test } from 'vitest';
import {
  SETTING_OPTIONS,
  externalEngine,
  ourEngine,
  parseSettings,
  splitCommandLine,
} from '../../src/match/engine-spec.js';

describe('engine command lines', () => {
  test('an external engine: words, with quoted ones kept whole', () => {
    expect(splitCommandLine(`  /opt/mohex --config "my file.htp" -x 'a b'  `)).toEqual([
      '/opt/mohex',
      '--config',
      'my file.htp',
      '-x',
      'a b',
    ]);
    expect(externalEngine('wolve --use-book').args).toEqual(['--use-book']);
    expect(() => splitCommandLine('   ')).toThrow(/empty/);
  });

  test('settings of ours: each key becomes its htp option, in order, with the threads and swap of the match', () => {
    const settings = parseSettings('playouts=4000, fill=coin,tactics=off');
    const spec = ourEngine(settings, { threads: 2, noSwap: true });
    expect(spec.ours).toBe(true);
    expect(spec.args.slice(1)).toEqual([
      'htp',
      '--playouts',
      '4000',
      '--fill',
      'coin',
      '--tactics',
      'off',
      '--threads',
      '2',
      '--no-swap',
    ]);
    expect(spec.label).toBe('hexbatch playouts=4000,fill=coin,tactics=off');
    const puct = parseSettings('selection=puct-amaf,puct-exploration=2,prior-temperature=0.05');
    expect(ourEngine(puct, { threads: 1, noSwap: false }).args.slice(1)).toEqual([
      'htp',
      '--selection',
      'puct-amaf',
      '--puct-exploration',
      '2',
      '--prior-temperature',
      '0.05',
      '--threads',
      '1',
    ]);
    // A list inside a value is joined by + (a comma would end the setting); htp takes it as it is.
    expect(
      ourEngine(parseSettings('tactics=win+block,playouts=64'), { threads: 1, noSwap: false }).args.slice(1),
    ).toEqual(['htp', '--tactics', 'win+block', '--playouts', '64', '--threads', '1']);
    // Threads given in the settings are kept, not doubled.
    expect(ourEngine(parseSettings('threads=0'), { threads: 2, noSwap: false }).args.slice(1)).toEqual([
      'htp',
      '--threads',
      '0',
    ]);
  });

  test('every key maps to an htp option, and bad settings are refused', () => {
    for (const option of Object.values(SETTING_OPTIONS)) expect(option).toMatch(/^--[a-z]+(-[a-z]+)*$/);
    expect(parseSettings('')).toEqual(new Map());
    expect(() => parseSettings('speed=9')).toThrow(/unknown setting "speed"/);
    expect(() => parseSettings('playouts=1,playouts=2')).toThrow(/twice/);
    expect(() => parseSettings('playouts')).toThrow(/key=value/);
  });
});
