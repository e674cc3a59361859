import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import type { Manifest } from './backup-files.ts';
import { backupPglite, backupPostgres } from './backup.ts';
import { serveBackupRequests } from './backup-socket.ts';
import { scheduleBackups, type ScheduleLog } from './schedule.ts';

/** A backup of the database this process has open, with its photos. */
export function backupOf(config: Config, database: Database): (dest: string) => Promise<Manifest> {
  const { pglite } = database;
  if (pglite) return (dest) => backupPglite(config, { db: database.db, pglite }, dest);
  const url = config.databaseUrl!;
  return (dest) => backupPostgres({ ...config, databaseUrl: url }, dest);
}

/**
 * The running app's part in backups: on the embedded database it answers `npm run backup`
 * (the only process that may read it), and with BACKUP_DIR it writes scheduled backups. The
 * returned stop waits for a backup in progress, so the database is not closed under it.
 */
export async function startBackups(
  config: Config,
  database: Database,
  log: ScheduleLog,
): Promise<() => Promise<void>> {
  const inFlight = new Set<Promise<unknown>>();
  const backup = backupOf(config, database);
  const tracked = (dest: string) => {
    const run = backup(dest);
    const settled = run.catch(() => {});
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return run;
  };
  let closeSocket = async () => {};
  if (database.pglite) {
    // A DATA_DIR path too long for a socket name should not stop the game: say so, and go on.
    closeSocket = await serveBackupRequests(config.dataDir, tracked).catch((err: unknown) => {
      log.error({ err }, 'npm run backup cannot reach this process (backup socket)');
      return closeSocket;
    });
  }
  const stopSchedule = config.backup ? scheduleBackups(config.backup, tracked, log) : () => {};
  return async () => {
    stopSchedule();
    await closeSocket();
    await Promise.all(inFlight);
  };
}
