// 10⁴ random lines, mostly near-valid commands with random arguments: each
// line that holds a command gets exactly one reply, with its id, and the
// engine never stops answering. Counted by the protocol's own framing.
// Every reply's head is `=` or `?`, the id, and a space, as HexGui reads it.
import { expect, test } from 'vitest';
import { HtpEngine } from '../../src/htp/engine.js';
import { runHtpSession } from '../../src/htp/session.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { lcgRandom } from '../helpers/boards.js';

const WORDS = [
  'name',
  'version',
  'protocol_version',
  'known_command',
  'list_commands',
  'boardsize',
  'clear_board',
  'play',
  'genmove',
  'undo',
  'showboard',
  'final_score',
  'all_legal_moves',
  'hexbatch-game',
  'hexbatch-swap',
  'hexbatch-playouts',
  'hexbatch-time',
  'hexbatch-seed',
  'hexbatch-settings',
  'hexbatch-backend',
  'hexbatch-rave',
  'hexbatch-selection',
  'hexgui-analyze_commands',
  'hexbatch-win-rates',
  'hexbatch-visits',
];
const ARGS = [
  'b',
  'w',
  'black',
  'white',
  'red',
  'a1',
  'c3',
  'e5',
  'k11',
  'z99',
  'aa1',
  'swap-pieces',
  'resign',
  'pass',
  '0',
  '1',
  '3',
  '5',
  '7',
  '32',
  '-1',
  '1e9',
  'hex',
  'y',
  'on',
  'off',
  'cpu',
  'auto',
  '',
  'é',
  '\t',
];

function randomLine(rng: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T;
  const roll = rng();
  if (roll < 0.1) {
    // Noise: printable and odd characters, never '#' or a newline, at least one visible.
    let s = 'x';
    for (let i = Math.floor(rng() * 30); i > 0; i--) {
      const code = Math.floor(rng() * 0x3000);
      if (code !== 0x23 && code !== 0x0a && code !== 0x0d && (code < 0xd800 || code > 0xdfff))
        s += String.fromCharCode(code);
    }
    return s;
  }
  const words: string[] = [];
  if (rng() < 0.3) words.push(String(Math.floor(rng() * 1000)));
  words.push(pick(WORDS));
  for (let i = Math.floor(rng() * 3); i > 0; i--) words.push(pick(ARGS));
  return words.join(' ');
}

test('10,000 random lines: exactly one reply each, with the id', async () => {
  const cpu = await createCpuEvaluator();
  // Tiny budgets keep genmove cheap.
  const engine = new HtpEngine(async () => cpu, '0.0.0', { playouts: 8 });
  const rng = lcgRandom(2024);
  const lines: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    let line = randomLine(rng);
    // Keep each genmove small: settings change only to small budgets; no quit.
    line = line
      .replace(/hexbatch-playouts \S+/, 'hexbatch-playouts 8')
      .replace(/hexbatch-time \S+/, 'hexbatch-time 0')
      .replace(/boardsize \d+/, 'boardsize 5');
    lines.push(line);
  }
  const out: string[] = [];
  async function* feed() {
    yield* lines;
  }
  await runHtpSession(engine, feed(), (text) => {
    out.push(text);
  });
  expect(out).toHaveLength(lines.length);
  out.forEach((reply, i) => {
    const id = /^(\d+)\s/.exec((lines[i] as string).trim())?.[1] ?? '';
    // Always a space after the id, even before nothing: HexGui reads "= " and "? " only.
    const head = new RegExp(`^[=?]${id} `);
    expect(reply, lines[i]).toMatch(head);
    expect(reply.endsWith('\n\n'), lines[i]).toBe(true);
    expect(reply.slice(0, -2), lines[i]).not.toContain('\n\n');
  });
  // The fuzz reached both kinds of reply, and real moves.
  expect(out.filter((r) => r.startsWith('=')).length).toBeGreaterThan(1000);
  expect(out.filter((r) => r.startsWith('?')).length).toBeGreaterThan(1000);
}, 60_000);
