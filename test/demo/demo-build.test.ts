/**
 * The pages as `npm run demo:build` builds them and `npm run demo:preview`
 * serves them: a build with no warnings (no Node module in the browser graph
 * for Vite to externalize, the CPU worker pool's least of all), and both
 * pages served from the built folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.js';

const outDir = mkdtempSync(join(tmpdir(), 'hexbatch-demo-'));
let buildOutput = '';

/** The environment a user's shell gives: Vite is quieter under vitest's NODE_ENV and VITEST variables. */
const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
);

beforeAll(() => {
  const built = spawnSync('npm', ['run', '--silent', 'demo:build', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    env: userEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  buildOutput = `${built.stdout}${built.stderr}`;
  expect(built.status, buildOutput).toBe(0);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once `child` has printed `text` on standard output. */
function printed(child: ChildProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(text)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the preview server exited (${code}) before saying ${text}: ${seen}`)));
  });
}

describe('the built pages', () => {
  it('build without a warning, and with no Node module imported', () => {
    expect(buildOutput).toContain('built in');
    expect(buildOutput).not.toMatch(/externalized|warning|\[plugin/i);
    const assets = join(outDir, 'assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'));
    expect(code.length).toBeGreaterThan(0);
    for (const text of code) expect(text).not.toMatch(/(^|[;\s])import[^;]*["']node:/m);
  });

  it('are served by npm run demo:preview, both pages', async () => {
    const port = await freePort();
    const child = spawn(
      'npm',
      ['run', '--silent', 'demo:preview', '--', '--outDir', outDir, '--port', String(port), '--strictPort'],
      {
        cwd: ROOT,
        env: userEnv,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await printed(child, `${port}`);
      for (const page of ['/', '/play.html']) {
        const response = await fetch(`http://127.0.0.1:${port}${page}`);
        expect({ page, status: response.status }).toEqual({ page, status: 200 });
        expect(await response.text()).toMatch(/<title>[^<]*hexbatch/i);
      }
    } finally {
      if (child.pid !== undefined) process.kill(-child.pid);
    }
  }, 60_000);
});
