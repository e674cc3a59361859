import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { adminUrl, newRunPrefix, withAdmin } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgliteSeededSnapshot: string;
    postgresTemplate: string;
    postgresSeededTemplate: string;
    postgresRunPrefix: string;
  }
}

/**
 * Migrate once, then every test file gets its own copy: a PGlite data-dir snapshot, or on
 * Postgres (TEST_DATABASE_URL) a database cloned from a migrated template. Each comes twice,
 * as migrated and as seeded, so the files that start from the seed do not each pay for it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const prefix = newRunPrefix();
    const templateDb = `${prefix}_template`;
    await withAdmin(url, (c) => c.query(`create database ${templateDb}`));
    const template = await openDatabase({ kind: 'postgres', url: adminUrl(url, templateDb) });
    await template.close();
    const seededDb = `${prefix}_seeded`;
    await withAdmin(url, (c) => c.query(`create database ${seededDb} template ${templateDb}`));
    const seeded = await openDatabase({ kind: 'postgres', url: adminUrl(url, seededDb) });
    await seedDatabase(seeded.db);
    await seeded.close();
    project.provide('postgresTemplate', templateDb);
    project.provide('postgresSeededTemplate', seededDb);
    project.provide('postgresRunPrefix', prefix);
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteSeededSnapshot', '');
    return async () => {
      await withAdmin(url, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where starts_with(datname, $1)',
          [prefix],
        );
        for (const { datname } of rows) {
          await c.query(`drop database if exists ${datname} with (force)`);
        }
      });
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-test-'));
  const client = await PGlite.create();
  const database = await openDatabase({ kind: 'pglite-instance', client });
  // No test makes a database on PGlite: the snapshots leave out the two templates, a third of
  // what each file would load.
  for (const template of ['template0', 'template1']) {
    await client.exec(`alter database ${template} is_template false`);
    await client.exec(`drop database ${template}`);
  }
  const snapshot = async (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  project.provide('pgliteSnapshot', await snapshot('migrated.tar'));
  await seedDatabase(database.db);
  project.provide('pgliteSeededSnapshot', await snapshot('seeded.tar'));
  await database.close();
  project.provide('postgresTemplate', '');
  project.provide('postgresSeededTemplate', '');
  project.provide('postgresRunPrefix', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
