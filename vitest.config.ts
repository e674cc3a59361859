import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts'],
    pool: 'forks',
    // Every file has a database of its own, so files run side by side on every core: Vitest's
    // default (one fewer than the cores) runs them one at a time on a 2-core runner.
    maxWorkers: Math.min(4, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
