import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Each test file runs in a process of its own, as does each command-line script a test spawns:
// Node keeps the packages' compiled code for the next one instead of compiling them again.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'streetscope-compile-cache');

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
    // What the Postgres pass (`npm run test:db`) runs again: the proofs that rest on a Postgres
    // server itself. Everything else runs the same SQL on PGlite's Postgres in the first pass.
    tags: [
      {
        name: 'concurrency',
        description:
          'Simultaneous requests racing on a once-only rule: PGlite serialises them, so only a Postgres server proves it.',
      },
      {
        name: 'migrations',
        description:
          "Migrations on an empty database: the server's Postgres version may differ from PGlite's.",
      },
    ],
  },
});
