/**
 * The demo page, built by Vite into a temporary folder and served by Vite's
 * preview server on a free loopback port: what the report drives is the
 * same built page a person would be served.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

const DEMO_CONFIG = 'vite.demo.config.ts';

/** The repository holding the demo: found upward from this file, which runs as source (src/report/) or bundled (dist/). */
export function repositoryRoot(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, DEMO_CONFIG))) return dir;
    if (dirname(dir) === dir)
      throw new Error(`the demo page's ${DEMO_CONFIG} was not found above ${from}: run this from a hexbatch checkout`);
  }
}

export async function servePage(): Promise<PageServer> {
  const root = repositoryRoot();
  const configFile = join(root, DEMO_CONFIG);
  const outDir = await mkdtemp(join(tmpdir(), 'hexbatch-page-'));
  // Vite is a development dependency: the page report runs from a checkout.
  const vite = await import('vite');
  await vite.build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await vite.preview({
    configFile,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address() as AddressInfo | null;
  if (!address) throw new Error('the page server is not listening');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
