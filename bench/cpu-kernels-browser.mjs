// The CPU backend's two kernels in headless Chromium (Debian's, through
// playwright-core), as the demo page's CPU fallback runs them: on the page's
// own thread, the library served from source by the demo's Vite server. Calls
// of 16,384 playouts (the suite's CPU row) and of 2²⁰, Hex 11, exact fill,
// alternating between the kernels; medians of the timed calls, ns a playout.
//
//   node bench/cpu-kernels-browser.mjs [--quick]
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const CALLS = [
  { playouts: 16_384, timed: quick ? 10 : 40 },
  { playouts: 1 << 20, timed: quick ? 3 : 9 },
];

const server = await createServer({
  configFile: `${ROOT}vite.demo.config.ts`,
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: 0, hmr: false, watch: null },
});
await server.listen();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless=new', '--no-sandbox'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.httpServer.address().port}/`);
  const rows = await page.evaluate(
    async ({ root, calls }) => {
      const lib = await import(`/@fs${root}src/index.ts`);
      const positions = lib.emptyPositions(lib.GameKind.Hex, 11, 1);
      const kernels = ['js', 'wasm-simd'];
      const evaluators = await Promise.all(kernels.map((k) => lib.createEvaluator({ backend: 'cpu', cpuKernel: k })));
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const out = [];
      for (const { playouts, timed } of calls) {
        const times = kernels.map(() => []);
        for (let k = 0; k < timed + 2; k++) {
          for (const [i, evaluator] of evaluators.entries()) {
            const start = performance.now();
            await evaluator.evaluate(positions, { playouts, seed: k });
            if (k >= 2) times[i].push(performance.now() - start);
          }
        }
        out.push({
          playouts,
          descriptions: evaluators.map((e) => e.description),
          ns: times.map((t) => (median(t) * 1e6) / playouts),
          fastest: times.map((t) => (Math.min(...t) * 1e6) / playouts),
        });
      }
      for (const e of evaluators) e.destroy();
      return { out, agent: globalThis.navigator.userAgent };
    },
    { root: ROOT, calls: CALLS },
  );
  console.log(
    `# CPU kernels in Chromium, ${new Date().toISOString()}, ${rows.agent.match(/Chrome\/[\d.]+/)?.[0] ?? rows.agent}, the page's thread`,
  );
  console.log('call        js ns/playout (fastest)   wasm-simd ns/playout (fastest)   js / wasm');
  for (const r of rows.out) {
    console.log(
      `${String(r.playouts).padEnd(11)} ${`${r.ns[0].toFixed(1)} (${r.fastest[0].toFixed(1)})`.padEnd(25)} ${`${r.ns[1].toFixed(1)} (${r.fastest[1].toFixed(1)})`.padEnd(32)} ${(r.ns[0] / r.ns[1]).toFixed(2)}×`,
    );
  }
  console.log(`# ${rows.out[0].descriptions.join(' | ')}`);
} finally {
  await browser.close();
  await server.close();
}
