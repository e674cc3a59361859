import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, UNLIMITED } from '../../../test/app.ts';
import {
  backUpUnderLoad,
  emptyAcknowledged,
  expectRestored,
  restoreAndCheck,
  runBackupCli,
} from '../../../test/backup-load.ts';
import { runMain } from '../../../test/run-cli.ts';
import { buildApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { lockDataDir } from '../process/data-dir-lock.ts';
import { main } from './backup-command.ts';
import { startBackups } from './in-app.ts';

/**
 * `npm run backup` against a running app on the embedded database, with players still writing,
 * then `npm run restore` into an empty DATA_DIR and the restored app started on it.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'streetscope-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An app as main.ts runs it: its own DATA_DIR, locked, with its backup socket. */
async function startApp(dataDir: string) {
  const unlock = lockDataDir(dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const config = testConfig({
    dataDir,
    seed: false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...UNLIMITED },
  });
  const app = await buildApp(config, database);
  await app.ready();
  const stopBackups = await startBackups(config, database, app.log);
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await stopBackups();
      await database.close();
      unlock();
    },
  };
}

/** The command in this process, for the refusals: the backup and the restore run as processes. */
const call = (args: string[], env: NodeJS.ProcessEnv) => runMain(main, args, env);

// The backup and the restore run the command as its own process, and start an app on a data
// directory.
describe('backup and restore of the embedded database', { timeout: 120_000 }, () => {
  const live = path.join(scratch, 'live');
  const backup = path.join(scratch, 'backup');
  const restored = path.join(scratch, 'restored');
  const acked = emptyAcknowledged();
  let backupRun: Awaited<ReturnType<typeof runBackupCli>>;
  let duringBackup = 0;

  beforeAll(async () => {
    const running = await startApp(live);
    ({ run: backupRun, during: duringBackup } = await backUpUnderLoad(running.app, acked, backup, {
      DATA_DIR: live,
    }));
    await running.close();
  }, 300_000);

  it('backs up the running app while players keep writing', () => {
    expect(backupRun.stderr).toBe('');
    expect(backupRun.code).toBe(0);
    expect(backupRun.stdout).toMatch(/^Backed up the embedded database and \d+ photo files to /);
    expect(duringBackup).toBeGreaterThan(0);
    expect(readdirSync(backup).sort()).toEqual(['database.tar.gz', 'manifest.json', 'objects']);
  });

  it('restores into an empty DATA_DIR, and the restored app has every acknowledged record and photo', async () => {
    await restoreAndCheck(backup, { DATA_DIR: restored }, () => startApp(restored), acked);
  });

  it('refuses to restore over a DATA_DIR that holds a database, and changes nothing', async () => {
    const before = readdirSync(path.join(restored, 'objects', 'display')).length;
    const run = await call(['restore', backup], { DATA_DIR: restored });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already holds a database; restore into an empty DATA_DIR/);
    expect(readdirSync(path.join(restored, 'objects', 'display'))).toHaveLength(before);
    const app = await startApp(restored);
    try {
      const [row] = await app.db.select({ n: count() }).from(users);
      expect(row!.n).toBeGreaterThanOrEqual(acked.players.length);
      await expectRestored(app.app, acked);
    } finally {
      await app.close();
    }
  });

  it('refuses a photo store that already holds photos', async () => {
    const target = path.join(scratch, 'photos-only');
    mkdirSync(path.join(target, 'objects', 'display', 'ab'), { recursive: true });
    writeFileSync(path.join(target, 'objects', 'display', 'ab', 'abcdef'), 'x');
    const run = await call(['restore', backup], { DATA_DIR: target });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/photo store already holds photos/);
    expect(readdirSync(target)).toEqual(['objects']);
  });

  it('refuses a backup directory that is not empty, an unfinished backup and a missing argument', async () => {
    const into = await call(['backup', backup], { DATA_DIR: live });
    expect(into.code).toBe(1);
    expect(into.stderr).toMatch(/is not empty; give an empty or new directory/);

    const unfinished = path.join(scratch, 'unfinished');
    mkdirSync(unfinished);
    writeFileSync(path.join(unfinished, 'database.tar.gz'), 'cut short');
    const from = await call(['restore', unfinished], {
      DATA_DIR: path.join(scratch, 'empty'),
    });
    expect(from.code).toBe(1);
    expect(from.stderr).toMatch(/is not a finished StreetScope backup/);

    const bare = await call(['backup'], { DATA_DIR: live });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^usage: npm run backup/);
  });
});
