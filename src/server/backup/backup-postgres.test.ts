import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, UNLIMITED } from '../../../test/app.ts';
import {
  backUpUnderLoad,
  emptyAcknowledged,
  restoreAndCheck,
  runBackupCli,
} from '../../../test/backup-load.ts';
import { runMain } from '../../../test/run-cli.ts';
import { adminUrl, withAdmin } from '../../../test/test-database.ts';
import { startThrowawayPostgres } from '../../../test/throwaway-postgres.ts';
import { buildApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS } from '../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { main } from './backup-command.ts';

/**
 * The same round trip on Postgres with the local photo store: `npm run backup` (pg_dump from an
 * exported snapshot, and the photos it refers to) while players write, `npm run restore` into
 * a new, empty database and an empty DATA_DIR. On the suite's server (TEST_DATABASE_URL), or on
 * a throwaway cluster in the embedded-database pass.
 */
let server: string;
let throwaway: { url: string; stop(): void } | null = null;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'streetscope-pg-backup-'));
const created: string[] = [];

async function newDatabase(): Promise<string> {
  const name = `streetscope_backup_${randomBytes(6).toString('hex')}`;
  await withAdmin(server, (c) => c.query(`create database ${name}`));
  created.push(name);
  return adminUrl(server, name);
}

async function startApp(url: string, dataDir: string) {
  const database = await openDatabase({ kind: 'postgres', url });
  const config = testConfig({
    dataDir,
    databaseUrl: url,
    seed: false,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...UNLIMITED },
  });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throwaway = await startThrowawayPostgres();
  server = process.env.TEST_DATABASE_URL ?? throwaway!.url;
}, 120_000);

afterAll(async () => {
  for (const name of created) {
    await withAdmin(server, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
  throwaway?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('backup and restore on Postgres with the local photo store', { timeout: 120_000 }, () => {
  const backup = path.join(scratch, 'backup');
  const acked = emptyAcknowledged();
  let liveUrl: string;
  let backupRun: Awaited<ReturnType<typeof runBackupCli>>;
  let duringBackup = 0;

  beforeAll(async () => {
    liveUrl = await newDatabase();
    const live = path.join(scratch, 'live');
    const running = await startApp(liveUrl, live);
    ({ run: backupRun, during: duringBackup } = await backUpUnderLoad(running.app, acked, backup, {
      DATABASE_URL: liveUrl,
      DATA_DIR: live,
    }));
    await running.close();
  }, 300_000);

  it('backs up while players keep writing', () => {
    expect(backupRun.stderr).toBe('');
    expect(backupRun.code).toBe(0);
    expect(backupRun.stdout).toMatch(/^Backed up the Postgres database and \d+ photo files to /);
    expect(duringBackup).toBeGreaterThan(0);
    expect(readdirSync(backup).sort()).toEqual(['database.dump', 'manifest.json', 'objects']);
  });

  it('restores into a new database and an empty DATA_DIR with every acknowledged record and photo', async () => {
    const url = await newDatabase();
    const dataDir = path.join(scratch, 'restored');
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    await restoreAndCheck(backup, env, () => startApp(url, dataDir), acked);
  });

  it('refuses a database that already has tables, and changes nothing', async () => {
    const dataDir = path.join(scratch, 'over-live');
    const run = await runMain(main, ['restore', backup], {
      DATABASE_URL: liveUrl,
      DATA_DIR: dataDir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/already has tables; restore into a new, empty database/);
    expect(readdirSync(scratch)).not.toContain('over-live');
  });

  it('refuses an embedded-database backup for a Postgres target', async () => {
    const url = await newDatabase();
    const other = path.join(scratch, 'pglite-shaped');
    cpSync(backup, other, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(other, 'manifest.json'), 'utf8')) as object;
    writeFileSync(
      path.join(other, 'manifest.json'),
      JSON.stringify({ ...manifest, database: 'pglite', databaseFile: 'database.tar.gz' }),
    );
    const run = await runMain(main, ['restore', other], { DATABASE_URL: url, DATA_DIR: scratch });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/backup of the embedded database: unset DATABASE_URL/);
  });
});
