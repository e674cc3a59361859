import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  killAll,
  request,
  spawnServer,
  startServer,
  type ServerProcess,
} from './server-process.ts';

/**
 * The real server as OS processes on the embedded database (PGlite in DATA_DIR), with the
 * production password-hash cost: stop and restart, kill -9, a second instance on the same
 * DATA_DIR, and SIGTERM in the middle of a request. Always PGlite, even when the rest of the
 * suite runs against Postgres: these are properties of the embedded database.
 */

const PASSWORD = 'a long spray phrase';
let root: string;
/** A DATA_DIR that has been initialised, migrated and seeded once; copied for each test. */
let template: string | null = null;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'streetscope-process-'));
});
afterEach(() => killAll());
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** First start on an empty DATA_DIR, clean stop; the result is the template for later tests. */
async function createTemplate(whileRunning?: (server: ServerProcess) => Promise<void>) {
  const dir = path.join(root, template ? `template-${Date.now()}` : 'template');
  const server = await startServer(dir);
  await whileRunning?.(server);
  expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  template ??= dir;
}

let dirs = 0;
async function freshDataDir(): Promise<string> {
  if (!template) await createTemplate();
  const dir = path.join(root, `data-${++dirs}`);
  cpSync(template!, dir, { recursive: true });
  return dir;
}

async function signUp(server: ServerProcess, username: string) {
  const res = await request(server.port, {
    method: 'POST',
    path: '/api/signup',
    body: { username, password: PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
  const value = res.cookie('ss_session');
  expect(value).toBeTruthy();
  return `ss_session=${value}`;
}

async function signIn(server: ServerProcess, username: string) {
  const res = await request(server.port, {
    method: 'POST',
    path: '/api/login',
    body: { username, password: PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
  return `ss_session=${res.cookie('ss_session')}`;
}

async function whoAmI(server: ServerProcess, cookie: string) {
  const res = await request(server.port, { path: '/api/auth/user', cookie });
  expect(res.status, res.text).toBe(200);
  return res.json<{ id: string; username: string }>().username;
}

describe('server process', () => {
  it('starts on an empty DATA_DIR, answers /healthz and /readyz, and stops cleanly', async () => {
    await createTemplate(async (server) => {
      const health = await request(server.port, { path: '/healthz' });
      expect(health.status).toBe(200);
      const ready = await request(server.port, { path: '/readyz' });
      expect(ready.status).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
    });
  }, 60_000);

  it('keeps accounts, sessions and writes across SIGTERM and restart', async () => {
    const dir = await freshDataDir();
    const first = await startServer(dir);
    const signUpCookie = await signUp(first, 'restart_rita');
    const signInCookie = await signIn(first, 'restart_rita');
    expect(await whoAmI(first, signInCookie)).toBe('restart_rita');
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);

    const second = await startServer(dir);
    expect(await whoAmI(second, signUpCookie)).toBe('restart_rita');
    expect(await whoAmI(second, signInCookie)).toBe('restart_rita');
    await signIn(second, 'restart_rita');
    // The name is still taken: the account row survived, not just the session.
    const again = await request(second.port, {
      method: 'POST',
      path: '/api/signup',
      body: { username: 'restart_rita', password: PASSWORD },
    });
    expect(again.status).toBe(409);
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('recovers after kill -9 with every acknowledged write', async () => {
    const dir = await freshDataDir();
    const first = await startServer(dir);
    const names = ['crash_cara', 'crash_colt', 'crash_cleo'];
    const cookies: string[] = [];
    for (const name of names) cookies.push(await signUp(first, name));
    // Killed right after the last 200: nothing gets a chance to flush or close.
    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    const lockFile = path.join(dir, '.lock');
    expect(existsSync(lockFile)).toBe(true); // left behind by the dead process
    // As after a container restart, the dead holder's pid now belongs to another live process
    // (here: this test runner). The lock must still be recognised as stale.
    const stale = JSON.parse(readFileSync(lockFile, 'utf8')) as {
      pid: number;
      startTime: string | null;
    };
    expect(stale.pid).toBe(first.pid);
    if (stale.startTime !== null) {
      writeFileSync(lockFile, JSON.stringify({ ...stale, pid: process.pid }));
    }

    const second = await startServer(dir);
    for (const [i, name] of names.entries()) {
      expect(await whoAmI(second, cookies[i]!)).toBe(name);
      const fresh = await signIn(second, name);
      expect(await whoAmI(second, fresh)).toBe(name);
    }
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('refuses a second instance on the same DATA_DIR while the first runs', async () => {
    const dir = await freshDataDir();
    const first = await startServer(dir);
    const cookie = await signUp(first, 'lock_lena');

    const second = spawnServer(dir, first.port + 1 === 65536 ? first.port - 1 : first.port + 1);
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const { stderr } = second.output();
    expect(stderr).toContain(`Another StreetScope process (pid ${first.pid}) is using ${dir}`);
    expect(stderr).toMatch(/lock|Stop it first/i);

    // The first instance is untouched and still serves reads and writes.
    expect((await request(first.port, { path: '/readyz' })).status).toBe(200);
    expect(await whoAmI(first, cookie)).toBe('lock_lena');
    await signUp(first, 'lock_luis');
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    // A start that fails after opening the database (port taken) closes it and frees the lock.
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const busyPort = (blocker.address() as net.AddressInfo).port;
      const failed = spawnServer(dir, busyPort);
      const failedExit = await failed.exited;
      expect(failedExit.code).toBe(1);
      expect(failed.output().stderr).toContain('EADDRINUSE');
      expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    const third = await startServer(dir);
    await signIn(third, 'lock_luis');
    expect(await third.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('finishes an in-flight request on SIGTERM, then exits 0 with the database closed cleanly', async () => {
    const dir = await freshDataDir();
    const server = await startServer(dir);
    let signalledAt = 0;
    const slow = request(server.port, {
      method: 'POST',
      path: '/api/signup',
      body: { username: 'sigterm_sam', password: PASSWORD },
      // Sign-up hashes with scrypt N=2^17 (hundreds of ms); signal while the server is on it.
      onSent: () =>
        setTimeout(() => {
          signalledAt = Date.now();
          server.child.kill('SIGTERM');
        }, 150),
    });
    const res = await slow;
    const answeredAt = Date.now();
    expect(signalledAt).toBeGreaterThan(0);
    expect(answeredAt).toBeGreaterThanOrEqual(signalledAt);
    expect(res.status, res.text).toBe(200);
    const cookie = `ss_session=${res.cookie('ss_session')}`;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);

    const next = await startServer(dir);
    expect(await whoAmI(next, cookie)).toBe('sigterm_sam');
    await signIn(next, 'sigterm_sam');
    expect(await next.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 60_000);
});
