import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import type { Mission } from '../../core/schemas/catalog.ts';
import { discoveries } from '../db/schema.ts';
import { artists, missionCompletions, missions } from '../db/community-schema.ts';

const DAY = 86_400_000;
const daysFromNow = (d: number) => new Date(Date.now() + d * DAY);

let t: TestApp;
let alice: Player;
let bob: Player;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(() => t.close());

describe('GET /api/artists', () => {
  beforeAll(async () => {
    const artist = (id: string, name: string, aka: string | null, achievements: string[]) => ({
      id,
      name,
      aka,
      city: 'Melbourne',
      country: 'Australia',
      activeYears: '2005–present',
      style: 'Stencil',
      achievements,
      source: 'test',
    });
    await t.db
      .insert(artists)
      .values([
        artist('zed', 'Zed Crew', null, []),
        artist('alpha', 'alpha one', 'A1', ['Mural of the year', 'Festival headliner']),
        artist('mid', 'Mira', 'M', ['One']),
      ]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/artists' })).statusCode).toBe(401);
  });

  it('lists artists by name with the SPEC fields, a photo, pieces and the verified mark', async () => {
    const res = await alice.request({ url: '/api/artists' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string }[]>();
    expect(list.map((a) => a.id)).toEqual(['alpha', 'mid', 'zed']);
    expect(list[0]).toEqual({
      id: 'alpha',
      name: 'alpha one',
      aka: 'A1',
      city: 'Melbourne',
      country: 'Australia',
      activeYears: '2005–present',
      style: 'Stencil',
      achievements: ['Mural of the year', 'Festival headliner'],
      // No credited piece yet, nobody verified (docs/decisions/049-artists.md).
      photoUrl: null,
      pieces: 0,
      verified: false,
    });
    expect(list[2]).toMatchObject({ aka: null, achievements: [] });
  });
});

describe('GET /api/missions', () => {
  beforeAll(async () => {
    const mission = (id: string, expiresAt: Date | null, title = `Mission ${id}`) => ({
      id,
      title,
      description: `Do ${id}`,
      difficulty: 'easy' as const,
      rewardTokens: 100,
      missionType: 'discovery',
      targetEmojiPin: 'tag',
      targetLat: null,
      targetLng: null,
      maxCompletions: null,
      currentCompletions: 0,
      expiresAt,
      source: 'test',
    });
    const soon = daysFromNow(3);
    await t.db.insert(missions).values([
      mission('expired', daysFromNow(-1)),
      mission('open-ended', null),
      mission('later', daysFromNow(10)),
      {
        ...mission('soon-b', soon, 'Bravo wall'),
        difficulty: 'hard',
        targetLat: -28.0167,
        targetLng: 153.4,
        maxCompletions: 50,
        currentCompletions: 7,
        targetEmojiPin: 'hot_spot',
        missionType: 'photo',
        rewardTokens: 300,
      },
      mission('soon-a', soon, 'Alpha wall'),
    ]);
    await t.db.insert(discoveries).values({
      id: 'alice-find',
      userId: alice.id,
      kind: 'discovery',
      name: 'Find',
      emojiPin: 'hot_spot',
      userRole: 'photographer',
      latitude: -28.0167,
      longitude: 153.4,
      address: '-28.016700,153.400000',
      tokensAwarded: 50,
    });
    await t.db
      .insert(missionCompletions)
      .values({ missionId: 'soon-b', userId: alice.id, discoveryId: 'alice-find' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/missions' })).statusCode).toBe(401);
  });

  it('hides expired missions and orders by expiry (open-ended last), then title', async () => {
    const res = await alice.request({ url: '/api/missions' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Mission[]>().map((m) => m.id)).toEqual([
      'soon-a',
      'soon-b',
      'later',
      'open-ended',
    ]);
  });

  it('returns the SPEC fields with targetLocation and completedByMe for the viewer', async () => {
    const mine = (await alice.request({ url: '/api/missions' })).json<Mission[]>();
    expect(mine[1]).toEqual({
      id: 'soon-b',
      title: 'Bravo wall',
      description: 'Do soon-b',
      difficulty: 'hard',
      rewardTokens: 300,
      missionType: 'photo',
      targetEmojiPin: 'hot_spot',
      targetLocation: { lat: -28.0167, lng: 153.4 },
      maxCompletions: 50,
      currentCompletions: 7,
      expiresAt: expect.any(String),
      completedByMe: true,
    });
    expect(new Date(mine[1]!.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(mine[0]).toMatchObject({ targetLocation: null, maxCompletions: null });
    expect(mine[3]).toMatchObject({ expiresAt: null, completedByMe: false });

    const bobs = (await bob.request({ url: '/api/missions' })).json<Mission[]>();
    expect(bobs.every((m) => !m.completedByMe)).toBe(true);
  });
});
