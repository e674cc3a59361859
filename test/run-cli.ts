import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { inject, vi } from 'vitest';
import { commandExitCode } from '../src/server/process/cli-database.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A command-line script (`npm run import`, `npm run admin`, …) run as an operator runs it, on
 * the embedded database in `dataDir` (never a DATABASE_URL the test run may have).
 */
export async function runCli(script: string, dataDir: string, args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', script, ...args],
      { cwd: ROOT, env },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The same command run in this process through its exported `main`, as `runCommand` runs it, with
 * `env` over this process's environment (and no DATABASE_URL unless `env` gives one), as the
 * spawned commands have it: for the cases about what the command does, not about its process
 * (each spawn pays a second of start-up). Output is collected as a pipe would collect it.
 */
export async function runMain(
  main: (args: string[]) => Promise<number>,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => void stdout.push(`${format(...parts)}\n`);
  console.error = (...parts: unknown[]) => void stderr.push(`${format(...parts)}\n`);
  vi.stubEnv('LOG_LEVEL', 'silent');
  vi.stubEnv('DATABASE_URL', undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  try {
    const code = await commandExitCode(() => main(args));
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    console.log = log;
    console.error = error;
    vi.unstubAllEnvs();
  }
}

/**
 * Gives `dataDir` its embedded database as the migrations leave it, from the run's snapshot, for
 * the files about what a command does rather than about making a database (a first start
 * migrates from nothing: seconds). A Postgres run makes no snapshot: the first open makes it.
 */
export async function useMigratedDataDir(dataDir: string): Promise<void> {
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) return;
  const client = await PGlite.create(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([readFileSync(snapshot)]),
  });
  await client.close();
}
