import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  findArtwork,
  NO_LIMIT,
  pinArtwork,
  signUp,
  uploadPhoto,
  type Player,
  type Spot,
  type TestApp,
} from '../../../test/app.ts';
import { phoneJpeg } from '../../../test/images.ts';
import type { HeatPoints, MyLogPoints } from '../../core/schemas/artworks.ts';
import { artworkLogs } from '../db/schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

/**
 * The Pro map layers (docs/decisions/021-artworks-and-logs.md): the heat of recent logs and the
 * player's own logs, each for the box in view, refused to players without Pro.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

/** Each scenario gets its own corner of Perth, so no two meet by accident. */
let spot = 0;
const nextSpot = (): Spot => {
  spot += 1;
  return { latitude: -31.9 - spot * 0.02, longitude: 115.8 + spot * 0.02 };
};
const north = (at: Spot, metres: number): Spot => ({
  latitude: at.latitude + metres / 111_195,
  longitude: at.longitude,
});
const boxAround = (at: Spot, half = 0.005) => ({
  west: String(at.longitude - half),
  east: String(at.longitude + half),
  south: String(at.latitude - half),
  north: String(at.latitude + half),
});

async function makePro(player: Player) {
  await t.db.insert(subscriptions).values({
    userId: player.id,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 86_400_000),
  });
}

const heat = (player: Player, at: Spot) =>
  player.request({ url: '/api/artworks/heat', query: boxAround(at) });
const myLogs = (player: Player, at: Spot) =>
  player.request({ url: '/api/artworks/my-logs', query: boxAround(at) });

describe('who may see them', () => {
  it('refuses both layers to a player without Pro, and to a visitor without a session', async () => {
    const a = await signUp(t.app);
    const at = nextSpot();
    for (const res of [await heat(a, at), await myLogs(a, at)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Advanced map layers are part of Pro.' });
    }
    for (const url of ['/api/artworks/heat', '/api/artworks/my-logs']) {
      const res = await t.app.inject({ url, query: boxAround(at) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers a bad box with a 400', async () => {
    const a = await signUp(t.app);
    await makePro(a);
    const at = nextSpot();
    const bad: Record<string, string>[] = [
      {},
      { ...boxAround(at), west: 'left' },
      { ...boxAround(at), north: '91' },
      { ...boxAround(at), south: String(at.latitude + 1) },
    ];
    for (const query of bad) {
      for (const url of ['/api/artworks/heat', '/api/artworks/my-logs']) {
        const res = await a.request({ url, query });
        expect(res.statusCode, `${url} ${JSON.stringify(query)}`).toBe(400);
      }
    }
  });
});

describe('the heat layer', () => {
  it('counts each artwork’s logs of the last 30 days at the artwork, and nothing older', async () => {
    const [a, b, c, viewer] = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    await makePro(viewer!);
    const at = nextSpot();
    const busy = await pinArtwork(a!, at);
    await findArtwork(b!, busy, north(at, 15));
    await findArtwork(c!, busy, north(at, 25));
    const quiet = await pinArtwork(b!, north(at, 200));
    const old = await pinArtwork(c!, north(at, 300));
    await t.db
      .update(artworkLogs)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(artworkLogs.artworkId, old));
    const farAway = nextSpot();
    await pinArtwork(a!, farAway);

    const res = await heat(viewer!, at);
    expect(res.statusCode).toBe(200);
    const { points, truncated } = res.json<HeatPoints>();
    expect(truncated).toBe(false);
    // At the artworks' own places (the finders stood 15 and 25 m away), busiest first.
    expect(points).toEqual([
      [at.latitude, at.longitude, 3],
      [north(at, 200).latitude, at.longitude, 1],
    ]);
    expect(quiet).not.toBe(busy);
  });

  it('leaves out logs held for review', async () => {
    const [a, viewer] = await Promise.all([signUp(t.app), signUp(t.app)]);
    await makePro(viewer!);
    const at = nextSpot();
    const photo = await phoneJpeg({ latitude: at.latitude + 0.05, longitude: at.longitude });
    const imageUrl = await uploadPhoto(a!, 'discovery', photo);
    const res = await a!.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Far from its photo', ...at, imageUrl },
    });
    expect(res.json()).toMatchObject({ pendingReview: true });
    expect((await heat(viewer!, at)).json<HeatPoints>().points).toEqual([]);
  });
});

describe('my logs', () => {
  it('shows only the player’s own logs, the newest kind per artwork, with pending ones marked', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signUp(t.app)));
    await makePro(b!);
    const at = nextSpot();
    const found = await pinArtwork(a!, at);
    await findArtwork(b!, found, north(at, 10));
    const reported = await pinArtwork(a!, north(at, 100));
    await findArtwork(b!, reported, north(at, 100));
    const gone = await b!.request({
      method: 'POST',
      url: `/api/artworks/${reported}/logs`,
      payload: { kind: 'gone', ...north(at, 100) },
    });
    expect(gone.statusCode).toBe(201);
    const notMine = await pinArtwork(c!, north(at, 200));

    const res = await myLogs(b!, at);
    expect(res.statusCode).toBe(200);
    const { points } = res.json<MyLogPoints>();
    const byId = new Map(points.map((p) => [p[0], p]));
    expect([...byId.keys()].sort()).toEqual([found, reported].sort());
    expect(byId.has(notMine)).toBe(false);
    expect(byId.get(found)?.slice(0, 4)).toEqual([found, at.latitude, at.longitude, 'found']);
    expect(byId.get(reported)?.[3]).toBe('gone');
    expect(points.every((p) => p[5] === false)).toBe(true);
    // Newest first.
    expect(points[0]?.[0]).toBe(reported);

    // A log held for review is the player's to see, marked pending.
    await makePro(c!);
    const far = nextSpot();
    const photo = await phoneJpeg({ latitude: far.latitude + 0.05, longitude: far.longitude });
    const imageUrl = await uploadPhoto(c!, 'discovery', photo);
    const held = await c!.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Held', ...far, imageUrl },
    });
    const heldId = held.json<{ artworkId: string }>().artworkId;
    expect((await myLogs(c!, far)).json<MyLogPoints>().points).toEqual([
      [heldId, far.latitude, far.longitude, 'found', expect.any(Number), true],
    ]);
  });
});
