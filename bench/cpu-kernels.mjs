// The CPU backend's two kernels, JavaScript and WebAssembly SIMD, timed in
// the same run through the built package (dist/, as an npm user gets it):
// whole playouts from the empty board, ns a playout, on this thread alone
// ("1 core") and on one worker a core ("all cores"). The calls of each case
// alternate between the kernels, so that a busy machine slows both alike;
// each figure is the median call after warm-up calls, with the fastest and
// slowest beside it. Search-sized calls are also timed as the search makes
// them: cores − 1 workers and this thread playing too (callerPlays), two
// calls in flight; there a figure is the median of blocks of calls, each
// block's wall time over its playouts.
//
//   npm run build && node bench/cpu-kernels.mjs [--quick] [--cases hex11,...]
import { availableParallelism, cpus, loadavg } from 'node:os';
import { createCpuEvaluator, emptyPositions, FillKind, GameKind } from '../dist/index.js';

const quick = process.argv.includes('--quick');
const casesArg = process.argv.find((a) => a.startsWith('--cases='))?.slice('--cases='.length);

/** A long call, a search-sized call (16 positions × 256 playouts) and a call of 400,000. */
const LONG = quick ? 1 << 19 : 1 << 21;
const CASES = [
  {
    name: 'hex11',
    game: GameKind.Hex,
    size: 11,
    fill: FillKind.Exact,
    calls: [
      [1, LONG],
      [16, 256],
      [1, 400_000],
    ],
  },
  { name: 'hex11-coin', game: GameKind.Hex, size: 11, fill: FillKind.Coin, calls: [[1, LONG]] },
  { name: 'y11', game: GameKind.Y, size: 11, fill: FillKind.Exact, calls: [[1, LONG]] },
  { name: 'hex19', game: GameKind.Hex, size: 19, fill: FillKind.Exact, calls: [[1, LONG / 4]] },
].filter((c) => !casesArg || casesArg.split(',').includes(c.name));

/** Timed units (calls, or blocks of calls) of each kernel: enough that a case takes a few seconds at least. */
function callsFor(playouts) {
  const base = quick ? 3 : 9;
  return playouts >= 100_000 ? base : Math.ceil((quick ? 200_000 : 2_000_000) / playouts);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Calls a timed unit holds: one, or for the search's way a block of calls, `inFlight` at a time. */
const SEARCH_BLOCK = 64;

async function timeUnit(evaluator, positions, playouts, fill, seed, inFlight) {
  const start = performance.now();
  if (inFlight === 1) await evaluator.evaluate(positions, { playouts, fill, seed });
  else {
    let next = 0;
    const lane = async () => {
      while (next < SEARCH_BLOCK)
        await evaluator.evaluate(positions, { playouts, fill, seed: seed * SEARCH_BLOCK + next++ });
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
  }
  return performance.now() - start;
}

async function measure(c, positionsCount, playouts, settings) {
  const { workers, callerPlays = false, inFlight = 1 } = settings;
  const positions = emptyPositions(c.game, c.size, positionsCount);
  const make = (kernel) => createCpuEvaluator(undefined, { workers, callerPlays, kernel });
  const evaluators = { js: make('js'), 'wasm-simd': make('wasm-simd') };
  const times = { js: [], 'wasm-simd': [] };
  // On this thread alone, the process's CPU time too: on a busy machine it counts what the call ran, not what it waited.
  const cpuTimes = { js: [], 'wasm-simd': [] };
  const unitPlayouts = positionsCount * playouts * (inFlight === 1 ? 1 : SEARCH_BLOCK);
  const calls = callsFor(unitPlayouts);
  const warmup = Math.max(2, Math.ceil(calls / 5));
  try {
    for (let k = 0; k < warmup + calls; k++) {
      for (const [name, evaluator] of Object.entries(evaluators)) {
        const cpuBefore = process.cpuUsage();
        const ms = await timeUnit(evaluator, positions, playouts, c.fill, k, inFlight);
        const cpu = process.cpuUsage(cpuBefore);
        if (k >= warmup) {
          times[name].push(ms);
          cpuTimes[name].push((cpu.user + cpu.system) / 1000);
        }
      }
    }
  } finally {
    for (const evaluator of Object.values(evaluators)) evaluator.destroy();
  }
  const ns = (ms) => (ms * 1e6) / unitPlayouts;
  return Object.fromEntries(
    Object.entries(times).map(([name, t]) => [
      name,
      {
        median: ns(median(t)),
        fastest: ns(Math.min(...t)),
        slowest: ns(Math.max(...t)),
        cpu: ns(median(cpuTimes[name])),
        calls: t.length,
      },
    ]),
  );
}

const cores = availableParallelism();
console.log(`# CPU kernels, ${new Date().toISOString()}`);
console.log(
  `# ${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, Node ${process.versions.node}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  'case           call           threads    js ns/playout (fastest–slowest)   wasm-simd ns/playout (fastest–slowest)   js / wasm   1 core, CPU time: js, wasm-simd, js / wasm',
);
for (const c of CASES) {
  for (const [positionsCount, playouts] of c.calls) {
    const ways = [
      ['1 core', { workers: 0 }],
      [`${cores} cores`, { workers: 'cores' }],
    ];
    if (positionsCount > 1) ways.push([`search way`, { workers: cores - 1, callerPlays: true, inFlight: 2 }]);
    for (const [label, settings] of ways) {
      const r = await measure(c, positionsCount, playouts, settings);
      const fmt = (m) => `${m.median.toFixed(1)} (${m.fastest.toFixed(1)}–${m.slowest.toFixed(1)})`;
      const call = positionsCount === 1 ? `${playouts}` : `${positionsCount}×${playouts}`;
      const cpu =
        settings.workers === 0
          ? `${r.js.cpu.toFixed(1)}, ${r['wasm-simd'].cpu.toFixed(1)}, ${(r.js.cpu / r['wasm-simd'].cpu).toFixed(2)}×`
          : '';
      console.log(
        `${c.name.padEnd(14)} ${call.padEnd(14)} ${label.padEnd(10)} ${fmt(r.js).padEnd(33)} ${fmt(r['wasm-simd']).padEnd(40)} ${`${(r.js.median / r['wasm-simd'].median).toFixed(2)}×`.padEnd(11)} ${cpu}`,
      );
    }
  }
}
console.log(
  `# load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
