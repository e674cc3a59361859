import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { storedPhoto, storedPhotos } from '../../../test/evidence.ts';
import { EARTH_RADIUS_KM } from '../../core/geo.ts';
import { missionCompletions, missions } from '../db/community-schema.ts';
import { subscriptions } from '../db/payments-schema.ts';

/** Mission progress is exercised through the real discovery routes on a real database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT },
  });
});
afterAll(() => t.close());

const metresNorth = (lat: number, m: number) =>
  lat + (m / 1000 / EARTH_RADIUS_KM) * (180 / Math.PI);

let place = 0;
/** Each mission gets a spot of its own, far from the others. */
async function addMission(overrides: Partial<typeof missions.$inferInsert> = {}) {
  place += 1;
  const row = {
    id: `m-${randomUUID()}`,
    title: `Mission ${place}`,
    description: 'Find it',
    difficulty: 'easy' as const,
    rewardTokens: 200,
    missionType: 'discovery',
    targetEmojiPin: 'hot_spot',
    targetLat: -60 + place * 0.5,
    targetLng: 100 + place * 0.5,
    maxCompletions: null,
    expiresAt: new Date(Date.now() + 86_400_000),
    source: 'test',
    ...overrides,
  };
  await t.db.insert(missions).values(row);
  // Where to stand to hit the target (tests of target-less missions do not use it).
  return { ...row, lat: row.targetLat ?? 0, lng: row.targetLng ?? 0 };
}

/** A paid discovery (a photo of the player's own); races pass photos stored beforehand. */
const discover = async (
  player: Player,
  at: { lat: number; lng: number },
  emojiPin = 'hot_spot',
  imageUrl?: string,
) =>
  player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: {
      name: 'spot',
      emojiPin,
      latitude: at.lat,
      longitude: at.lng,
      imageUrl: imageUrl ?? (await storedPhoto(t.db, player.id)),
    },
  });

async function tokens(player: Player): Promise<number> {
  return (await player.request({ url: '/api/auth/user' })).json().tokens;
}

async function missionRow(id: string) {
  const [row] = await t.db.select().from(missions).where(eq(missions.id, id));
  return row!;
}

async function completionsOf(missionId: string) {
  return t.db.select().from(missionCompletions).where(eq(missionCompletions.missionId, missionId));
}

