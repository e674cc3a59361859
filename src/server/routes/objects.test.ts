import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { makePng } from '../../../test/images.ts';
import { objects, uploadTokens } from '../db/schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

async function ticket(player: Player, purpose?: string) {
  const res = await player.request({
    method: 'POST',
    url: '/api/objects/upload',
    ...(purpose ? { payload: { purpose } } : {}),
  });
  return { res, body: res.json<{ uploadURL: string; objectURL: string; maxBytes: number }>() };
}

const put = (player: Player, url: string, payload: Buffer, type = 'image/png') =>
  player.request({ method: 'PUT', url, payload, headers: { 'content-type': type } });

async function objectCount() {
  return (await t.db.select().from(objects)).length;
}

describe('upload URLs', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload' });
    expect(res.statusCode).toBe(401);
  });

  it('works with no body (SPEC §7) and sizes the limit by purpose', async () => {
    const plain = await ticket(alice);
    expect(plain.res.statusCode).toBe(200);
    expect(plain.body.uploadURL).toMatch(/^\/api\/objects\/uploads\//);
    expect(plain.body.maxBytes).toBe(10_485_760);
    expect((await ticket(alice, 'profile')).body.maxBytes).toBe(5_242_880);
  });

  it('refuses an unknown purpose, naming the field', async () => {
    const { res } = await ticket(alice, 'banner');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('purpose');
  });
});

describe('uploading bytes', () => {
  it('stores a real photo and serves it with its type, nosniff and immutable caching', async () => {
    const png = makePng(4, 4, [1, 2, 3]);
    const url = await uploadPhoto(alice, 'discovery', png);
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('is single use', async () => {
    const { body } = await ticket(alice);
    expect((await put(alice, body.uploadURL, makePng())).statusCode).toBe(200);
    const again = await put(alice, body.uploadURL, makePng());
    expect(again.statusCode).toBe(403);
  });

  it("refuses another player's link and a forged one, storing nothing", async () => {
    const before = await objectCount();
    const { body } = await ticket(alice);
    expect((await put(bob, body.uploadURL, makePng())).statusCode).toBe(403);
    expect((await put(alice, '/api/objects/uploads/forged-token-123', makePng())).statusCode).toBe(
      403,
    );
    expect(await objectCount()).toBe(before);
    // The rightful owner can still use the link.
    expect((await put(alice, body.uploadURL, makePng())).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { body } = await ticket(alice);
    const id = body.uploadURL.split('/').pop()!;
    await t.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTokens.id, id));
    expect((await put(alice, body.uploadURL, makePng())).statusCode).toBe(403);
  });

  it('refuses bytes that are not a photo with 415 and keeps nothing', async () => {
    const before = await objectCount();
    const { body } = await ticket(alice);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await put(alice, body.uploadURL, html, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('JPEG, PNG');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await put(alice, body.uploadURL, svg, 'image/svg+xml')).statusCode).toBe(415);
    expect(await objectCount()).toBe(before);
    expect((await t.app.inject({ url: body.objectURL })).statusCode).toBe(404);
  });

  it('refuses a profile picture over 5 MB with 413', async () => {
    const before = await objectCount();
    const { body } = await ticket(alice, 'profile');
    const big = Buffer.concat([makePng(), Buffer.alloc(5_242_880)]);
    const res = await put(alice, body.uploadURL, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('5 MB');
    expect(await objectCount()).toBe(before);
  });

  it('refuses a discovery photo over 10 MB with 413', async () => {
    const { body } = await ticket(alice, 'discovery');
    const big = Buffer.concat([makePng(), Buffer.alloc(10_485_761)]);
    expect((await put(alice, body.uploadURL, big)).statusCode).toBe(413);
  });

  it('answers 404 for an unknown photo', async () => {
    expect((await t.app.inject({ url: '/objects/doesNotExist123' })).statusCode).toBe(404);
  });
});
