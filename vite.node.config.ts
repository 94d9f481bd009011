// Builds the command-line tool into one ESM file for Node, with the WGSL
// shaders inlined, so `npx hexbatch` and the GPU machine need no TS tooling.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      // The benchmark worker is an entry of its own, beside cli.js, so that
      // each CPU measurement can run in a fresh isolate.
      input: { cli: 'src/cli/main.ts', 'cpu-bench-worker': 'src/bench/cpu-bench-worker.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
  ssr: { noExternal: [] },
  logLevel: 'warn',
});
