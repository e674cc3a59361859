import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../process/data-dir-lock.ts';
import { createObjectStore } from '../storage/index.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import {
  BackupError,
  OBJECTS_DIR,
  isEmptyDir,
  readManifest,
  type Manifest,
} from './backup-files.ts';
import { runTool } from './backup.ts';

const AREAS = ['display', 'thumb'];

/**
 * Restores a backup into the configured database and photo store, which must both be empty:
 * DATA_DIR/db (or a DATABASE_URL database without tables) and DATA_DIR/objects (or the
 * bucket). Newer migrations run afterwards, so an older backup comes up on this version.
 */
export async function restoreBackup(config: Config, from: string): Promise<Manifest> {
  const manifest = await readManifest(from);
  const store = await createObjectStore(config);
  const file = path.join(from, manifest.databaseFile);
  if (manifest.database === 'pglite') {
    if (config.databaseUrl) {
      throw new BackupError(
        'This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
      );
    }
    const dbDir = path.join(config.dataDir, 'db');
    if (!(await isEmptyDir(dbDir))) {
      throw new BackupError(`${dbDir} already holds a database; restore into an empty DATA_DIR.`);
    }
    await refuseFilledStore(store);
    const unlock = lockDataDir(config.dataDir);
    try {
      const client = await PGlite.create(dbDir, { loadDataDir: await gunzipToBlob(file) });
      await client.close();
      await (await openDatabase({ kind: 'pglite', dataDir: dbDir })).close();
      await putPhotos(from, store);
    } finally {
      unlock();
    }
    return manifest;
  }
  if (!config.databaseUrl) {
    throw new BackupError(
      'This is a backup of a Postgres database: set DATABASE_URL to restore it.',
    );
  }
  await refuseFilledDatabase(config.databaseUrl);
  await refuseFilledStore(store);
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${config.databaseUrl}`,
    file,
  ]);
  await (await openDatabase({ kind: 'postgres', url: config.databaseUrl })).close();
  await putPhotos(from, store);
  return manifest;
}

async function gunzipToBlob(file: string): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) chunks.push(new Uint8Array(chunk));
  });
  return new Blob(chunks);
}

async function refuseFilledDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S')
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    if (rows[0]!.n > 0) {
      throw new BackupError(
        'The database DATABASE_URL names already has tables; restore into a new, empty database (createdb).',
      );
    }
  } finally {
    await client.end();
  }
}

async function refuseFilledStore(store: ObjectStore): Promise<void> {
  for (const area of AREAS) {
    for await (const id of store.list(area)) {
      throw new BackupError(
        `The photo store already holds photos (${area}/${id}); restore into an empty one.`,
      );
    }
  }
}

/** Every photo of the backup, through the store: files for the local one, objects for a bucket. */
async function putPhotos(from: string, store: ObjectStore): Promise<void> {
  for (const area of AREAS) {
    const dir = path.join(from, OBJECTS_DIR, area);
    for (const shard of await namesIn(dir)) {
      for (const id of await namesIn(path.join(dir, shard))) {
        await store.put(`${area}/${id}`, createReadStream(path.join(dir, shard, id)));
      }
    }
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
