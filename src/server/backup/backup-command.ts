import path from 'node:path';
import { loadConfig, type Config } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../process/data-dir-lock.ts';
import { BackupError, prepareEmptyDir, type Manifest } from './backup-files.ts';
import { backupPglite, backupPostgres } from './backup.ts';
import { askRunningApp } from './backup-socket.ts';
import { restoreBackup } from './restore.ts';

/**
 * `npm run backup -- <dir>` and `npm run restore -- <dir>`, against the database and photo
 * store DATABASE_URL / DATA_DIR / S3_* name (docs/decisions/053-backup-and-map-sources.md).
 */
const USAGE =
  'usage: npm run backup -- <new or empty directory> | npm run restore -- <backup directory>';

async function backup(config: Config, dest: string): Promise<Manifest> {
  if (config.databaseUrl)
    return backupPostgres({ ...config, databaseUrl: config.databaseUrl }, dest);
  // The running app holds the embedded database: it writes the backup itself.
  const answer = await askRunningApp(config.dataDir, dest);
  if (answer?.ok) return answer.manifest;
  if (answer) throw new BackupError(answer.error);
  // Before the database is opened (slow), so a wrong directory is refused at once.
  await prepareEmptyDir(dest, 'The backup directory');
  const unlock = lockDataDir(config.dataDir);
  try {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(config.dataDir, 'db'),
    });
    try {
      return await backupPglite(config, { db: database.db, pglite: database.pglite! }, dest);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

function describe(manifest: Manifest, verb: string, dir: string): string {
  const photos =
    manifest.photos.store === 's3'
      ? `photos stay in bucket ${manifest.photos.bucket} (back it up by versioning or sync, see README)`
      : `${manifest.photos.count} photo files`;
  const missing =
    manifest.photos.store === 'local' && manifest.photos.missing.length > 0
      ? `\n${manifest.photos.missing.length} photo files the database refers to were already missing from the store: ${manifest.photos.missing.join(', ')}`
      : '';
  return `${verb} the ${manifest.database === 'pglite' ? 'embedded' : 'Postgres'} database and ${photos} ${dir}.${missing}`;
}

/** The command run on `argv` (what follows the script on its command line); its exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, dir, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !dir || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = path.resolve(dir);
  const manifest =
    command === 'backup' ? await backup(config, target) : await restoreBackup(config, target);
  console.log(
    describe(
      manifest,
      command === 'backup' ? 'Backed up' : 'Restored',
      command === 'backup' ? `to ${target}` : `from ${target}`,
    ),
  );
  return 0;
}
