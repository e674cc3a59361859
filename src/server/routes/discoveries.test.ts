import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { levelForScore } from '../../core/rules.ts';
import { verifyAsArtist } from '../../../test/artists.ts';
import { storedPhoto, storedPhotos } from '../../../test/evidence.ts';
import { discoveries } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

const GOLD_COAST = { latitude: -28.0167, longitude: 153.4 };

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rainbow mural',
  description: 'Laneway piece',
  emojiPin: 'location',
  userRole: 'photographer',
  isFreshArt: false,
  ...GOLD_COAST,
  ...overrides,
});

const post = (player: Player, payload: object, url = '/api/discoveries') =>
  player.request({ method: 'POST', url, payload });

/** A discovery with a photo of the player's own: what pays. */
const paid = async (player: Player, overrides: Record<string, unknown> = {}, db = t.db) =>
  post(player, valid({ imageUrl: await storedPhoto(db, player.id), ...overrides }));

async function me(player: Player) {
  const res = await player.request({ url: '/api/auth/user' });
  return res.json<{ tokens: number; discoveries: number; level: number; score: number }>();
}

async function discoveryCount(userId?: string) {
  const q = t.db.select({ n: count() }).from(discoveries);
  const [row] = await (userId ? q.where(eq(discoveries.userId, userId)) : q);
  return row?.n ?? 0;
}

