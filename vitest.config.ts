import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Rebuilds dist/ when any source is newer, so `vitest run FILE` never tests an old bundle.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: keep parallelism modest so process-spawning e2e tests are not starved.
    maxWorkers: 2,
  },
});
