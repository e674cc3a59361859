import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Manifest } from './backup-files.ts';

/**
 * The embedded database belongs to the one process holding DATA_DIR's lock, so `npm run backup`
 * asks that process, through a Unix socket in DATA_DIR, to write the backup itself. The socket
 * is the owner's alone (mode 600): whoever may use it may read DATA_DIR anyway.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

type Answer = { ok: true; manifest: Manifest } | { ok: false; error: string };

/** Answers backup requests until the returned function closes the socket. */
export async function serveBackupRequests(
  dataDir: string,
  backup: (dest: string) => Promise<Manifest>,
): Promise<() => Promise<void>> {
  const file = backupSocketPath(dataDir);
  // We hold DATA_DIR's lock: a socket file left here is a dead process's.
  await rm(file, { force: true });
  const server = net.createServer((conn) => {
    let request = '';
    conn.setEncoding('utf8');
    conn.on('error', () => conn.destroy());
    conn.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      conn.removeAllListeners('data');
      const answer = (a: Answer) => conn.end(`${JSON.stringify(a)}\n`);
      let dest: unknown;
      try {
        dest = (JSON.parse(request) as { dest?: unknown }).dest;
      } catch {
        dest = null;
      }
      if (typeof dest !== 'string' || !path.isAbsolute(dest)) {
        return answer({ ok: false, error: 'a backup request names an absolute directory' });
      }
      backup(dest).then(
        (manifest) => answer({ ok: true, manifest }),
        (err: unknown) =>
          answer({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The running app's answer, or null when no process listens (the app is not running). */
export async function askRunningApp(dataDir: string, dest: string): Promise<Answer | null> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(backupSocketPath(dataDir));
    let reply = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(`${JSON.stringify({ dest })}\n`));
    conn.on('data', (chunk: string) => (reply += chunk));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(reply) as Answer);
      } catch {
        reject(new Error('The running app closed the backup socket without an answer.'));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