async function makePro(player: Player) {
  await t.db.insert(subscriptions).values({
    userId: player.id,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
}

describe('POST /api/discoveries: the server decides the award', () => {
  it('pays a verified artist exactly 150 whatever tokensAwarded says, and rebuilds the record', async () => {
    const p = await signUp(t.app);
    // SPEC's artist amount is for a verified artist's own new piece (decision 049).
    await verifyAsArtist(t.db, p.id);
    const imageUrl = await uploadPhoto(p);
    const res = await post(
      p,
      valid({
        userRole: 'artist',
        isFreshArt: true,
        imageUrl,
        tokensAwarded: 100000,
        address: 'somewhere I made up',
        metadata: { submissionType: 'hacked', timestamp: '1999-01-01' },
        userId: 'someone-else',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'discovery',
      name: 'Rainbow mural',
      imageUrl,
      userRole: 'artist',
      isFreshArt: true,
      tokensAwarded: 150,
      address: '-28.016700,153.400000',
      completedMissions: [],
    });
    expect(body.metadata).toEqual({
      timestamp: body.createdAt,
      coordinates: GOLD_COAST,
      submissionType: 'fresh_artwork',
      emojiType: 'location',
    });
    expect(Date.now() - Date.parse(body.metadata.timestamp)).toBeLessThan(60_000);
    const after = await me(p);
    expect(after).toMatchObject({ tokens: 150, discoveries: 1, score: 165, level: 2 });
    const [row] = await t.db.select().from(discoveries).where(eq(discoveries.id, body.id));
    expect(row?.userId).toBe(p.id);
    expect(row?.tokensAwarded).toBe(150);
  });

  it('pays a photographer 50 and ignores fresh art for them; the fields have defaults', async () => {
    const p = await signUp(t.app);
    const res = await paid(p, { isFreshArt: true, tokensAwarded: 9999 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      tokensAwarded: 50,
      isFreshArt: false,
      awaitingPhoto: false,
      metadata: { submissionType: 'discovery' },
    });
    const imageUrl = await storedPhoto(t.db, p.id);
    const bare = await post(p, { name: 'Tag', ...GOLD_COAST, imageUrl });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({
      emojiPin: 'location',
      userRole: 'photographer',
      description: '',
      tokensAwarded: 50,
    });
    expect(await me(p)).toMatchObject({ tokens: 100, discoveries: 2, score: 130, level: 2 });
  });

  it('follows the level curve as discoveries add up', async () => {
    const p = await signUp(t.app);
    await verifyAsArtist(t.db, p.id);
    for (let i = 0; i < 3; i++) {
      expect((await paid(p, { userRole: 'artist' })).statusCode).toBe(201);
    }
    // 450 tokens + 15 x 3 = 495 → level 3 (400 ≤ score < 900).
    const after = await me(p);
    expect(after).toMatchObject({ tokens: 450, discoveries: 3, score: 495, level: 3 });
    expect(after.level).toBe(levelForScore(495));
  });

  it('pays a Pro player double', async () => {
    const p = await signUp(t.app);
    await verifyAsArtist(t.db, p.id);
    await makePro(p);
    expect((await paid(p, { userRole: 'artist' })).json().tokensAwarded).toBe(300);
    expect((await paid(p)).json().tokensAwarded).toBe(100);
    const photo = await uploadPhoto(p, 'graffiti');
    const g = await post(
      p,
      { name: 'Piece', ...GOLD_COAST, imageUrl: photo },
      '/api/discoveries/graffiti',
    );
    expect(g.json().tokensAwarded).toBe(300);
    expect(await me(p)).toMatchObject({ tokens: 700, discoveries: 3 });
  });

  it('pays normally once Pro has lapsed', async () => {
    const p = await signUp(t.app);
    await t.db.insert(subscriptions).values({
      userId: p.id,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() - 1000),
    });
    expect((await paid(p)).json().tokensAwarded).toBe(50);
  });
});

describe('POST /api/discoveries/graffiti', () => {
  it('needs an own photo, pays 150, and files it as a Location graffiti by Unknown', async () => {
    const p = await signUp(t.app);
    const imageUrl = await uploadPhoto(p, 'graffiti');
    const res = await post(
      p,
      { name: '  Wall piece  ', ...GOLD_COAST, imageUrl, artistName: '   ', tokensAwarded: 5000 },
      '/api/discoveries/graffiti',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'graffiti',
      name: 'Wall piece',
      artistName: 'Unknown',
      artType: 'graffiti',
      emojiPin: 'location',
      userRole: 'photographer',
      isFreshArt: false,
      tokensAwarded: 150,
      imageUrl,
    });
    const named = await post(
      p,
      // A second piece needs its own photo: the same one documented twice earns nothing.
      {
        name: 'Other',
        ...GOLD_COAST,
        imageUrl: await uploadPhoto(p, 'graffiti'),
        artistName: 'Sofles',
      },
      '/api/discoveries/graffiti',
    );
    expect(named.json().artistName).toBe('Sofles');
    expect(await me(p)).toMatchObject({ tokens: 300, discoveries: 2, score: 330 });
  });

  it('refuses a graffiti without a photo, naming the field', async () => {
    const p = await signUp(t.app);
    const res = await post(p, { name: 'x', ...GOLD_COAST }, '/api/discoveries/graffiti');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('imageUrl');
    expect(await discoveryCount(p.id)).toBe(0);
  });
});

describe('bad input changes nothing', () => {
  let p: Player;
  let other: Player;
  beforeAll(async () => {
    p = await signUp(t.app);
    other = await signUp(t.app);
    expect((await post(p, valid())).statusCode).toBe(201);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { name: undefined }, 'name'],
    ['blank name', { name: '   ' }, 'name'],
    ['name of 121 characters', { name: 'x'.repeat(121) }, 'name'],
    ['latitude 91', { latitude: 91 }, 'latitude'],
    ['missing latitude', { latitude: undefined }, 'latitude'],
    ['longitude abc', { longitude: 'abc' }, 'longitude'],
    ['longitude -181', { longitude: -181 }, 'longitude'],
    ['unknown emojiPin', { emojiPin: 'skull' }, 'emojiPin'],
    ['userRole admin', { userRole: 'admin' }, 'userRole'],
    ['isFreshArt as text', { isFreshArt: 'yes' }, 'isFreshArt'],
    ['external image URL', { imageUrl: 'https://evil.example/x.jpg' }, 'imageUrl'],
    ['path-traversal image URL', { imageUrl: '/objects/../../etc/passwd' }, 'imageUrl'],
    ['description of 2001 characters', { description: 'd'.repeat(2001) }, 'description'],
  ];

  it.each(cases)('%s → 400 naming the field', async (_label, overrides, field) => {
    const before = { tokens: (await me(p)).tokens, rows: await discoveryCount() };
    const res = await post(p, valid(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
    expect((await me(p)).tokens).toBe(before.tokens);
    expect(await discoveryCount()).toBe(before.rows);
  });

  it("refuses another player's photo (both routes) and inserts nothing", async () => {
    const theirs = await uploadPhoto(other);
    const before = { tokens: (await me(p)).tokens, rows: await discoveryCount() };
    for (const [url, body] of [
      ['/api/discoveries', valid({ imageUrl: theirs })],
      ['/api/discoveries/graffiti', { name: 'x', ...GOLD_COAST, imageUrl: theirs }],
    ] as const) {
      const res = await post(p, body, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("'imageUrl'");
    }
    // A well-formed id that was never uploaded is refused the same way.
    const ghost = await post(p, valid({ imageUrl: '/objects/neverUploaded123' }));
    expect(ghost.statusCode).toBe(400);
    expect((await me(p)).tokens).toBe(before.tokens);
    expect(await discoveryCount()).toBe(before.rows);
  });

  it('answers 401 without a session, before looking at the body, and stores nothing', async () => {
    const before = await discoveryCount();
    for (const url of ['/api/discoveries', '/api/discoveries/graffiti']) {
      for (const payload of [valid(), { name: '' }]) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(401);
      }
    }
    for (const url of ['/api/discoveries/user', '/api/discoveries/nearby?latitude=1&longitude=2']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect(await discoveryCount()).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    const res = await p.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: valid(),
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/discoveries/user', () => {
  it("lists only the player's own discoveries, newest first, with an optional limit", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const names = ['first', 'second', 'third'];
    for (const name of names) {
      expect((await post(a, valid({ name }))).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 5));
    }
    await post(b, valid({ name: 'bobs' }));
    const res = await a.request({ url: '/api/discoveries/user' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ name: string; id: string; createdAt: string; imageUrl: null }[]>();
    expect(list.map((d) => d.name)).toEqual(['third', 'second', 'first']);
    expect(list[0]).toHaveProperty('imageUrl', null);
    const limited = await a.request({ url: '/api/discoveries/user?limit=2' });
    expect(limited.json().map((d: { name: string }) => d.name)).toEqual(['third', 'second']);
    expect((await b.request({ url: '/api/discoveries/user' })).json()).toHaveLength(1);
  });

  it.each(['0', '201', 'abc', '1.5'])('refuses limit=%s naming the field', async (limit) => {
    const p = await signUp(t.app);
    const res = await p.request({ url: `/api/discoveries/user?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("'limit'");
  });
});

describe('concurrency', () => {
  it(
    '50 simultaneous posts by one player pay exactly 50 rewards',
    { tags: ['concurrency'] },
    async () => {
      const p = await signUp(t.app);
      const photos = await storedPhotos(t.db, p.id, 50);
      const results = await Promise.all(
        photos.map((imageUrl, i) => post(p, valid({ name: `spot ${i}`, imageUrl }))),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      expect(await me(p)).toMatchObject({ tokens: 50 * 50, discoveries: 50, score: 2500 + 750 });
      expect(await discoveryCount(p.id)).toBe(50);
    },
  );
});

describe('rate limit', () => {
  it('answers 429 past writesPerUser and inserts nothing', async () => {
    const small = await createTestApp({
      seed: false,
      limits: { writesPerUser: { limit: 3, windowSeconds: 60 } },
    });
    try {
      const p = await signUp(small.app);
      for (let i = 0; i < 3; i++) expect((await paid(p, {}, small.db)).statusCode).toBe(201);
      const photo = await uploadPhoto(p);
      const res = await post(p, valid());
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/too many/i);
      const g = await post(
        p,
        { name: 'g', ...GOLD_COAST, imageUrl: photo },
        '/api/discoveries/graffiti',
      );
      expect(g.statusCode).toBe(429);
      const [row] = await small.db.select({ n: count() }).from(discoveries);
      expect(row?.n).toBe(3);
      const mine = await p.request({ url: '/api/auth/user' });
      expect(mine.json()).toMatchObject({ tokens: 150, discoveries: 3 });
      // Another player has a budget of their own.
      expect((await post(await signUp(small.app), valid())).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});
