import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.ts';
import { adminUrl, newRunPrefix, withAdmin } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
    postgresRunPrefix: string;
  }
}

/**
 * Migrate once, then every test file gets its own copy: a PGlite data-dir snapshot, or on
 * Postgres (TEST_DATABASE_URL) a database cloned from a migrated template.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const prefix = newRunPrefix();
    const templateDb = `${prefix}_template`;
    await withAdmin(url, (c) => c.query(`create database ${templateDb}`));
    const template = await openDatabase({ kind: 'postgres', url: adminUrl(url, templateDb) });
    await template.close();
    project.provide('postgresTemplate', templateDb);
    project.provide('postgresRunPrefix', prefix);
    project.provide('pgliteSnapshot', '');
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
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  project.provide('postgresRunPrefix', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
