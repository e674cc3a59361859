import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig } from '../config/backup-config.ts';
import type { Manifest } from './backup-files.ts';

/** streetscope-20261128T205100123Z: sorts by time as text. */
const NAME = /^streetscope-\d{8}T\d{9}Z$/;
const PARTIAL = '.partial';

const backupName = (at: Date) => `streetscope-${at.toISOString().replace(/[-:.]/g, '')}`;

/**
 * One scheduled backup: written under a `.partial` name and renamed once whole, so a run cut
 * short never counts as a backup; then only the newest `keep` are kept.
 */
export async function runScheduledBackup(
  dir: string,
  keep: number,
  backup: (dest: string) => Promise<Manifest>,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const taken = new Set(await readdir(dir));
  // Names are unique to the millisecond; two runs in one (a test's) take the next free one.
  let at = Date.now();
  while (taken.has(backupName(new Date(at))) || taken.has(`${backupName(new Date(at))}${PARTIAL}`))
    at++;
  const final = path.join(dir, backupName(new Date(at)));
  try {
    await backup(`${final}${PARTIAL}`);
  } catch (err) {
    await rm(`${final}${PARTIAL}`, { recursive: true, force: true });
    throw err;
  }
  await rename(`${final}${PARTIAL}`, final);
  await pruneBackups(dir, keep);
  return final;
}

/** Removes all but the newest `keep` finished backups, and unfinished ones of earlier runs. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir);
  const finished = names.filter((n) => NAME.test(n)).sort();
  const unfinished = names.filter(
    (n) => n.endsWith(PARTIAL) && NAME.test(n.slice(0, -PARTIAL.length)),
  );
  const removed = [...finished.slice(0, Math.max(0, finished.length - keep)), ...unfinished];
  for (const name of removed) await rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

export interface ScheduleLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs a backup every `everyMs` (the first one after one period, not at start-up, so restarts
 * do not pile backups up). A run still going when the next is due makes that one skip.
 */
export function scheduleBackups(
  config: BackupConfig,
  backup: (dest: string) => Promise<Manifest>,
  log: ScheduleLog,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledBackup(config.dir, config.keep, backup)
      .then(
        (dest) => log.info({ dest }, 'scheduled backup written'),
        (err: unknown) => log.error({ err }, 'scheduled backup failed'),
      )
      .finally(() => (running = false));
  }, config.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
