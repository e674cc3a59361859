import { execFile } from 'node:child_process';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '../../core/schemas/objects.ts';
import {
  createTestApp,
  putBytes,
  signUp,
  UNLIMITED,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { startHoldingProxy } from '../../../test/holding-proxy.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { objectIdOf, storedFilesOf } from '../../../test/player-data.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { objects, uploadTokens } from '../db/schema.ts';
import { sweepOrphanedUploads } from '../services/uploads.ts';
import { objectKeys } from '../storage/object-store.ts';

/**
 * Uploads that finish after their account was deleted (issue 32): the answer is a 401, as for
 * any request of the deleted session, and none of their bytes stay in the store.
 */

const PASSWORD = 'spray-paint-rules-42';
const ACCOUNT_GONE = 'This account has been deleted, so the photo was not kept.';
const remove = (player: Player) =>
  player.request({
    method: 'DELETE',
    url: '/api/profile',
    payload: { username: player.username, password: PASSWORD },
  });

async function ticket(player: Player): Promise<UploadTicket> {
  const res = await player.request({ method: 'POST', url: '/api/objects/upload' });
  expect(res.statusCode).toBe(200);
  return res.json<UploadTicket>();
}

const filesOf = (t: TestApp, link: UploadTicket) =>
  storedFilesOf(t.app.objectStore, link.objectURL);

/**
 * Holds a completion while it reads the staged photo, and lets the photo through on release.
 * On disk the staged file is a named pipe the test writes; on S3 the bucket's answer waits in
 * a proxy.
 */
interface Photos {
  name: 'local' | 's3';
  t: TestApp;
  holdRead(
    player: Player,
    link: UploadTicket,
    photo: Buffer,
  ): Promise<{ reading: Promise<unknown>; release(): Promise<void> }>;
}

function localStore(): Photos {
  const photos = { name: 'local' } as Photos;
  beforeAll(async () => {
    photos.t = await createTestApp({ seed: false, limits: UNLIMITED });
  });
  afterAll(() => photos.t.close());
  photos.holdRead = async (_player, link, photo) => {
    const id = objectIdOf(link.objectURL);
    const file = path.join(photos.t.config.dataDir, 'objects', 'staging', id.slice(0, 2), id);
    await mkdir(path.dirname(file), { recursive: true });
    await promisify(execFile)('mkfifo', [file]);
    // Opening the pipe to write waits until the completion opens it to read.
    const writer = open(file, 'w');
    return {
      reading: writer,
      release: async () => {
        const handle = await writer;
        await handle.write(photo);
        await handle.close();
      },
    };
  };
  return photos;
}

function s3Store(): Photos {
  const photos = { name: 's3' } as Photos;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await startHoldingProxy(s3.s3.endpoint!);
    photos.t = await createTestApp({
      seed: false,
      limits: UNLIMITED,
      config: { s3: { ...s3.s3, endpoint: proxy.url } },
    });
  });
  afterAll(async () => {
    await photos.t.close();
    await proxy.close();
    await s3.close();
  });
  photos.holdRead = async (player, link, photo) => {
    expect((await putBytes(player, link.uploadURL, photo)).statusCode).toBe(200);
    const held = proxy.hold('GET', `/${objectKeys.staging(objectIdOf(link.objectURL))}`);
    return {
      reading: held.arrived,
      release: async () => held.release(),
    };
  };
  return photos;
}

describe.each([
  { name: 'local disk', store: localStore },
  { name: 'the S3 stand-in', store: s3Store },
])('on $name', ({ store }) => {
  const photos = store();

  it('a completion still reading its photo when the account is deleted answers 401 and keeps no files', async () => {
    const { t } = photos;
    const player = await signUp(t.app);
    const link = await ticket(player);
    const held = await photos.holdRead(player, link, uniquePhoto());
    const completion = player.request({ method: 'POST', url: link.completeURL });
    await held.reading;

    expect((await remove(player)).statusCode).toBe(204);
    await held.release();
    const res = await completion;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_GONE });
    expect(await filesOf(t, link)).toEqual([]);
    const id = objectIdOf(link.objectURL);
    expect(await t.db.select().from(objects).where(eq(objects.id, id))).toEqual([]);
  });

  it('bytes that reach the store after the deletion are swept; live uploads are kept', async () => {
    const { t } = photos;
    const [gone, staying] = [await signUp(t.app), await signUp(t.app)];
    const late = await ticket(gone);
    const live = await ticket(staying);
    expect((await putBytes(staying, live.uploadURL, uniquePhoto())).statusCode).toBe(200);
    expect((await remove(gone)).statusCode).toBe(204);

    if (photos.name === 's3') {
      // A presigned PUT cannot be revoked: the bucket takes the bytes after the deletion.
      expect((await putBytes(gone, late.uploadURL, uniquePhoto())).statusCode).toBe(200);
    } else {
      // The app refuses them; bytes of a process stopped between writing and checking remain.
      expect((await putBytes(gone, late.uploadURL, uniquePhoto())).statusCode).toBe(401);
      await t.app.objectStore.put(objectKeys.staging(objectIdOf(late.objectURL)), uniquePhoto());
    }
    expect(await filesOf(t, late)).toHaveLength(1);
    const completion = await gone.request({ method: 'POST', url: late.completeURL });
    expect(completion.statusCode).toBe(401);

    expect(await sweepOrphanedUploads(t.db, t.app.objectStore)).toBe(1);
    expect(await filesOf(t, late)).toEqual([]);
    // The other player's upload, staged but not yet completed, is untouched and completes.
    expect(await filesOf(t, live)).toEqual([objectKeys.staging(objectIdOf(live.objectURL))]);
    const done = await staying.request({ method: 'POST', url: live.completeURL });
    expect(done.statusCode).toBe(200);
    expect(await sweepOrphanedUploads(t.db, t.app.objectStore)).toBe(0);
  });
});

describe('on local disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, limits: UNLIMITED });
  });
  afterAll(() => t.close());

  it('bytes still arriving when the account is deleted are refused with 401 and not kept', async () => {
    const player = await signUp(t.app);
    const link = await ticket(player);
    const photo = uniquePhoto();
    const body = new PassThrough();
    const put = player.request({
      method: 'PUT',
      url: link.uploadURL,
      payload: body,
      headers: { 'content-type': 'image/png' },
    });
    body.write(photo.subarray(0, 64));
    // The link is claimed: the bytes are on their way to the store.
    await vi.waitFor(async () => {
      const [row] = await t.db
        .select({ usedAt: uploadTokens.usedAt })
        .from(uploadTokens)
        .where(eq(uploadTokens.userId, player.id));
      expect(row?.usedAt).toBeInstanceOf(Date);
    });

    expect((await remove(player)).statusCode).toBe(204);
    body.end(photo.subarray(64));
    const res = await put;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: ACCOUNT_GONE });
    expect(await filesOf(t, link)).toEqual([]);
  });
});
