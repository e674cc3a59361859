import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Player, TestApp } from '../../../test/app.ts';
import { noisyJpeg } from '../../../test/large-photo.ts';
import { PART_BYTES, multipartClient, slices, type Started } from '../../../test/multipart.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { CANNOT_SIGN } from '../../core/schemas/multipart.ts';
import { multipartUploads } from '../db/multipart-schema.ts';
import { MULTIPART_TTL_MS, sweepAbandonedMultipart } from '../services/multipart-uploads.ts';

describe.each(storesUnderTest())('resumable uploads on the $name store', (store) => {
  const ctx = appOnStore(store);
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  let photo: Buffer;
  beforeAll(async () => {
    ({ t, alice, bob } = ctx);
    photo = await noisyJpeg(PART_BYTES + 500_000, PART_BYTES + 1_500_000, 7);
  });

  async function start(player: Player, metadata?: Record<string, unknown>): Promise<Started> {
    const res = await multipartClient(player).create(metadata);
    expect(res.statusCode).toBe(200);
    return res.json<Started>();
  }

  const stateOf = async (up: Started) =>
    (await t.db.select().from(multipartUploads).where(eq(multipartUploads.id, up.uploadId)))[0]
      ?.state;

  it('sends a large photo in parts, resumes from the listed ones and yields a usable photo', async () => {
    const mp = multipartClient(alice);
    const up = await start(alice, { purpose: 'discovery', size: photo.length });
    const [first, second] = slices(photo);
    const sent = await mp.sendParts(up, [first!]);
    // A resumed upload asks what arrived, then sends only the rest.
    const listed = await mp.list(up);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { PartNumber: 1, ETag: sent[0]!.ETag.replace(/"/g, ''), Size: PART_BYTES },
    ]);
    const signed = await mp.sign(up, 2);
    const put = await mp.put(signed.json<{ url: string }>().url, second!);
    expect(put.status).toBe(200);

    const done = await mp.complete(up, [...sent, { PartNumber: 2, ETag: put.etag! }]);
    expect(done.statusCode).toBe(200);
    const answer = done.json<{ completeURL: string; objectURL: string; location: string }>();
    expect(answer.location).toBe(answer.objectURL);
    // A repeat after a lost answer gets the same answer.
    expect((await mp.complete(up, sent)).json()).toEqual(answer);

    const processed = await alice.request({ method: 'POST', url: answer.completeURL });
    expect(processed.statusCode).toBe(200);
    const served = await t.app.inject({ url: answer.objectURL });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await stateOf(up)).toBe('completed');
  });

  it("refuses a part call without a key, an uploadId or a partNumber in SPEC's words", async () => {
    const up = await start(alice);
    const bad = [
      `/api/s3/multipart/${up.uploadId}/1`,
      `/api/s3/multipart/${up.uploadId}/first?key=${up.key}`,
      `/api/s3/multipart/${up.uploadId}/-1?key=${up.key}`,
    ];
    for (const url of bad) {
      const res = await alice.request({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(CANNOT_SIGN);
    }
    for (const n of [0, 10_001]) {
      const res = await multipartClient(alice).sign(up, n);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('partNumber must be from 1 to 10000.');
    }
    const noKey = [
      alice.request({ url: `/api/s3/multipart/${up.uploadId}` }),
      alice.request({ method: 'DELETE', url: `/api/s3/multipart/${up.uploadId}` }),
      alice.request({
        method: 'POST',
        url: `/api/s3/multipart/${up.uploadId}/complete`,
        payload: { parts: [{ PartNumber: 1, ETag: 'x' }] },
      }),
    ];
    const said = (await Promise.all(noKey)).map((res) => [res.statusCode, res.json().message]);
    expect(said).toEqual([
      [400, 'Cannot list parts without a key and an uploadId'],
      [400, 'Cannot abort an upload without a key and an uploadId'],
      [400, 'Cannot complete an upload without a key and an uploadId'],
    ]);
    expect(await stateOf(up)).toBe('open');
  });

  it('needs a session, and answers another player as if the upload did not exist', async () => {
    const up = await start(alice);
    const parts = await multipartClient(alice).sendParts(up, [photo.subarray(0, 1000)]);
    const anon = await t.app.inject({ url: `/api/s3/multipart/${up.uploadId}?key=${up.key}` });
    expect(anon.statusCode).toBe(401);
    const mallory = multipartClient(bob);
    const tries = [
      mallory.list(up),
      mallory.sign(up, 2),
      mallory.complete(up, parts),
      mallory.abort(up),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
    }
    // Alice's upload is as she left it.
    expect(await stateOf(up)).toBe('open');
    expect((await multipartClient(alice).list(up)).json()).toHaveLength(1);
  });

  it('refuses a photo or parts beyond the purpose limit before accepting them', async () => {
    const mp = multipartClient(alice);
    const declared = await mp.create({ purpose: 'profile', size: 5_242_881 });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe('The photo is larger than 5 MB.');

    const up = await start(alice, { purpose: 'profile' });
    const oversized = photo.subarray(0, 5_242_881);
    const signed = await mp.sign(up, 1);
    const put = await mp.put(signed.json<{ url: string }>().url, oversized);
    if (store.name === 'local') {
      // Our own part route stops reading at the limit and keeps nothing.
      expect(put.status).toBe(413);
      expect((await mp.list(up)).json()).toEqual([]);
      return;
    }
    // A presigned PUT cannot be capped: the bucket keeps it, and nothing more is accepted.
    expect(put.status).toBe(200);
    expect((await mp.sign(up, 2)).statusCode).toBe(413);
    const done = await mp.complete(up, [{ PartNumber: 1, ETag: put.etag! }]);
    expect(done.statusCode).toBe(413);
    expect(await stateOf(up)).toBe('open');
  });

  it('refuses a completion naming a part with a forged ETag, and changes nothing', async () => {
    const mp = multipartClient(alice);
    const up = await start(alice);
    const parts = await mp.sendParts(up, [photo.subarray(0, 2000)]);
    const forged = await mp.complete(up, [
      { PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' },
    ]);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Part 1 was not received with that ETag.');
    const unknown = await mp.complete(up, [...parts, { PartNumber: 2, ETag: parts[0]!.ETag }]);
    expect(unknown.statusCode).toBe(400);
    const twice = await mp.complete(up, [parts[0]!, parts[0]!]);
    expect(twice.statusCode).toBe(400);
    expect(await stateOf(up)).toBe('open');
    expect((await mp.list(up)).json()).toHaveLength(1);
  });

  it('aborts: the parts are gone, later calls find no upload, and asking again is fine', async () => {
    const mp = multipartClient(alice);
    const up = await start(alice);
    const parts = await mp.sendParts(up, [photo.subarray(0, 3000)]);
    expect((await mp.abort(up)).statusCode).toBe(204);
    expect((await mp.abort(up)).statusCode).toBe(204);
    expect((await mp.list(up)).statusCode).toBe(404);
    expect((await mp.sign(up, 2)).statusCode).toBe(404);
    expect((await mp.complete(up, parts)).statusCode).toBe(404);
    expect(await stateOf(up)).toBe('aborted');
  });

  it('sweeps uploads left for a day, and those of deleted accounts, out of the store', async () => {
    const mp = multipartClient(alice);
    const left = await start(alice);
    await mp.sendParts(left, [photo.subarray(0, 4000)]);
    const fresh = await start(alice);
    const row = async (up: Started) =>
      (await t.db.select().from(multipartUploads).where(eq(multipartUploads.id, up.uploadId)))[0];
    const { storeUploadId } = (await row(left))!;
    await t.db
      .update(multipartUploads)
      .set({ createdAt: new Date(Date.now() - MULTIPART_TTL_MS - 60_000) })
      .where(eq(multipartUploads.id, left.uploadId));

    expect(await sweepAbandonedMultipart(t.db, t.app.objectStore)).toBe(1);
    expect(await t.app.objectStore.listParts(left.key, storeUploadId)).toBeNull();
    expect(await row(left)).toBeUndefined();
    expect((await mp.list(left)).statusCode).toBe(404);
    expect((await mp.list(fresh)).statusCode).toBe(200);
  });

  it('gives single-upload parameters like POST /api/objects/upload, and no credentials', async () => {
    const params = await alice.request({
      url: '/api/s3/params?filename=wall.jpg&type=image%2Fjpeg&metadata%5Bpurpose%5D=profile',
    });
    expect(params.statusCode).toBe(200);
    const body = params.json<{
      url: string;
      method: string;
      maxBytes: number;
      completeURL: string;
    }>();
    expect(body.method).toBe('PUT');
    expect(body.maxBytes).toBe(5_242_880);
    const sts = await alice.request({ url: '/api/s3/sts' });
    expect(sts.statusCode).toBe(501);
    expect(sts.body).not.toMatch(/S3RVER|secret/i);
    expect((await t.app.inject({ url: '/api/s3/sts' })).statusCode).toBe(401);
  });
});

describe('the local store part route', () => {
  const ctx = appOnStore(storesUnderTest()[0]!);

  it('refuses a part sent with a forged or missing signature, keeping nothing', async () => {
    const mp = multipartClient(ctx.alice);
    const up = (await mp.create()).json<Started>();
    const url = new URL((await mp.sign(up, 1)).json<{ url: string }>().url, 'http://app');
    url.searchParams.set('signature', `AAAA${url.searchParams.get('signature')!.slice(4)}`);
    expect((await mp.put(`${url.pathname}${url.search}`, Buffer.alloc(10))).status).toBe(403);
    url.searchParams.delete('signature');
    expect((await mp.put(`${url.pathname}${url.search}`, Buffer.alloc(10))).status).toBe(403);
    expect((await mp.list(up)).json()).toEqual([]);
  });
});

describe('with resumable uploads turned off', () => {
  const ctx = appOnStore(storesUnderTest()[0]!, { multipartUploads: false });

  it('offers none, and the config tells the client to send photos in one PUT', async () => {
    expect((await multipartClient(ctx.alice).create()).statusCode).toBe(404);
    const config = await ctx.t.app.inject({ url: '/api/config' });
    expect(config.json().uploads.multipart).toBe(false);
  });
});
