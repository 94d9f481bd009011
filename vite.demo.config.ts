// The demo page (demo/): its own root so that index.html sits at "/", while
// the library code it imports lives one level up in src/ and shaders/.
// vite.config.ts stays the vitest config for the whole repository.
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The CPU backend's worker pool runs on Node's worker threads and files, and
 * cpu/backend.ts loads it only in Node. A page gets a stand-in without a pool
 * (the CPU backend then plays on the calling thread, as it would anyway), so
 * no Node module enters the browser graph for Vite to externalize.
 */
function noWorkerPoolInPages(): Plugin {
  const standIn = '\0hexbatch:no-worker-pool';
  return {
    name: 'hexbatch:no-worker-pool',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!/(^|[\\/])pool(\.js)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && /[\\/]eval[\\/]cpu[\\/]pool\.ts$/.test(resolved.id) ? standIn : null;
    },
    load(id) {
      return id === standIn ? 'export function createWorkerPool() { return null; }\n' : null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('demo/', import.meta.url)),
  // Relative asset URLs, so the built page also works from a sub-path.
  base: './',
  plugins: [noWorkerPoolInPages()],
  server: {
    host: '127.0.0.1',
    // The page imports ../src and ../shaders, outside its root.
    fs: { allow: [repoRoot] },
  },
  // Pre-bundled at start-up: a dependency discovered on first load would make
  // Vite reload the page in the middle of an end-to-end test.
  optimizeDeps: { include: ['uplot'] },
  // Apart from the cache of vitest's own Vite, which runs at the same time.
  cacheDir: fileURLToPath(new URL('node_modules/.vite-demo/', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Two pages: the benchmarks (index.html) and play against the engine (play.html).
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('demo/index.html', import.meta.url)),
        play: fileURLToPath(new URL('demo/play.html', import.meta.url)),
      },
    },
  },
  // The play page's search worker is a module: the library it bundles loads
  // some of its parts on demand, which a classic (iife) worker cannot.
  worker: { format: 'es', plugins: () => [noWorkerPoolInPages()] },
});
