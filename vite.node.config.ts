// Builds the command-line tool into ESM files for Node, with the WGSL shaders
// inlined, so `npx hexbatch` needs no TS tooling. With HEXBATCH_GPU_PACK=1
// (bench/gpu-pack.sh) it bundles every dependency but Dawn into .gpu/, for a
// GPU machine that has no npm (../shared/GPU.md).
import { defineConfig } from 'vite';

const gpuPack = process.env['HEXBATCH_GPU_PACK'] === '1';

export default defineConfig({
  build: {
    ssr: true,
    outDir: gpuPack ? '.gpu' : 'dist',
    emptyOutDir: !gpuPack,
    target: 'node20',
    sourcemap: !gpuPack,
    rollupOptions: {
      // The benchmark worker is an entry of its own, beside cli.js, so that
      // each CPU measurement can run in a fresh isolate.
      input: { cli: 'src/cli/main.ts', 'cpu-bench-worker': 'src/bench/cpu-bench-worker.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
  ssr: gpuPack ? { noExternal: true, external: ['webgpu'] } : { noExternal: [] },
  logLevel: 'warn',
});
