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

/** Exits with the command's code, or prints its error and exits 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    // Once stdout has drained: exiting at once cuts the tail of a long report sent to a pipe.
    (code) => process.stdout.write('', () => process.exit(code)),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
