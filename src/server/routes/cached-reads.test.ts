import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { insertWall } from '../../../test/walls.ts';
import type { Mission } from '../../core/schemas/catalog.ts';
import type { WallListPage } from '../../core/schemas/walls.ts';
import { artists, missionCompletions, missions } from '../db/community-schema.ts';
import { discoveries, legalWalls, users } from '../db/schema.ts';
import { giveProMonth } from '../../../test/pro.ts';

/**
 * Catalogue answers come from memory (docs/decisions/028): a client holding the current one
 * gets 304, any change gives a new ETag at once, and no player ever gets another's answer.
 */
let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

const get = (player: Player | null, url: string, headers: Record<string, string> = {}) =>
  player ? player.request({ url, headers }) : t.app.inject({ url, headers });

const mission = (id: string, expiresAt: Date | null = null) => ({
  id,
  title: `Mission ${id}`,
  description: `Do ${id}`,
  difficulty: 'easy' as const,
  rewardTokens: 100,
  missionType: 'discovery',
  targetEmojiPin: 'tag',
  expiresAt,
  source: 'test',
});

describe('the wall list', () => {
  for (const who of ['signed out', 'signed in'] as const) {
    it(`answers 304 to a client holding it and a new ETag once a wall changes (${who})`, async () => {
      const player = who === 'signed in' ? alice : null;
      const first = await get(player, '/api/legal-walls');
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(player, '/api/legal-walls', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      const id = await insertWall(t.db, { latitude: -27.47, longitude: 153.02 });
      const changed = await get(player, '/api/legal-walls', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json<WallListPage>().items.map((w) => w.id)).toContain(id);

      await t.db.update(legalWalls).set({ hiddenAt: new Date() }).where(eq(legalWalls.id, id));
      const hidden = await get(player, '/api/legal-walls');
      expect(hidden.json<WallListPage>().items.map((w) => w.id)).not.toContain(id);
    });
  }

  it('is revalidated, not stored blindly, by the browser', async () => {
    expect((await get(alice, '/api/legal-walls')).headers['cache-control']).toBe(
      'private, no-cache',
    );
    expect((await get(null, '/api/legal-walls')).headers['cache-control']).toBe('no-cache');
  });
});

describe('compressed answers', () => {
  beforeAll(async () => {
    for (let i = 0; i < 20; i++) {
      await insertWall(t.db, { latitude: -27 - i / 100, longitude: 153 }, { name: `Wall ${i}` });
    }
  });

  it('sends brotli or gzip as accepted, each with its own ETag, the same list inside', async () => {
    const plain = await get(alice, '/api/legal-walls');
    const br = await get(alice, '/api/legal-walls', { 'accept-encoding': 'gzip, br' });
    const gz = await get(alice, '/api/legal-walls', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    for (const res of [plain, br, gz]) expect(res.headers.vary).toBe('Accept-Encoding');

    const held = { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) };
    expect((await get(alice, '/api/legal-walls', held)).statusCode).toBe(304);
  });
});

describe('artists', () => {
  it('gets a new ETag once an artist is added', async () => {
    const first = await get(alice, '/api/artists');
    const etag = String(first.headers.etag);
    expect((await get(bob, '/api/artists', { 'if-none-match': etag })).statusCode).toBe(304);
    await t.db.insert(artists).values({
      id: 'new-artist',
      name: 'New Artist',
      city: 'Hobart',
      country: 'Australia',
      activeYears: '2020–present',
      style: 'Paste-up',
      achievements: [],
      source: 'test',
    });
    const changed = await get(alice, '/api/artists', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ id: string }[]>().map((a) => a.id)).toContain('new-artist');
  });
});

describe('missions, each player their own', () => {
  it('a new mission shows at once, with a new ETag', async () => {
    const etag = String((await get(alice, '/api/missions')).headers.etag);
    await t.db.insert(missions).values(mission('fresh'));
    const changed = await get(alice, '/api/missions', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Mission[]>().map((m) => m.id)).toContain('fresh');
  });

  it("never answers one player with another's list", async () => {
    await t.db.insert(missions).values(mission('shared'));
    const before = await get(bob, '/api/missions');
    await t.db.insert(discoveries).values({
      id: 'alice-mission-find',
      userId: alice.id,
      kind: 'discovery',
      name: 'Find',
      emojiPin: 'tag',
      userRole: 'photographer',
      latitude: 0,
      longitude: 0,
      address: '0,0',
      tokensAwarded: 50,
    });
    await t.db
      .insert(missionCompletions)
      .values({ missionId: 'shared', userId: alice.id, discoveryId: 'alice-mission-find' });

    const mine = await get(alice, '/api/missions');
    const theirs = await get(bob, '/api/missions', { 'if-none-match': String(mine.headers.etag) });
    const done = (res: typeof mine) =>
      res.json<Mission[]>().find((m) => m.id === 'shared')?.completedByMe;
    expect(done(mine)).toBe(true);
    expect(theirs.statusCode).toBe(200);
    expect(done(theirs)).toBe(false);
    expect(theirs.headers.etag).toBe(before.headers.etag);
  });

  it('drops a mission once it expires, with no change to the data', async () => {
    await t.db.insert(missions).values(mission('brief', new Date(Date.now() + 1500)));
    const ids = async () => (await get(alice, '/api/missions')).json<Mission[]>().map((m) => m.id);
    expect(await ids()).toContain('brief');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await ids()).not.toContain('brief');
  });
});

describe('the colour chart', () => {
  it("gives a free player the basic chart even when they send a Pro player's ETag", async () => {
    const carol = await signUp(t.app);
    await giveProMonth(t.db, carol.id);
    const pro = await get(carol, '/api/color-chart');
    expect(pro.json<{ range: string }>().range).toBe('full');
    const free = await get(bob, '/api/color-chart', {
      'if-none-match': String(pro.headers.etag),
    });
    expect(free.statusCode).toBe(200);
    expect(free.json<{ range: string }>().range).toBe('basic');
  });
});

describe('sessions held in memory', () => {
  for (const method of ['POST', 'GET'] as const) {
    it(`ends at once on sign-out (${method})`, async () => {
      const dave = await signUp(t.app);
      expect((await dave.request({ url: '/api/artists' })).statusCode).toBe(200);
      const out = await dave.request({ method, url: '/api/logout' });
      expect(out.statusCode).toBe(303);
      expect((await dave.request({ url: '/api/artists' })).statusCode).toBe(401);
    });
  }

  it('sees a change made elsewhere to the account at once (a moderator renames, suspends)', async () => {
    const erin = await signUp(t.app);
    expect((await erin.request({ url: '/api/auth/user' })).json()).toMatchObject({
      username: erin.username,
    });
    await t.db
      .update(users)
      .set({ username: `${erin.username}_x`, suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, erin.id));
    expect((await erin.request({ url: '/api/auth/user' })).json()).toMatchObject({
      username: `${erin.username}_x`,
    });
    const post = await erin.request({
      method: 'POST',
      url: '/api/community/forum',
      payload: { title: 'Hello', content: 'Anyone painting today?' },
    });
    expect(post.statusCode).toBe(403);
  });
});
