import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { writeManifest, type Manifest } from './backup-files.ts';
import { pruneBackups, runScheduledBackup } from './schedule.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'streetscope-backup-schedule-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A backup as the real ones end: a directory whose manifest is written last. */
async function smallBackup(dest: string): Promise<Manifest> {
  mkdirSync(dest, { recursive: true });
  writeFileSync(path.join(dest, 'database.tar.gz'), 'bytes');
  const manifest: Manifest = {
    format: 'streetscope-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    databaseFile: 'database.tar.gz',
    photos: { store: 'local', count: 0, missing: [] },
  };
  await writeManifest(dest, manifest);
  return manifest;
}

describe('scheduled backups', () => {
  it('keeps the newest BACKUP_KEEP backups and removes what an interrupted run left', async () => {
    const dir = path.join(scratch, 'kept');
    mkdirSync(path.join(dir, 'streetscope-20200101T000000000Z.partial'), { recursive: true });
    mkdirSync(path.join(dir, 'unrelated'));
    const written: string[] = [];
    for (let i = 0; i < 5; i++) written.push(await runScheduledBackup(dir, 3, smallBackup));
    expect(new Set(written).size).toBe(5);
    expect(readdirSync(dir).sort()).toEqual(
      [...written.slice(2).map((p) => path.basename(p)), 'unrelated'].sort(),
    );
    for (const kept of written.slice(2))
      expect(existsSync(path.join(kept, 'manifest.json'))).toBe(true);
  });

  it('a failed run keeps every earlier backup and counts as none', async () => {
    const dir = path.join(scratch, 'failed');
    const first = await runScheduledBackup(dir, 1, smallBackup);
    await expect(
      runScheduledBackup(dir, 1, async (dest) => {
        mkdirSync(dest);
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(readdirSync(dir)).toEqual([path.basename(first)]);
    expect(await pruneBackups(dir, 1)).toEqual([]);
  });

  it('reads BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP, and refuses bad values', () => {
    const dataDir = path.join(scratch, 'data');
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(loadConfig(env).backup).toBeNull();
    expect(loadConfig({ ...env, BACKUP_DIR: path.join(scratch, 'b') }).backup).toEqual({
      dir: path.join(scratch, 'b'),
      everyMs: 86_400_000,
      keep: 7,
    });
    expect(
      loadConfig({ ...env, BACKUP_DIR: '/srv/b', BACKUP_EVERY: '6h', BACKUP_KEEP: '30' }).backup,
    ).toEqual({ dir: '/srv/b', everyMs: 6 * 3_600_000, keep: 30 });
    const bad: [Record<string, string>, RegExp][] = [
      [{ BACKUP_DIR: '/srv/b', BACKUP_EVERY: 'daily' }, /BACKUP_EVERY: must be minutes/],
      [{ BACKUP_DIR: '/srv/b', BACKUP_EVERY: '30s' }, /BACKUP_EVERY/],
      [{ BACKUP_DIR: '/srv/b', BACKUP_EVERY: '400d' }, /BACKUP_EVERY/],
      [{ BACKUP_DIR: '/srv/b', BACKUP_KEEP: '0' }, /BACKUP_KEEP: must be a whole number/],
      [{ BACKUP_DIR: '/srv/b', BACKUP_KEEP: 'all' }, /BACKUP_KEEP/],
      [{ BACKUP_KEEP: '3' }, /BACKUP_DIR: BACKUP_EVERY and BACKUP_KEEP need a BACKUP_DIR/],
      [{ BACKUP_DIR: path.join(dataDir, 'backups') }, /BACKUP_DIR: must be outside DATA_DIR/],
    ];
    for (const [vars, message] of bad) {
      expect(() => loadConfig({ ...env, ...vars })).toThrow(message);
    }
  });
});
