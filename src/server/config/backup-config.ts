import path from 'node:path';

/**
 * Scheduled backups (docs/decisions/053-backup-and-map-sources.md): every BACKUP_EVERY the app
 * writes a backup into BACKUP_DIR and keeps the newest BACKUP_KEEP. Off without BACKUP_DIR.
 */
export interface BackupConfig {
  dir: string;
  everyMs: number;
  keep: number;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** Once a minute at most, once a year at least: beyond either it is a typo. */
const MIN_EVERY_MS = 60_000;
const MAX_EVERY_MS = 366 * 86_400_000;

export function backupFromEnv(
  env: { BACKUP_DIR?: string; BACKUP_EVERY?: string; BACKUP_KEEP?: string },
  dataDir: string,
): { backup: BackupConfig | null; problems: string[] } {
  const problems: string[] = [];
  const dir = env.BACKUP_DIR?.trim();
  const every = (env.BACKUP_EVERY ?? '1d').trim();
  const match = /^(\d{1,6})([mhd])$/.exec(every);
  const everyMs = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : NaN;
  if (!(everyMs >= MIN_EVERY_MS && everyMs <= MAX_EVERY_MS)) {
    problems.push('  BACKUP_EVERY: must be minutes, hours or days such as 30m, 6h or 1d (1m–366d)');
  }
  const keepText = (env.BACKUP_KEEP ?? '7').trim();
  const keep = /^\d{1,4}$/.test(keepText) ? Number(keepText) : NaN;
  if (!(keep >= 1)) problems.push('  BACKUP_KEEP: must be a whole number of backups, 1 or more');
  if (!dir) {
    if (env.BACKUP_EVERY !== undefined || env.BACKUP_KEEP !== undefined) {
      problems.push('  BACKUP_DIR: BACKUP_EVERY and BACKUP_KEEP need a BACKUP_DIR to write to');
    }
    return { backup: null, problems };
  }
  const resolved = path.resolve(dir);
  if (resolved === dataDir || resolved.startsWith(`${dataDir}${path.sep}`)) {
    problems.push('  BACKUP_DIR: must be outside DATA_DIR, which is restored only when empty');
  }
  return { backup: problems.length === 0 ? { dir: resolved, everyMs, keep } : null, problems };
}
