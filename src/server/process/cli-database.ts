import path from 'node:path';
import { loadConfig } from '../config/config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase, type Db } from '../db/client.ts';

/**
 * Runs an operator's command (`npm run import`, `import:walls`, `admin`) against the database
 * DATABASE_URL / DATA_DIR point at, and closes it. The embedded database allows one process:
 * stop the app first (the lock says so if not).
 */
export async function withCommandDatabase<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    return await run(database.db);
  } finally {
    await database.close();
    unlock();
  }
}

/** The command's exit code: its own, or 1 once its error is printed. */
export async function commandExitCode(main: () => Promise<number>): Promise<number> {
  try {
    return await main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
}

/** Exits with the command's code, or prints its error and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  void commandExitCode(main).then(
    // Once stdout has drained: exiting at once cuts the tail of a long report sent to a pipe.
    (code) => process.stdout.write('', () => process.exit(code)),
  );
}
