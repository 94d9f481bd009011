// Timed searches of mid-game positions, as the engine makes them in a match:
// each position of recorded Hex games (SGF, without a swap) after the given
// move numbers is searched once with each variant of the search's settings
// in turn, on one evaluator (a worker and this thread, as `--threads 2`), so
// that a busy machine slows each variant alike. Reports each variant's wall
// time a move (mean, median, longest: a move that runs past its time shows
// there), leaves a move, and how often each variant chose the first one's
// move, through the built package (dist/, or --dist).
//
//   npm run build && node bench/mid-game-moves.mjs --games bench/games/hex11-self-play [--time-ms 200]
//     [--after 16,30,44,58] [--positions 60] [--variants '[{"hSearchLag":0},{"hSearchLag":64}]']
// A variant's timeMs, if any, is its own time a move.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = process.argv[at + 1];
  if (value === undefined) throw new Error(`${name} needs a value`);
  return value;
}

const games = option('--games', null);
if (games === null) {
  console.error(
    'usage: node bench/mid-game-moves.mjs --games DIR [--time-ms N] [--after N,…] [--positions N] [--variants JSON] [--dist DIR]',
  );
  process.exit(2);
}
const dist = resolve(option('--dist', 'dist'));
const timeMs = Number(option('--time-ms', '200'));
const after = option('--after', '16,30,44,58').split(',').map(Number);
const wanted = Number(option('--positions', '60'));
const variants = JSON.parse(option('--variants', '[{"hSearchLag":0},{"hSearchLag":64}]'));
const { Mcts, Position, createCpuEvaluator, defaultSettings, parseSgf } = await import(
  pathToFileURL(join(dist, 'index.js')).href
);

const positions = [];
for (const file of readdirSync(games)
  .filter((f) => f.endsWith('.sgf'))
  .sort()) {
  const text = readFileSync(join(games, file), 'utf8');
  if (/swap/i.test(text)) continue; // the swap's colours need the HexGui view; these games are enough
  const game = parseSgf(text);
  for (const n of after) {
    if (game.moves.length <= n + 2 || positions.length >= wanted) continue;
    const position = new Position(game.geometry, { swap: false });
    for (const m of game.moves.slice(0, n)) position.play(m.move);
    if (!position.isOver()) positions.push({ label: `${file}@${n}`, position });
  }
  if (positions.length >= wanted) break;
}
if (positions.length === 0) throw new Error(`no position found in ${games}`);

const cpu = createCpuEvaluator(undefined, { workers: 1, callerPlays: true });
const runs = variants.map(() => []);
// One search first, not counted, so that the first measured one does not pay for compiling the code.
await new Mcts(cpu, defaultSettings('cpu', 1)).search(positions[0].position, { timeMs });
for (const [i, { position }] of positions.entries()) {
  for (const [v, variant] of variants.entries()) {
    // A variant may carry its own time a move (timeMs); the rest are search settings.
    const { timeMs: ownMs = timeMs, ...own } = variant;
    const settings = { ...defaultSettings('cpu', 7 + i), ...own };
    const search = new Mcts(cpu, settings);
    const start = performance.now();
    const result = await search.search(position, { timeMs: ownMs });
    runs[v].push({
      wallMs: performance.now() - start,
      leaves: result.playouts / settings.playoutsPerLeaf,
      move: result.move,
    });
  }
  process.stderr.write(`\r${i + 1} of ${positions.length} positions`);
}
process.stderr.write('\n');
cpu.destroy();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`${positions.length} positions of ${games} after moves ${after.join(', ')}; ${timeMs} ms a move`);
for (const [v, variant] of variants.entries()) {
  const wall = runs[v].map((r) => r.wallMs);
  const leaves = runs[v].map((r) => r.leaves);
  const mean = wall.reduce((a, b) => a + b, 0) / wall.length;
  const same = runs[v].filter((r, i) => r.move === runs[0][i].move).length;
  console.log(
    `${JSON.stringify(variant)}: wall ms a move mean ${mean.toFixed(0)}, median ${median(wall).toFixed(0)}, longest ${Math.max(...wall).toFixed(0)}; leaves a move median ${median(leaves)}, mean ${(leaves.reduce((a, b) => a + b, 0) / leaves.length).toFixed(0)}; the first variant's move in ${same} of ${wall.length}`,
  );
}
