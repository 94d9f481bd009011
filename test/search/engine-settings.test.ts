// The table of engine settings drives every place a setting is given: each
// record reaches the HTP command `hexbatch-<name>`, the htp and exam options,
// match's engine settings, and the settings line.
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { ENGINE_OPTION_NAMES, attributeName, engineSetup } from '../../src/cli/htp-command.js';
import { HtpEngine } from '../../src/htp/engine.js';
import { SETTING_OPTIONS, ourEngine, parseSettings } from '../../src/match/engine-spec.js';
import { DEFAULT_ENGINE_SETTINGS, SETTINGS } from '../../src/search/engine-settings.js';
import { parseOnOff } from '../../src/search/setting-values.js';
import type { CliIo } from '../../src/cli/io.js';

/** A value other than the default for each setting; a new setting needs one here. */
const SAMPLES: Readonly<Record<string, string>> = {
  playouts: '300',
  time: '0.5',
  backend: 'auto',
  seed: '9',
  fill: 'coin',
  tactics: 'win',
  solver: 'off',
  selection: 'uct',
  rave: 'on',
  'puct-exploration': '2',
  'prior-temperature': '0.1',
  proximity: '0.2',
  fpu: '0.1',
  leaves: '8',
  'per-leaf': '32',
  knowledge: '3',
  'h-search': '7',
  reduced: 'off',
  'amaf-from': '4',
  'expand-at': '2',
  'h-search-recheck': 'off',
  'h-search-lag': '8',
  'prior-refresh': '0.5',
  'move-prior': '0.5',
  'swap-move-prior': '1.5',
  'reply-search': 'on',
  'swap-margin': '0.02',
  'swap-table': 'on',
  'swap-inner': '2',
  'swap-inner-from': '7',
  'swap-edge': 'off',
  'h-search-width': '8',
  'leaf-bridge-from': '9',
  'h-search-from': '0.15',
  'stop-early': 'off',
  'time-bank': 'off',
};

const silent = { write: () => true } as unknown as NodeJS.WritableStream;
const io = { stdout: silent, stderr: silent, stdin: process.stdin } as unknown as CliIo;

function optionsOf(commandName: string): string[] {
  const command = buildProgram(io).commands.find((c) => c.name() === commandName);
  if (!command) throw new Error(`no ${commandName} command`);
  return command.options.map((o) => o.long as string);
}

describe('one table of engine settings', () => {
  test.each(SETTINGS.map((s) => [s.name, s] as const))(
    '%s reaches HTP, htp and exam options, match, and the settings line',
    async (name, setting) => {
      const sample = SAMPLES[name];
      expect(sample, `add a sample value for "${name}" to SAMPLES`).toBeDefined();
      const value = setting.parse(sample as string);
      expect(value, `the sample of ${name} is its default`).not.toEqual(DEFAULT_ENGINE_SETTINGS[setting.key]);

      // HTP: the command sets it, and the settings line shows it.
      const engine = new HtpEngine(async () => {
        throw new Error('no evaluator is needed');
      }, 'test');
      expect(await engine.reply(`hexbatch-${name} ${sample}`)).toBe('= \n\n');
      const line = (await engine.reply('hexbatch-settings')) as string;
      const shown = name === 'rave' ? `selection ${value}` : `${name} ${setting.format(value as never)}`;
      expect(line).toContain(` ${shown}`);

      // htp and exam: the option is there, and sets the same value.
      expect(optionsOf('htp')).toContain(`--${setting.flag}`);
      expect(optionsOf('exam')).toContain(`--${setting.flag}`);
      expect(ENGINE_OPTION_NAMES).toContain(attributeName(setting.flag));
      expect(engineSetup({ [attributeName(setting.flag)]: sample }).settings[setting.key]).toEqual(value);

      // match: the key names the option, and our engine runs with it.
      if (setting.inMatch) {
        expect(SETTING_OPTIONS[name]).toBe(`--${setting.flag}`);
        const spec = ourEngine(parseSettings(`${name}=${sample}`), { threads: 1, noSwap: false });
        expect(spec.args.join(' ')).toContain(`--${setting.flag} ${sample}`);
      } else {
        expect(() => parseSettings(`${name}=${sample}`)).toThrow(/unknown setting/);
      }
    },
  );

  test('a bad value gets one line naming the setting, from HTP and from the command line', async () => {
    const engine = new HtpEngine(async () => {
      throw new Error('no evaluator is needed');
    }, 'test');
    for (const setting of SETTINGS) {
      const reply = (await engine.reply(`hexbatch-${setting.name} nonsense`)) as string;
      expect(reply).toMatch(new RegExp(`^\\? ${setting.name.replace(/-/g, '\\-')}( must |: )`));
      expect(() => engineSetup({ [attributeName(setting.flag)]: 'nonsense' })).toThrow(
        new RegExp(`^error: --${setting.flag}( must |: )`),
      );
    }
  });

  test('two options for one setting are refused', () => {
    expect(() => engineSetup({ selection: 'uct', rave: 'on' })).toThrow(
      /^error: give --selection or --rave, not both$/,
    );
  });

  test('one on/off parser: on, true, 1 and off, false, 0, in any case', () => {
    for (const on of ['on', 'ON', 'true', '1']) expect(parseOnOff(on)).toBe(true);
    for (const off of ['off', 'False', '0']) expect(parseOnOff(off)).toBe(false);
    expect(() => parseOnOff('maybe')).toThrow(/^must be on or off, not "maybe"$/);
  });
});
