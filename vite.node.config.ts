// Builds the command-line tool into one ESM file for Node, with the WGSL
// shaders inlined, so `npx hexbatch` and the GPU machine need no TS tooling.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    ssr: 'src/cli/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      output: { entryFileNames: 'cli.js', format: 'es' },
    },
  },
  ssr: { noExternal: [] },
  logLevel: 'warn',
});
