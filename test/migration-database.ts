import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { MIGRATIONS_DIR, endPool, type Db } from '../src/server/db/client.ts';
import { adminUrl, freshDatabaseName, withAdmin } from './test-database.ts';

/** What the migration tests share: a database with old rows, migrated over them. */

interface MigrationTarget {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty PGlite database, or a fresh one on Postgres with TEST_DATABASE_URL. */
async function emptyDatabase(): Promise<MigrationTarget> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await PGlite.create();
    const db = drizzlePglite({ client }) as unknown as Db;
    return {
      db,
      migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = freshDatabaseName(inject('postgresRunPrefix'));
  await withAdmin(url, (c) => c.query(`create database ${name}`));
  const pool = new pg.Pool({ connectionString: adminUrl(url, name), max: 2 });
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  return {
    db,
    migrate: (folder) => migrateNodePg(db as never, { migrationsFolder: folder }),
    close: async () => {
      await endPool(pool);
      await withAdmin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A copy of the migrations folder that stops just before the migration named `name` (its tag
 * without the number, which may change when migrations are renumbered). `remove` deletes it.
 */
function migrationsBefore(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.replace(/^\d+_/, '') === name);
  if (at <= 0) throw new Error(`no migration named ${name} after the first`);
  const tag = journal.entries[at]!.tag;
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return {
    dir,
    tag,
    /** The migration's own SQL statements, to run again. */
    statements: () =>
      readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8').split(
        '--> statement-breakpoint',
      ),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs SQL statements one at a time, as the migrator does. */
async function runStatements(db: Db, statements: string[]) {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/**
 * For a test file: an empty database migrated up to just before the migration `name`, given the
 * rows `seed` writes, then migrated to the end; closed and cleaned up after the file.
 */
export function migratedOverRows(name: string, seed: (db: Db) => Promise<void>) {
  let target: MigrationTarget;
  let before: ReturnType<typeof migrationsBefore>;
  beforeAll(async () => {
    target = await emptyDatabase();
    before = migrationsBefore(name);
    await target.migrate(before.dir);
    await seed(target.db);
    await target.migrate(MIGRATIONS_DIR);
  });
  afterAll(async () => {
    await target.close();
    before.remove();
  });
  return {
    db: () => target.db,
    /** Runs the migration's own statements again, from the `from`th on. */
    runAgain: (from = 0) => runStatements(target.db, before.statements().slice(from)),
  };
}
