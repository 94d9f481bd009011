// The demo page (demo/): its own root so that index.html sits at "/", while
// the library code it imports lives one level up in src/ and shaders/.
// vite.config.ts stays the vitest config for the whole repository.
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The CPU backend's worker pool and the search's knowledge thread run on
 * Node's worker threads and files, and the library loads them only in Node.
 * A page gets stand-ins without them (the CPU backend then plays on the
 * calling thread, and the search makes its deferred knowledge there, as it
 * would anyway), so no Node module enters the browser graph for Vite to
 * externalize.
 */
const NODE_ONLY: readonly { readonly name: RegExp; readonly file: RegExp; readonly standIn: string }[] = [
  {
    name: /(^|[\\/])pool(\.js)?$/,
    file: /[\\/]eval[\\/]cpu[\\/]pool\.ts$/,
    standIn: 'export function createWorkerPool() { return null; }\n',
  },
  {
    name: /(^|[\\/])knowledge-thread(\.js)?$/,
    file: /[\\/]search[\\/]knowledge[\\/]knowledge-thread\.ts$/,
    standIn: 'export function knowledgeThread() { return null; }\n',
  },
];

function noNodeThreadsInPages(): Plugin {
  const prefix = '\0hexbatch:node-only:';
  return {
    name: 'hexbatch:no-node-threads',
    enforce: 'pre',
    async resolveId(source, importer) {
      const index = NODE_ONLY.findIndex((m) => m.name.test(source));
      if (index < 0) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && (NODE_ONLY[index] as (typeof NODE_ONLY)[number]).file.test(resolved.id)
        ? prefix + index
        : null;
    },
    load(id) {
      return id.startsWith(prefix) ? (NODE_ONLY[Number(id.slice(prefix.length))]?.standIn ?? null) : null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('demo/', import.meta.url)),
  // Relative asset URLs, so the built page also works from a sub-path.
  base: './',
  plugins: [noNodeThreadsInPages()],
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
  worker: { format: 'es', plugins: () => [noNodeThreadsInPages()] },
});
