import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory and two processes opening it corrupt it. We hold
 * DATA_DIR/.lock for as long as we run. A lock left by a process that no longer exists
 * (kill -9, power loss, a restarted container) is taken over.
 *
 * The lock names its holder by pid and, where the OS tells us (Linux /proc), by the process
 * start time and boot id: after a reboot or a container restart the old pid often belongs to
 * some other live process, and a pid-only check would then refuse to start forever.
 *
 * Known limit: two processes that both find the same stale lock at the same instant can race
 * to take it over. Start one process per DATA_DIR (the normal case) and this cannot happen.
 */
export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  /** Clock ticks after boot at which the process started (Linux), or null. */
  startTime: string | null;
  bootId: string | null;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may contain spaces and parentheses. */
function processStartTime(pid: number | 'self'): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

const bootId = () => readOrNull('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function me(): Holder {
  return { pid: process.pid, startTime: processStartTime('self'), bootId: bootId() };
}

function parseHolder(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder> | number;
    if (typeof h === 'number')
      return Number.isInteger(h) ? { pid: h, startTime: null, bootId: null } : null;
    if (!h || !Number.isInteger(h.pid)) return null;
    return { pid: h.pid!, startTime: h.startTime ?? null, bootId: h.bootId ?? null };
  } catch {
    return null;
  }
}

function sameProcess(a: Holder, b: Holder): boolean {
  return a.pid === b.pid && a.startTime === b.startTime && a.bootId === b.bootId;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the process that wrote the lock is still running. */
function holderAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return false; // our own pid: a previous life of this container
  if (!pidAlive(holder.pid)) return false;
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return false; // machine rebooted since
  if (holder.startTime) {
    const now = processStartTime(holder.pid);
    if (now !== null && now !== holder.startTime) return false; // the pid was reused
  }
  return true;
}

/** Creates `file` with `content`, failing with EEXIST if it exists. */
function createExclusive(temp: string, file: string, content: string): void {
  try {
    linkSync(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS')
      throw err;
    // A filesystem without hard links: exclusive create, then write (a brief empty window).
    const fd = openSync(file, 'wx');
    writeSync(fd, content);
    closeSync(fd);
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  const self = me();
  // The lock appears with its content in one step (link of a finished file), so another
  // process never reads a half-written lock and mistakes it for a stale one.
  const temp = path.join(dataDir, `.lock.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temp, JSON.stringify(self));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        createExclusive(temp, file, JSON.stringify(self));
        return () => {
          // Only remove the lock if it is still ours.
          const current = parseHolder(readOrNull(file) ?? '');
          if (current && sameProcess(current, self)) rmSync(file, { force: true });
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const holder = parseHolder(readOrNull(file) ?? '');
        if (holder && holderAlive(holder)) {
          throw new DataDirLockedError(
            `Another StreetScope process (pid ${holder.pid}) is using ${dataDir} (lock file ${file}). ` +
              'Stop it first, or give this one its own DATA_DIR.',
          );
        }
        rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${dataDir} (lock file ${file}).`);
}
