import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Rebuilds dist/ when any source is newer, so `vitest run FILE` never tests an old bundle.
    globalSetup: ['test/global-setup.ts'],
    // HOSTCTL_TEST_CPU_LOG=FILE records each test file's CPU (docs/testing.md, "Keeping the suite fast").
    setupFiles: process.env.HOSTCTL_TEST_CPU_LOG ? ['test/helpers/cpu-per-file.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker process runs file after file with the modules it has loaded: importing the core
    // afresh for each of ~130 files cost as much CPU as a third of the tests. Files share no
    // state through it (no module mocks; helpers restore what they swap, and each instance and
    // sandbox has its own directories).
    isolate: false,
    // Two cores: keep parallelism modest so process-spawning e2e tests are not starved.
    maxWorkers: 2,
  },
});
