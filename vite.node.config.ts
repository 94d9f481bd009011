// Builds hexbatch for Node and for bundlers into ESM files in dist/, with the
// WGSL shaders inlined (they are `?raw` imports in the source), so neither
// the command-line tool nor the library needs TS tooling or the shaders/
// folder: dist/index.js is the library (package.json "exports"), dist/cli.js
// the `hexbatch` command. With HEXBATCH_GPU_PACK=1 (bench/gpu-pack.sh) it
// bundles every dependency but Dawn into .gpu/, for a GPU machine that has
// no npm.
import { defineConfig } from 'vite';

const gpuPack = process.env['HEXBATCH_GPU_PACK'] === '1';

export default defineConfig({
  build: {
    ssr: true,
    outDir: gpuPack ? '.gpu' : 'dist',
    // Not emptied: the type declarations (tsconfig.build.json) live in dist/types/,
    // and tests may be running the CLI from dist/ while it is rebuilt. Chunk
    // names carry no hash, so a rebuild overwrites rather than piles up.
    emptyOutDir: false,
    target: 'node20',
    sourcemap: !gpuPack,
    rollupOptions: {
      // The workers are entries of their own, beside cli.js: the benchmark's,
      // so that each CPU measurement can run in a fresh isolate, and the CPU
      // backend's (src/eval/cpu/pool.ts finds it there), and the tree's
      // knowledge thread's (src/search/knowledge/knowledge-thread.ts).
      input: {
        ...(gpuPack ? {} : { index: 'src/index.ts' }),
        cli: 'src/cli/main.ts',
        'cpu-bench-worker': 'src/bench/cpu-bench-worker.ts',
        'cpu-worker': 'src/eval/cpu/worker.ts',
        'knowledge-worker': 'src/search/knowledge/knowledge-worker.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name].js', format: 'es' },
      // The library's exports must survive even where cli.js shares its modules.
      preserveEntrySignatures: 'strict',
    },
  },
  // The pack leaves out Dawn (copied beside it), what only `chrome-bench`
  // loads (Vite, playwright-core), and what only the queue's commands load
  // (BullMQ, ioredis): those commands need a checkout anyway.
  ssr: gpuPack
    ? { noExternal: true, external: ['webgpu', 'vite', 'playwright-core', 'bullmq', 'ioredis'] }
    : { noExternal: [] },
  logLevel: 'warn',
});
