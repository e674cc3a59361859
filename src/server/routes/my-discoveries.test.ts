import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPhoto } from '../../../test/evidence.ts';
import {
  createTestApp,
  findArtwork,
  NO_LIMIT,
  pinArtwork,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { phoneJpeg } from '../../../test/images.ts';
import type { MyDiscoveriesPage } from '../../core/schemas/discoveries.ts';
import { discoveries } from '../db/schema.ts';

let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  for (const n of [1, 2, 3, 4, 5]) await create(alice, `Alice piece ${n}`);
  await create(bob, 'Bob piece 1');
  await create(bob, 'Bob piece 2');
});
afterAll(() => t.close());

/** Created one after another, a few milliseconds apart, so newest-first has one answer. */
async function create(player: Player, name: string): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 3));
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: {
      name,
      latitude: -28.0167,
      longitude: 153.4,
      imageUrl: await storedPhoto(t.db, player.id),
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const page = (player: Player, query = '') =>
  player.request({ url: `/api/discoveries/mine${query}` });

async function allPages(player: Player, limit: number): Promise<MyDiscoveriesPage[]> {
  const pages: MyDiscoveriesPage[] = [];
  let before: string | null = null;
  do {
    const res = await page(player, `?limit=${limit}${before ? `&before=${before}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyDiscoveriesPage>();
    pages.push(body);
    before = body.nextBefore;
  } while (before && pages.length < 20);
  return pages;
}

describe('GET /api/discoveries/mine', () => {
  it('answers 401 without a session, before looking at the query', async () => {
    for (const url of ['/api/discoveries/mine', '/api/discoveries/mine?limit=nope']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('pages through the player’s own discoveries, newest first, and says when it ends', async () => {
    const pages = await allPages(alice, 2);
    expect(pages.map((p) => p.items.map((d) => d.name))).toEqual([
      ['Alice piece 5', 'Alice piece 4'],
      ['Alice piece 3', 'Alice piece 2'],
      ['Alice piece 1'],
    ]);
    expect(pages.map((p) => p.nextBefore === null)).toEqual([false, false, true]);
    expect(pages[0]!.nextBefore).toBe(pages[0]!.items[1]!.id);
  });

  it('answers 20 at a time by default, with the full record of each', async () => {
    const res = await page(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyDiscoveriesPage>();
    expect(body.items).toHaveLength(5);
    expect(body.total).toBe(5);
    expect(body.nextBefore).toBeNull();
    expect(body.items[0]).toMatchObject({
      name: 'Alice piece 5',
      latitude: -28.0167,
      longitude: 153.4,
      tokensAwarded: 50,
      createdAt: expect.any(String),
    });
  });

  it('names the artwork each discovery logs, who found it first, and finds held for review', async () => {
    const pinner = await signUp(t.app);
    const finder = await signUp(t.app);
    const at = { latitude: -28.1, longitude: 153.45 };
    const id = await pinArtwork(pinner, at, { name: 'Surfing Koala' });
    await findArtwork(finder, id, { latitude: at.latitude + 0.0001, longitude: at.longitude });

    const [pinned] = (await page(pinner)).json<MyDiscoveriesPage>().items;
    expect(pinned).toMatchObject({
      artworkId: id,
      artwork: { title: 'Surfing Koala', status: 'present', firstFinder: true },
      pendingReview: false,
    });
    const [found] = (await page(finder)).json<MyDiscoveriesPage>().items;
    expect(found).toMatchObject({
      artworkId: id,
      artwork: { title: 'Surfing Koala', status: 'present', firstFinder: false },
      pendingReview: false,
    });

    // A photo taken far from its pin is held for review, and the list says so.
    const photo = await phoneJpeg({ latitude: at.latitude + 0.05, longitude: at.longitude });
    const imageUrl = await uploadPhoto(finder, 'discovery', photo);
    const held = await finder.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Far from its photo', ...at, imageUrl },
    });
    expect(held.statusCode).toBe(201);
    const [newest] = (await page(finder)).json<MyDiscoveriesPage>().items;
    expect(newest).toMatchObject({ name: 'Far from its photo', pendingReview: true });
  });

  it('never shows another player’s discoveries', async () => {
    const bobs = (await allPages(bob, 1)).flatMap((p) => p.items.map((d) => d.name));
    expect(bobs).toEqual(['Bob piece 2', 'Bob piece 1']);
    const fresh = await signUp(t.app);
    expect((await page(fresh)).json()).toEqual({ items: [], total: 0, nextBefore: null });
  });

  it('keeps discoveries made in the same instant apart, none lost or repeated', async () => {
    const carol = await signUp(t.app);
    const at = new Date('2025-03-01T10:00:00.123Z');
    await t.db.insert(discoveries).values(
      ['x', 'y', 'z'].map((name) => ({
        id: randomUUID(),
        userId: carol.id,
        kind: 'discovery' as const,
        name,
        emojiPin: 'location',
        userRole: 'photographer' as const,
        latitude: 1,
        longitude: 2,
        address: '1.000000,2.000000',
        tokensAwarded: 50,
        createdAt: at,
      })),
    );
    const names = (await allPages(carol, 1)).flatMap((p) => p.items.map((d) => d.name));
    expect(names.sort()).toEqual(['x', 'y', 'z']);
  });

  it('refuses a bad limit or cursor with a 400 naming the field, changing nothing', async () => {
    const bobsId = (await page(bob)).json<MyDiscoveriesPage>().items[0]!.id;
    const before = (await t.db.select({ n: count() }).from(discoveries))[0]!.n;
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=51', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=', 'limit'],
      ['?before=', 'before'],
      [`?before=${'a'.repeat(101)}`, 'before'],
      [`?before=${randomUUID()}`, 'before'],
      // Another player's discovery is no cursor of yours.
      [`?before=${bobsId}`, 'before'],
    ];
    for (const [query, field] of cases) {
      const res = await page(alice, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(field);
    }
    expect((await t.db.select({ n: count() }).from(discoveries))[0]!.n).toBe(before);
  });

  it('keeps GET /api/discoveries/user answering the whole list as before', async () => {
    const res = await alice.request({ url: '/api/discoveries/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string }[]>().map((d) => d.name)).toEqual([
      'Alice piece 5',
      'Alice piece 4',
      'Alice piece 3',
      'Alice piece 2',
      'Alice piece 1',
    ]);
  });
});
