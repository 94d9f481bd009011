// A scripted HTP engine for the referee's tests. It keeps the stones it is
// told of and, by default, answers genmove with the first empty cell (a1,
// b1, … row by row). Options change the Nth genmove's answer (counted from 1
// over the engine's whole life): --illegal-at N names an occupied cell,
// --refuse-at N replies `?`, --crash-at N exits, --hang-at N never replies,
// --resign-at N resigns, --swap-at N plays swap-pieces, --garbage-at N
// replies "zz99". --think-ms N waits N ms before each genmove's answer.
// --log FILE appends every command received. --knows-seed
// answers `known_command hexbatch-seed` with true and takes `hexbatch-seed N`,
// as our own engine does; without it both get `?`, as other engines answer.
import { appendFileSync } from 'node:fs';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? null : Number(args[i + 1]);
};
const logFile = args.includes('--log') ? args[args.indexOf('--log') + 1] : null;
if (args.includes('--fail-start')) {
  process.stderr.write('fake: cannot start\n');
  process.exit(3);
}

let size = 11;
let taken = new Set();
let genmoves = 0;
const columns = 'abcdefghijklmnopqrstuvwxyz';
const cellName = (i) => `${columns[i % size]}${Math.floor(i / size) + 1}`;

function reply(text) {
  process.stdout.write(`= ${text}\n\n`);
}

for await (const line of createInterface({ input: process.stdin })) {
  if (logFile) appendFileSync(logFile, `${line}\n`);
  const [command, ...rest] = line.trim().split(/\s+/);
  if (command === 'quit') {
    reply('');
    break;
  }
  if (command === 'boardsize') {
    size = Number(rest[0]);
    taken = new Set();
    reply('');
  } else if (command === 'clear_board') {
    taken = new Set();
    reply('');
  } else if (command === 'play') {
    if (rest[1] !== 'swap-pieces') taken.add(rest[1]);
    reply('');
  } else if (command === 'genmove') {
    genmoves++;
    const think = option('--think-ms');
    if (think !== null) await sleep(think);
    if (option('--crash-at') === genmoves) process.exit(1);
    if (option('--hang-at') === genmoves) continue;
    if (option('--refuse-at') === genmoves) {
      process.stdout.write('? not today\n\n');
      continue;
    }
    if (option('--resign-at') === genmoves) reply('resign');
    else if (option('--swap-at') === genmoves) reply('swap-pieces');
    else if (option('--garbage-at') === genmoves) reply('zz99');
    else if (option('--illegal-at') === genmoves) reply([...taken][0] ?? 'a1');
    else {
      let i = 0;
      while (taken.has(cellName(i))) i++;
      taken.add(cellName(i));
      reply(cellName(i));
    }
  } else if (command === 'name') reply('fake');
  else if (args.includes('--knows-seed') && command === 'known_command') reply(String(rest[0] === 'hexbatch-seed'));
  else if (args.includes('--knows-seed') && command === 'hexbatch-seed') reply('');
  else process.stdout.write(`? unknown command: ${command}\n\n`);
}
