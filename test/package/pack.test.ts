/**
 * The library as a user installs it: `npm pack`, unpacked into an empty
 * project as node_modules/hexbatch, its dependencies taken from this
 * repository's node_modules (so the test needs no registry). Plain Node
 * then imports 'hexbatch' and evaluates on the CPU and on WebGPU (Dawn),
 * TypeScript type-checks against its declarations, Vite bundles it for the
 * browser, and every `js` example of the README and docs/library.md runs
 * as written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const project = mkdtempSync(join(tmpdir(), 'hexbatch-user-'));
let tarball = '';
afterAll(() => rmSync(project, { recursive: true, force: true }));

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

function node(script: string, file: string) {
  writeFileSync(join(project, file), script);
  return spawnSync(process.execPath, [file], { cwd: project, encoding: 'utf8', timeout: 120_000 });
}

/** A Markdown file's ```js blocks. */
function jsExamples(readme: string): string[] {
  return [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

describe('the packed library in an empty project', () => {
  beforeAll(() => {
    ensureBuilt();
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { filename: string }[];
    tarball = join(project, packed[0]?.filename ?? '');
    const target = join(project, 'node_modules', 'hexbatch');
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
    // What npm would install beside it (the WebGPU types among them), taken from here.
    for (const dep of Object.keys(pkg.dependencies)) {
      const link = join(project, 'node_modules', dep);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', dep), link, 'dir');
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
  }, 180_000);

  it('holds the built ESM, the declarations and no TypeScript or WGSL sources', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/types/index.d.ts');
    expect(files.filter((f) => f.endsWith('.wgsl') || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
  });

  it('runs no script of its own when installed', () => {
    // npm lists prepare among the install scripts that a user must approve.
    const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'hexbatch', 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    const scripts = Object.keys(installed.scripts ?? {});
    expect(scripts.filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual([]);
  });

  it("imports { createEvaluator } from 'hexbatch' in plain Node, and the CPU and WebGPU agree playout for playout", () => {
    const result = node(
      `import { createEvaluator, Position, GameKind, FillKind, parseCell } from 'hexbatch';
const p = Position.empty(GameKind.Hex, 7);
p.play(parseCell(p.geometry, 'd4'));
const positions = [{ geometry: p.geometry, cells: p.cells(), toMove: p.toMove }];
const request = { playouts: 4096, seed: 5, fill: FillKind.Exact };
const out = {};
for (const backend of ['cpu', 'webgpu']) {
  const evaluator = await createEvaluator({ backend, notice: () => {} });
  const { results, stats } = await evaluator.evaluate(positions, { ...request, kernel: 'bitsliced' });
  out[backend] = { black: results[0].blackWins, white: results[0].whiteWins, backend: stats.backend };
  evaluator.destroy();
}
console.log(JSON.stringify(out));
`,
      'both.mjs',
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const out = JSON.parse(result.stdout) as Record<string, { black: number; white: number; backend: string }>;
    expect(out['cpu']?.backend).toBe('cpu');
    expect(out['webgpu']?.backend).toBe('webgpu');
    expect(out['cpu']?.black).toBe(out['webgpu']?.black);
    expect((out['cpu']?.black ?? 0) + (out['cpu']?.white ?? 0)).toBe(4096);
    // Black holds the centre and white is to move: black wins most.
    expect(out['cpu']?.black).toBeGreaterThan(2048);
  }, 120_000);

  it('ships the move prior: movePrior of a Hex 11 position in plain Node, from the table in the bundle', () => {
    const result = node(
      `import { GameKind, Position, movePrior, parseCell } from 'hexbatch';
const p = Position.empty(GameKind.Hex, 11, { swap: false });
const f6 = parseCell(p.geometry, 'f6');
p.play(f6);
const prior = movePrior(p, f6);
console.log(JSON.stringify({ cells: prior.length, sum: prior.reduce((a, b) => a + b, 0), onStone: prior[f6], top: Math.max(...prior) }));
`,
      'prior.mjs',
    );
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout) as { cells: number; sum: number; onStone: number; top: number };
    expect(out.cells).toBe(121);
    expect(out.sum).toBeCloseTo(1, 4);
    expect(out.onStone).toBe(0);
    // Not uniform: the fitted table prefers some answers.
    expect(out.top).toBeGreaterThan(2 / 120);
  });

  it('type-checks a TypeScript user of the package against its declarations, with no types of their own to add', () => {
    writeFileSync(
      join(project, 'user.ts'),
      `import { Color, createEvaluator, type Evaluator, type PositionResult, GameKind, geometryOf } from 'hexbatch';
const evaluator: Evaluator = await createEvaluator({ backend: 'cpu' });
const g = geometryOf(GameKind.Y, 5);
const r: PositionResult | undefined = (await evaluator.evaluate([{ geometry: g, cells: new Uint8Array(g.cellCount), toMove: Color.Black }], { playouts: 8 })).results[0];
// @ts-expect-error: not a kernel
await evaluator.evaluate([], { playouts: 1, kernel: 'bitsliced-ballot' });
export const rate: number = r?.winRate ?? 0;
`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--skipLibCheck',
      'false',
      'user.ts',
    ];
    const result = spawnSync(process.execPath, [tsc, ...args], { cwd: project, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);

  it('bundles for the browser with Vite, shaders and all', async () => {
    writeFileSync(
      join(project, 'page.js'),
      "import { createEvaluator } from 'hexbatch';\nglobalThis.hexbatch = createEvaluator;\n",
    );
    const { build } = await import('vite');
    const outDir = join(project, 'bundle');
    await build({
      root: project,
      logLevel: 'silent',
      configFile: false,
      build: { outDir, minify: false, rollupOptions: { input: join(project, 'page.js') } },
    });
    const code = readdirSync(join(outDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(outDir, 'assets', f), 'utf8'))
      .join('\n');
    // The WGSL travels inside the bundle; no module of Node's is imported
    // (the CPU worker pool's chunk, which mentions them, loads only in Node).
    expect(code).toContain('@compute');
    expect(code).not.toMatch(/^import[^\n]*from ["']node:/m);
  }, 120_000);

  const examples = ['README.md', 'docs/library.md'].flatMap((file) =>
    jsExamples(readFileSync(join(ROOT, file), 'utf8')).map((code, i) => ({ file, n: i + 1, code })),
  );

  it('finds the examples of the README and docs/library.md', () => {
    for (const file of ['README.md', 'docs/library.md'])
      expect(examples.filter((e) => e.file === file).length).toBeGreaterThan(0);
    for (const e of examples) expect(e.code).toContain("from 'hexbatch'");
  });

  examples.forEach(({ file, n, code }) => {
    it(`runs ${file}'s example ${n} as written`, () => {
      const result = node(code, `example-${file.replace(/\W/g, '-')}-${n}.mjs`);
      expect(result.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('hexbatch: '))).toEqual([]);
      expect(result.status).toBe(0);
      expect(result.stdout).not.toBe('');
    }, 120_000);
  });
});
