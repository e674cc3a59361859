import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/client.ts';

/** The Postgres server benches use: BENCH_POSTGRES_URL, without a database name. */
export const BENCH_POSTGRES =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:55502';

/**
 * A Postgres server for benches that start the app on it: `given` (a --postgres flag), else
 * TEST_DATABASE_URL's server, else BENCH_POSTGRES; without a database name.
 */
export const postgresServer = (given?: string) =>
  (given ?? process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, '') ?? BENCH_POSTGRES).replace(
    /\/$/,
    '',
  );

/** Makes the database `name` afresh on `server`, or with `drop` only removes it. */
export async function freshPostgresDatabase(server: string, name: string, drop = false) {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  if (!drop) await client.query(`create database ${name}`);
  await client.end();
  return `${server}/${name}`;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: `${BENCH_POSTGRES}/postgres` });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/**
 * A fresh, migrated database: PGlite in a temporary folder, or the Postgres database `name`
 * made afresh on BENCH_POSTGRES. `cleanUp` closes it and removes the folder or the database.
 */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  name: string,
): Promise<{ database: Database; cleanUp: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-bench-pglite-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    const cleanUp = async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { database, cleanUp };
  }
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: `${BENCH_POSTGRES}/${name}` });
  const cleanUp = async () => {
    await database.close();
    await admin(`drop database if exists ${name} with (force)`);
  };
  return { database, cleanUp };
}