describe('completing a mission', () => {
  it('pays rewardTokens once for a discovery within 100 m with the right pin', async () => {
    const m = await addMission();
    const p = await signUp(t.app);
    const res = await discover(p, { lat: metresNorth(m.lat, 80), lng: m.lng });
    expect(res.statusCode).toBe(201);
    expect(res.json().completedMissions).toEqual([{ id: m.id, title: m.title, rewardTokens: 200 }]);
    expect(await tokens(p)).toBe(50 + 200);
    expect((await missionRow(m.id)).currentCompletions).toBe(1);
    const [completion] = await completionsOf(m.id);
    expect(completion).toMatchObject({ userId: p.id, discoveryId: res.json().id });

    const again = await discover(p, { lat: m.lat, lng: m.lng });
    expect(again.json().completedMissions).toEqual([]);
    expect(await tokens(p)).toBe(50 + 200 + 50);
    expect((await missionRow(m.id)).currentCompletions).toBe(1);
  });

  it('does not complete with the wrong pin, 150 m away, or once expired', async () => {
    const m = await addMission();
    const expired = await addMission({ expiresAt: new Date(Date.now() - 1000) });
    const p = await signUp(t.app);
    const wrongPin = await discover(p, { lat: m.lat, lng: m.lng }, 'flag');
    expect(wrongPin.json().completedMissions).toEqual([]);
    const tooFar = await discover(p, { lat: metresNorth(m.lat, 150), lng: m.lng });
    expect(tooFar.json().completedMissions).toEqual([]);
    // Another player: the expired mission is too far away to reach in the same minute.
    const q = await signUp(t.app);
    const late = await discover(q, { lat: expired.lat, lng: expired.lng });
    expect(late.json().completedMissions).toEqual([]);
    expect(await tokens(p)).toBe(100);
    expect(await tokens(q)).toBe(50);
    expect(await completionsOf(m.id)).toHaveLength(0);
    expect(await completionsOf(expired.id)).toHaveLength(0);
    expect((await missionRow(expired.id)).currentCompletions).toBe(0);
  });

  it('never completes a mission without a target, and not one already full', async () => {
    const full = await addMission({ maxCompletions: 2, currentCompletions: 2 });
    const noTarget = await addMission({ targetLat: null, targetLng: null });
    const p = await signUp(t.app);
    const res = await discover(p, { lat: full.lat, lng: full.lng });
    expect(res.json().completedMissions).toEqual([]);
    expect((await missionRow(full.id)).currentCompletions).toBe(2);
    expect(await completionsOf(noTarget.id)).toHaveLength(0);
  });

  it('counts a graffiti upload as a Location pin', async () => {
    const m = await addMission({ targetEmojiPin: 'location', rewardTokens: 75 });
    const p = await signUp(t.app);
    const imageUrl = await uploadPhoto(p, 'graffiti');
    const res = await p.request({
      method: 'POST',
      url: '/api/discoveries/graffiti',
      payload: { name: 'Piece', latitude: m.lat, longitude: m.lng, imageUrl },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().completedMissions).toEqual([{ id: m.id, title: m.title, rewardTokens: 75 }]);
    expect(await tokens(p)).toBe(150 + 75);
  });

  it('completes every matching mission at once, and doubles mission rewards for Pro', async () => {
    const a = await addMission({ rewardTokens: 100 });
    const b = await addMission({
      targetLat: metresNorth(a.lat, 50),
      targetLng: a.lng,
      rewardTokens: 40,
    });
    const p = await signUp(t.app);
    await t.db.insert(subscriptions).values({
      userId: p.id,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const res = await discover(p, { lat: metresNorth(a.lat, 25), lng: a.lng });
    const done = res.json<{ completedMissions: { id: string; rewardTokens: number }[] }>();
    expect(done.completedMissions.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(done.completedMissions.find((m) => m.id === a.id)?.rewardTokens).toBe(200);
    expect(done.completedMissions.find((m) => m.id === b.id)?.rewardTokens).toBe(80);
    expect(await tokens(p)).toBe(100 + 200 + 80);
  });

  it('works across the antimeridian', async () => {
    const m = await addMission({ targetLat: 5, targetLng: 179.9996 });
    const p = await signUp(t.app);
    const res = await discover(p, { lat: 5, lng: -179.9996 });
    expect(res.json().completedMissions).toHaveLength(1);
    expect((await missionRow(m.id)).currentCompletions).toBe(1);
  });
});

describe('under concurrency', () => {
  it(
    'maxCompletions 3 with 50 players at once: exactly 3 complete',
    { tags: ['concurrency'] },
    async () => {
      const m = await addMission({ maxCompletions: 3, rewardTokens: 500 });
      const players = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
      const photos = await Promise.all(players.map((p) => storedPhoto(t.db, p.id)));
      const results = await Promise.all(
        players.map((p, i) => discover(p, { lat: m.lat, lng: m.lng }, 'hot_spot', photos[i])),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const winners = results.filter((r) => r.json().completedMissions.length === 1);
      expect(winners).toHaveLength(3);
      expect((await missionRow(m.id)).currentCompletions).toBe(3);
      expect(await completionsOf(m.id)).toHaveLength(3);
      const balances = await Promise.all(players.map(tokens));
      expect(balances.filter((b) => b === 550)).toHaveLength(3);
      expect(balances.filter((b) => b === 50)).toHaveLength(47);
    },
  );

  it(
    'one player posting 50 times at once completes a mission once',
    { tags: ['concurrency'] },
    async () => {
      const m = await addMission({ rewardTokens: 300 });
      const p = await signUp(t.app);
      const photos = await storedPhotos(t.db, p.id, 50);
      const results = await Promise.all(
        photos.map((url) => discover(p, { lat: m.lat, lng: m.lng }, 'hot_spot', url)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
      const completions = await t.db
        .select()
        .from(missionCompletions)
        .where(and(eq(missionCompletions.missionId, m.id), eq(missionCompletions.userId, p.id)));
      expect(completions).toHaveLength(1);
      expect((await missionRow(m.id)).currentCompletions).toBe(1);
      expect(await tokens(p)).toBe(50 * 50 + 300);
    },
  );
});
