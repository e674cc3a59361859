import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadTicket } from '../../core/schemas/objects.ts';
import {
  createTestApp,
  putBytes,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { uniquePhoto } from '../../../test/images.ts';
import { appOnStore, storesUnderTest } from '../../../test/s3-server.ts';
import { objects, uploadTokens } from '../db/schema.ts';
import { objectKeys } from '../storage/object-store.ts';

describe.each(storesUnderTest())('upload links on the $name store', (store) => {
  // One link PUT 50 times at once races on its claim, not on the cap of uploads in flight.
  const ctx = appOnStore(store, { uploadsInFlightPerUser: 50 });
  let t: TestApp;
  let alice: Player;
  let bob: Player;
  beforeAll(() => {
    ({ t, alice, bob } = ctx);
  });

  async function ticket(player: Player, purpose?: string) {
    const res = await player.request({
      method: 'POST',
      url: '/api/objects/upload',
      ...(purpose ? { payload: { purpose } } : {}),
    });
    return { res, body: res.json<UploadTicket>() };
  }

  /** PUT then complete, as the uploader does; the first refusal's status and message. */
  async function send(player: Player, link: UploadTicket, bytes: Buffer, completer = player) {
    const put = await putBytes(player, link.uploadURL, bytes);
    if (put.statusCode !== 200) return { status: put.statusCode, message: put.body };
    const done = await completer.request({ method: 'POST', url: link.completeURL });
    return { status: done.statusCode, message: done.body };
  }

  const objectCount = async () => (await t.db.select().from(objects)).length;
  const staged = async (link: UploadTicket) =>
    t.app.objectStore.read(objectKeys.staging(link.objectURL.split('/').pop()!), 1e8);

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload' });
    expect(res.statusCode).toBe(401);
  });

  it('works with no body (SPEC §7), lives 15 minutes at most and sizes the limit by purpose', async () => {
    const plain = await ticket(alice);
    expect(plain.res.statusCode).toBe(200);
    expect(plain.body.method).toBe('PUT');
    expect(plain.body.maxBytes).toBe(10_485_760);
    const life = Date.parse(plain.body.expiresAt) - Date.now();
    expect(life).toBeGreaterThan(14 * 60_000);
    expect(life).toBeLessThanOrEqual(15 * 60_000);
    if (store.name === 's3') {
      const url = new URL(plain.body.uploadURL);
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    } else {
      expect(plain.body.uploadURL).toMatch(/^\/api\/objects\/uploads\//);
    }
    for (const purpose of ['discovery', 'graffiti', 'gallery'])
      expect((await ticket(alice, purpose)).body.maxBytes).toBe(10_485_760);
    expect((await ticket(alice, 'profile')).body.maxBytes).toBe(5_242_880);
  });

  it('refuses an unknown purpose, naming the field', async () => {
    const { res } = await ticket(alice, 'banner');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('purpose');
  });

  it('serves the processed photo and its thumbnail with their type, nosniff and immutable caching', async () => {
    const url = await uploadPhoto(alice, 'discovery');
    for (const path of [url, `${url}/thumbnail`]) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });

  it('is single use: the link cannot bring in a second photo', async () => {
    const { body } = await ticket(alice);
    expect((await send(alice, body, uniquePhoto())).status).toBe(200);
    const before = await objectCount();
    const again = await send(alice, body, uniquePhoto());
    expect(again.status).toBe(403);
    expect(again.message).toContain('already used');
    expect(await objectCount()).toBe(before);
  });

  it(
    'brings in one photo when a link is used 50 times at once',
    { tags: ['concurrency'] },
    async () => {
      const { body } = await ticket(alice);
      const puts = await Promise.all(
        Array.from({ length: 50 }, () => putBytes(alice, body.uploadURL, uniquePhoto())),
      );
      const putStatuses = puts.map((r) => r.statusCode).sort();
      // A presigned S3 PUT cannot be refused (decision 009): there single use is held at completion.
      const oneUpload =
        store.name === 'local' ? [200, ...Array(49).fill(403)] : Array(50).fill(200);
      expect(putStatuses).toEqual(oneUpload);
      const before = await objectCount();
      const completions = await Promise.all(
        Array.from({ length: 50 }, () => alice.request({ method: 'POST', url: body.completeURL })),
      );
      const statuses = completions.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, ...Array(49).fill(403)]);
      expect(await objectCount()).toBe(before + 1);
    },
  );

  it("refuses another player's link, storing nothing; the owner can still use it", async () => {
    const before = await objectCount();
    const { body } = await ticket(alice);
    const stolen = await send(bob, body, uniquePhoto());
    expect(stolen.status).toBe(403);
    expect(await objectCount()).toBe(before);
    if (store.name === 'local') expect(await staged(body)).toBeNull();
    expect((await send(alice, body, uniquePhoto())).status).toBe(200);
  });

  it('refuses forged links: no photo can come of them', async () => {
    const before = await objectCount();
    const { body } = await ticket(alice);
    // A link to an object id nobody was given (s3rver, unlike S3, does not check SigV4
    // signatures, so there the refusal comes at completion).
    const madeUp = 'forgedObjectId123';
    const forged: UploadTicket = {
      ...body,
      uploadURL:
        store.name === 'local'
          ? '/api/objects/uploads/forged-token-123'
          : body.uploadURL.replace(/staging\/[A-Za-z0-9_-]+/, `staging/${madeUp}`),
      completeURL: `/api/objects/${madeUp}/complete`,
    };
    expect((await send(alice, forged, uniquePhoto())).status).toBe(403);
    expect(await objectCount()).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { body } = await ticket(alice);
    await t.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(uploadTokens.objectId, body.objectURL.split('/').pop()!));
    const before = await objectCount();
    expect((await send(alice, body, uniquePhoto())).status).toBe(403);
    expect(await objectCount()).toBe(before);
  });

  it('asks for the bytes again when completion comes before them', async () => {
    const { body } = await ticket(alice);
    const early = await alice.request({ method: 'POST', url: body.completeURL });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('upload it again');
    expect((await send(alice, body, uniquePhoto())).status).toBe(200);
  });

  it.each([
    ['profile', 5_242_880, '5 MB'],
    ['discovery', 10_485_760, '10 MB'],
    ['graffiti', 10_485_760, '10 MB'],
    ['gallery', 10_485_760, '10 MB'],
  ])(
    'refuses a %s photo over its limit with 413, keeping nothing',
    async (purpose, limit, text) => {
      const before = await objectCount();
      const { body } = await ticket(alice, purpose);
      const big = Buffer.concat([uniquePhoto(), Buffer.alloc(limit + 1)]);
      const res = await send(alice, body, big);
      expect(res.status).toBe(413);
      expect(res.message).toContain(text);
      expect(await objectCount()).toBe(before);
      expect(await staged(body)).toBeNull();
    },
  );

  it('answers 404 for an unknown photo', async () => {
    expect((await t.app.inject({ url: '/objects/doesNotExist123' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/objects/doesNotExist123/thumbnail' })).statusCode).toBe(
      404,
    );
  });
});

describe('the upload route of the local store', () => {
  let t: TestApp;
  let alice: Player;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('refuses a body not sent as a photo (415) without spending the link', async () => {
    const link = (
      await alice.request({ method: 'POST', url: '/api/objects/upload', payload: {} })
    ).json<UploadTicket>();
    for (const [type, payload] of [
      ['text/plain', 'not a photo'],
      ['application/json', '{"photo": true}'],
      ['application/x-www-form-urlencoded', 'photo=1'],
    ] as const) {
      const res = await alice.request({
        method: 'PUT',
        url: link.uploadURL,
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toContain('image/*');
    }
    expect((await putBytes(alice, link.uploadURL, uniquePhoto())).statusCode).toBe(200);
    expect((await alice.request({ method: 'POST', url: link.completeURL })).statusCode).toBe(200);
  });
});
