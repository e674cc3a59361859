import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UploadTicket } from '../src/core/schemas/objects.ts';
import { createPostgresDatabase } from './app.ts';
import { uniquePhoto } from './images.ts';
import { startS3Server } from './s3-server.ts';
import {
  freePort,
  killAll,
  request,
  spawnServer,
  startServer,
  type ServerProcess,
} from './server-process.ts';
import { adminUrl, withAdmin } from './test-database.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

/**
 * Several real app processes on one Postgres (DATABASE_URL): they must keep photos in one place,
 * or the second refuses to start. On the suite's Postgres server (TEST_DATABASE_URL), or in the
 * embedded-database pass on a throwaway cluster of this file's own.
 */

let root: string;
let database: { url: string; drop(): Promise<void> };
let throwaway: { url: string; stop(): void } | null = null;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'streetscope-instances-'));
  if (!process.env.TEST_DATABASE_URL) throwaway = await startThrowawayPostgres();
});
afterAll(() => {
  throwaway?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A database of each test's own; the app migrates it when the first process starts. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!throwaway) return createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const server = throwaway.url;
  const name = `instances_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin(server, (c) => c.query(`create database ${name}`));
  return {
    url: adminUrl(server, name),
    drop: async () => {
      await withAdmin(server, (c) => c.query(`drop database ${name} with (force)`));
    },
  };
}

const dir = (name: string) => path.join(root, `${name}-${Date.now()}`);
const env = (extra: NodeJS.ProcessEnv = {}) => ({
  DATABASE_URL: database.url,
  SEED_CONTENT: 'false',
  ...extra,
});

/** Starts a process that must refuse; returns what it printed. */
async function refusedStart(dataDir: string): Promise<string> {
  const proc = spawnServer(dataDir, await freePort(), env());
  const exit = await proc.exited;
  expect(exit).toEqual({ code: 1, signal: null });
  return proc.output().stderr;
}

async function signUp(proc: ServerProcess, username: string): Promise<string> {
  const res = await request(proc.port, {
    method: 'POST',
    path: '/api/signup',
    body: { username, password: 'a long spray phrase' },
  });
  expect(res.status, res.text).toBe(200);
  return `ss_session=${res.cookie('ss_session')}`;
}

describe('app processes on one Postgres', () => {
  beforeEach(async () => {
    database = await freshDatabase();
  });
  afterEach(async () => {
    await killAll();
    await database.drop();
  });

  it('with local photos: the same DATA_DIR starts, another DATA_DIR refuses until the first stops', async () => {
    const shared = dir('shared');
    const first = await startServer(shared, env());
    const second = await startServer(shared, env());

    const elsewhere = dir('elsewhere');
    const stderr = await refusedStart(elsewhere);
    expect(stderr).toContain(`Another StreetScope process (pid ${first.pid} on ${os.hostname()})`);
    expect(stderr).toContain('will not start');
    expect(stderr).toContain(`local:${path.join(shared, 'objects')}@${os.hostname()}`);
    expect(stderr).toContain(`local:${path.join(elsewhere, 'objects')}@${os.hostname()}`);
    expect(stderr).toMatch(/same S3_\* bucket/);
    expect(stderr).not.toMatch(/\n\s+at /); // the operator's message, not a stack trace

    // The running processes are untouched.
    const cookie = await signUp(first, 'shared_sam');
    const me = await request(second.port, { path: '/api/auth/user', cookie });
    expect(me.json()).toMatchObject({ username: 'shared_sam' });

    // Stopped cleanly, they leave nothing behind: the other directory may now start.
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await second.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const moved = await startServer(elsewhere, env());
    expect(await moved.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 120_000);

  it("with one S3 bucket: processes with their own DATA_DIR start and serve each other's photos", async () => {
    const s3 = await startS3Server();
    try {
      const bucketEnv = env({
        S3_ENDPOINT: s3.s3.endpoint!,
        S3_BUCKET: s3.s3.bucket,
        S3_ACCESS_KEY_ID: s3.s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.s3.secretAccessKey,
      });
      const first = await startServer(dir('bucket-a'), bucketEnv);
      const second = await startServer(dir('bucket-b'), bucketEnv);

      const cookie = await signUp(first, 'bucket_bo');
      const ticket = await request(first.port, {
        method: 'POST',
        path: '/api/objects/upload',
        body: { purpose: 'gallery' },
        cookie,
      });
      const link = ticket.json<UploadTicket>();
      const put = await fetch(link.uploadURL, {
        method: 'PUT',
        body: new Uint8Array(uniquePhoto()),
        headers: { 'content-type': 'image/png' },
      });
      expect(put.status).toBe(200);
      const done = await request(first.port, { method: 'POST', path: link.completeURL, cookie });
      expect(done.status, done.text).toBe(200);

      const served = await request(second.port, { path: link.objectURL });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    } finally {
      await killAll();
      await s3.close();
    }
  }, 120_000);

  it('a process killed with -9 blocks another store only until its heartbeat is stale', async () => {
    const killed = await startServer(dir('killed'), env());
    expect(await killed.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    // Its row is still fresh: as far as anyone can tell it may be running.
    const next = dir('next');
    expect(await refusedStart(next)).toContain(`pid ${killed.pid}`);

    // 91 seconds later (the heartbeat every 30 s would have refreshed it, had it been alive).
    await withAdmin(database.url, (c) =>
      c.query(`update app_instances set heartbeat_at = now() - interval '91 seconds'`),
    );
    const started = await startServer(next, env());
    const { rows } = await withAdmin(database.url, (c) =>
      c.query<{ pid: number }>('select pid from app_instances'),
    );
    expect(rows).toEqual([{ pid: started.pid }]);
    expect(await started.stop('SIGTERM')).toEqual({ code: 0, signal: null });
  }, 120_000);
});
