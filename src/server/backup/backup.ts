import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { objects } from '../db/schema.ts';
import {
  BackupError,
  OBJECTS_DIR,
  gatherPhotos,
  moveTree,
  photoKeys,
  prepareEmptyDir,
  writeManifest,
  type Manifest,
} from './backup-files.ts';

export const PGLITE_FILE = 'database.tar.gz';
export const POSTGRES_FILE = 'database.dump';

const objectsRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, OBJECTS_DIR);

function photosOf(config: Pick<Config, 's3'>, count: number, missing: string[]) {
  return config.s3
    ? { store: 's3' as const, bucket: config.s3.bucket }
    : { store: 'local' as const, count, missing };
}

/**
 * The embedded database, backed up by the process that holds it. While a transaction of ours
 * holds PGlite's transaction lock no other transaction runs: the data directory is dumped as
 * it stands (a crash-consistent copy that PGlite recovers on restore) and the referenced photos
 * are hard-linked aside before anything can commit their deletion. The slow part, compressing
 * and writing, happens after the app has its database back.
 */
export async function backupPglite(
  config: Pick<Config, 'dataDir' | 's3'>,
  database: Pick<Database, 'db'> & { pglite: PGlite },
  dest: string,
): Promise<Manifest> {
  await prepareEmptyDir(dest, 'The backup directory');
  const stage = path.join(config.dataDir, `.backup-${randomBytes(6).toString('hex')}`);
  try {
    const { dump, keys, missing } = await database.db.transaction(async (tx) => {
      const ids = config.s3
        ? []
        : (await tx.select({ id: objects.id }).from(objects)).map((r) => r.id);
      const dump = await database.pglite.dumpDataDir('none');
      const keys = photoKeys(ids);
      const missing = await gatherPhotos(objectsRoot(config), stage, keys);
      return { dump, keys, missing };
    });
    await pipeline(
      Readable.fromWeb(dump.stream() as never),
      createGzip(),
      createWriteStream(path.join(dest, PGLITE_FILE)),
    );
    if (!config.s3) await moveTree(stage, path.join(dest, OBJECTS_DIR)).catch(ignoreNoStage);
    return await finish(dest, 'pglite', photosOf(config, keys.length - missing.length, missing));
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Writes the manifest, last: from now on the directory is a backup. */
async function finish(
  dest: string,
  database: Manifest['database'],
  photos: Manifest['photos'],
): Promise<Manifest> {
  const manifest: Manifest = {
    format: 'streetscope-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database,
    databaseFile: database === 'pglite' ? PGLITE_FILE : POSTGRES_FILE,
    photos,
  };
  await writeManifest(dest, manifest);
  return manifest;
}

/** No photos at all: nothing was staged, and the backup's objects/ stays absent. */
function ignoreNoStage(err: NodeJS.ErrnoException) {
  if (err.code !== 'ENOENT') throw err;
}

/** How many times a snapshot is retried when a deletion raced its row locks. */
const SNAPSHOT_ATTEMPTS = 5;

/**
 * Postgres: pg_dump in custom format from a snapshot this connection exports, and the photos
 * that snapshot refers to. The snapshot's first statement takes a KEY SHARE lock on every
 * photo row, so no deletion (which removes the file after its commit) can take one of them
 * away until the files are copied; other writes go on. Any number of app processes may run.
 */
export async function backupPostgres(
  config: Pick<Config, 'dataDir' | 's3'> & { databaseUrl: string },
  dest: string,
): Promise<Manifest> {
  await prepareEmptyDir(dest, 'The backup directory');
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await snapshotPostgres(client, config, dest);
      } catch (err) {
        await client.query('rollback');
        // 40001: a photo row locked above was deleted after the snapshot was taken.
        if ((err as { code?: string }).code !== '40001' || attempt >= SNAPSHOT_ATTEMPTS) throw err;
        await rm(path.join(dest, OBJECTS_DIR), { recursive: true, force: true });
      }
    }
  } finally {
    await client.end();
  }
}

async function snapshotPostgres(
  client: pg.Client,
  config: Pick<Config, 'dataDir' | 's3'> & { databaseUrl: string },
  dest: string,
): Promise<Manifest> {
  await client.query('begin isolation level repeatable read');
  const { rows } = await client.query<{ id: string }>(
    config.s3 ? 'select id from objects where false' : 'select id from objects for key share',
  );
  const { rows: snap } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
  const dumped = runTool('pg_dump', [
    '--format=custom',
    `--snapshot=${snap[0]!.id}`,
    `--file=${path.join(dest, POSTGRES_FILE)}`,
    `--dbname=${config.databaseUrl}`,
  ]);
  // pg_dump must start (import the snapshot) while it is exported: copy alongside it.
  const keys = photoKeys(rows.map((r) => r.id));
  const missing = config.s3 ? [] : await copyPhotos(config, dest, keys);
  await dumped;
  await client.query('commit');
  return finish(dest, 'postgres', photosOf(config, keys.length - missing.length, missing));
}

async function copyPhotos(config: Pick<Config, 'dataDir'>, dest: string, keys: string[]) {
  const target = path.join(dest, OBJECTS_DIR);
  await mkdir(target, { recursive: true });
  return gatherPhotos(objectsRoot(config), target, keys);
}

/** Runs pg_dump or pg_restore from PATH; rejects with what it printed when it fails. */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.once('error', (err) =>
      reject(
        new BackupError(
          `${tool} could not be run (${err.message}); install the PostgreSQL client tools.`,
        ),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
