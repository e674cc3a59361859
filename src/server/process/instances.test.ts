import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database } from '../db/client.ts';
import { appInstances } from '../db/schema.ts';
import {
  PhotoStoreConflictError,
  photoStoreOf,
  registerInstance,
  type Registration,
} from './instances.ts';

/**
 * Start-up registration of app processes against a real database (PGlite or Postgres), two
 * "processes" registering from this one. test/instances-process.test.ts runs real OS processes.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const running: Registration[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

async function start(storage: string, heartbeatMs?: number) {
  const registration = await registerInstance(database.db, storage, { heartbeatMs });
  running.push(registration);
  return registration;
}

const bucket = (name: string, endpoint: string | null = 'http://minio.internal:9000') => ({
  dataDir: '/srv/streetscope',
  s3: {
    endpoint,
    bucket: name,
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    forcePathStyle: true,
  },
});
const disk = (dataDir: string, host: string) => photoStoreOf({ dataDir, s3: null }, host);
const rows = () => database.db.select().from(appInstances);
const ageHeartbeat = (id: string, seconds: number) =>
  database.db
    .update(appInstances)
    .set({ heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(appInstances.id, id));

describe('registering an app process', () => {
  it.each([
    ['local disk in another directory', disk('/srv/a', 'web-1'), disk('/srv/b', 'web-1')],
    ['the same directory on another host', disk('/srv/a', 'web-1'), disk('/srv/a', 'web-2')],
    ['local disk beside a bucket', photoStoreOf(bucket('photos')), disk('/srv/a', 'web-1')],
    ['another bucket', photoStoreOf(bucket('photos')), photoStoreOf(bucket('pictures'))],
  ])('refuses %s while the other process runs, saying why and the fix', async (_, a, b) => {
    await start(a);
    const refused = registerInstance(database.db, b);
    await expect(refused).rejects.toThrow(PhotoStoreConflictError);
    const message = await refused.catch((err: Error) => err.message);
    expect(message).toContain(a);
    expect(message).toContain(b);
    expect(message).toContain('404');
    expect(message).toMatch(/same S3_\* bucket.*same DATA_DIR/);
    expect((await rows()).map((r) => r.storage)).toEqual([a]);
  });

  it.each([
    ['one bucket', photoStoreOf(bucket('photos')), photoStoreOf(bucket('photos'))],
    ['one directory on one host', disk('/srv/a', 'web-1'), disk('/srv/a', 'web-1')],
  ])('lets every process that shares %s start', async (_, a, b) => {
    await start(a);
    await start(b);
    await start(b);
    expect(await rows()).toHaveLength(3);
  });

  it('names a bucket by endpoint and name, not by credentials or region', () => {
    const aws = { ...bucket('photos', null).s3, region: 'eu-west-1', accessKeyId: 'other' };
    expect(photoStoreOf({ dataDir: '/x', s3: aws })).toBe('s3:aws/photos');
    expect(photoStoreOf(bucket('photos', 'http://minio.internal:9000/'))).toBe(
      's3:http://minio.internal:9000/photos',
    );
  });

  it('removes its row on a clean stop, so a process with another store can start', async () => {
    const first = await registerInstance(database.db, disk('/srv/a', 'web-1'));
    await first.stop();
    await start(disk('/srv/b', 'web-1'));
    expect((await rows()).map((r) => r.storage)).toEqual([disk('/srv/b', 'web-1')]);
  });

  it('ignores and prunes the row of a process that stopped its heartbeat (kill -9)', async () => {
    const killed = await start(disk('/srv/a', 'web-1'));
    await ageHeartbeat(killed.id, 91);
    await start(disk('/srv/b', 'web-1'));
    expect((await rows()).map((r) => r.storage)).toEqual([disk('/srv/b', 'web-1')]);
  });

  it('keeps its row fresh while it runs, so it keeps counting', async () => {
    const alive = await start(disk('/srv/a', 'web-1'), 20);
    await ageHeartbeat(alive.id, 91);
    await new Promise((r) => setTimeout(r, 200));
    await expect(registerInstance(database.db, disk('/srv/b', 'web-1'))).rejects.toThrow(
      PhotoStoreConflictError,
    );
  });
});
