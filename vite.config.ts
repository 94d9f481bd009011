import { configDefaults, defineConfig } from 'vitest/config';

// `npm start` (test/e2e/main-job.test.ts) rebuilds dist/, which other tests
// run and pack: it runs in a group of its own, after the rest.
const MAIN_JOB = 'test/e2e/main-job.test.ts';

export default defineConfig({
  root: '.',
  test: {
    testTimeout: 60_000,
    globalSetup: ['test/helpers/wasm-build.ts'],
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'hexbatch',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, MAIN_JOB],
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'main-job', include: [MAIN_JOB], sequence: { groupOrder: 1 } } },
    ],
  },
});
