import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedPhoto } from '../../../test/evidence.ts';
import { signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import { insertWall } from '../../../test/walls.ts';
import { AREA_ARTWORKS_LIMIT } from '../../core/constants.ts';
import type { AreaContents } from '../../core/schemas/area.ts';
import { missions } from '../db/community-schema.ts';

/** GET /api/area: what a saved area holds (docs/decisions/037-saved-areas.md). */

const t = useUnlimitedApp();
let player: Player;
/** The artwork the player's discovery at the near mission's target made. */
let found: string;

const CENTRE = { latitude: -33.87, longitude: 151.21 };
/** About `km` north of the centre (1° of latitude is 111.2 km). */
const north = (km: number) => ({ ...CENTRE, latitude: CENTRE.latitude + km / 111.2 });

async function addArtwork(id: string, at: { latitude: number; longitude: number }, hidden = false) {
  await t().db.execute(sql`
    insert into artworks (id, title, emoji_pin, latitude, longitude, hidden_at)
    values (${id}, 'Piece', 'location', ${at.latitude}, ${at.longitude},
            ${hidden ? sql`now()` : sql`null`})`);
}

async function addMission(id: string, at: { latitude: number; longitude: number } | null) {
  await t()
    .db.insert(missions)
    .values({
      id,
      title: `Mission ${id}`,
      description: 'Find it',
      difficulty: 'easy',
      rewardTokens: 100,
      missionType: 'discovery',
      targetEmojiPin: 'hot_spot',
      targetLat: at?.latitude ?? null,
      targetLng: at?.longitude ?? null,
      source: 'test',
    });
}

const area = (query: Record<string, string>, as: Player | null = player) =>
  as ? as.request({ url: '/api/area', query }) : t().app.inject({ url: '/api/area', query });

const at = (radius: number) => ({
  latitude: String(CENTRE.latitude),
  longitude: String(CENTRE.longitude),
  radius: String(radius),
});

beforeAll(async () => {
  player = await signUp(t().app);
  await insertWall(t().db, north(0.5), { id: 'wall-near', name: 'Near wall' });
  await insertWall(t().db, north(1.5), { id: 'wall-mid', name: 'Mid wall' });
  await insertWall(t().db, north(4), { id: 'wall-far', name: 'Far wall' });
  await insertWall(t().db, north(0.2), { id: 'wall-closed', status: 'closed' });
  await insertWall(t().db, north(9), { id: 'wall-outside' });
  await addArtwork('art-near', north(0.3));
  await addArtwork('art-far', north(4.5));
  await addArtwork('art-hidden', north(0.3), true);
  await addArtwork('art-outside', north(6));
  await addMission('mission-near', north(0.8));
  await addMission('mission-outside', north(7));
  await addMission('mission-anywhere', null);
  // The player completes the near mission with a discovery at its target.
  const res = await player.request({
    method: 'POST',
    url: '/api/discoveries',
    payload: {
      name: 'spot',
      emojiPin: 'hot_spot',
      ...north(0.8),
      imageUrl: await storedPhoto(t().db, player.id),
    },
  });
  expect(res.statusCode).toBe(201);
  found = res.json<{ artworkId: string }>().artworkId;
});

describe('GET /api/area', () => {
  it('holds the open walls, visible artworks and mission targets within the radius', async () => {
    const res = await area(at(1));
    expect(res.statusCode).toBe(200);
    const body = res.json<AreaContents>();
    expect(body.walls.map((w) => w.id)).toEqual(['wall-near']);
    expect(body.walls[0]).toMatchObject({ name: 'Near wall', hours: '24/7', status: 'verified' });
    expect(body.walls[0]).not.toHaveProperty('distanceKm');
    expect(body.artworks.map((a) => a[0]).sort()).toEqual(['art-near', found].sort());
    expect(body.missions.map((m) => [m.id, m.completedByMe])).toEqual([['mission-near', true]]);
    expect(body.truncated).toBe(false);
  });

  it('grows with the radius, up to 5 km', async () => {
    const body = (await area(at(5))).json<AreaContents>();
    expect(body.walls.map((w) => w.id)).toEqual(['wall-near', 'wall-mid', 'wall-far']);
    expect(body.artworks.map((a) => a[0]).sort()).toEqual(['art-far', 'art-near', found].sort());
    expect(body.missions.map((m) => m.id)).toEqual(['mission-near']);
  });

  it('is for signed-in players only', async () => {
    const res = await area(at(1), null);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no latitude', 'latitude', { longitude: '151.21', radius: '1' }],
    ['no longitude', 'longitude', { latitude: '-33.87', radius: '1' }],
    ['no radius', 'radius', { latitude: '-33.87', longitude: '151.21' }],
    ['an empty radius', 'radius', { ...at(1), radius: '' }],
    ['a latitude that is not a number', 'latitude', { ...at(1), latitude: 'north' }],
    ['a longitude that is not a number', 'longitude', { ...at(1), longitude: '151,21' }],
    ['a radius that is not a number', 'radius', { ...at(1), radius: 'far' }],
    ['a latitude past the pole', 'latitude', { ...at(1), latitude: '90.5' }],
    ['a longitude past the antimeridian', 'longitude', { ...at(1), longitude: '-181' }],
    ['a radius over 5 km', 'radius', { ...at(1), radius: '5.01' }],
    ['a radius of zero', 'radius', { ...at(1), radius: '0' }],
    ['a negative radius', 'radius', { ...at(1), radius: '-1' }],
  ])('refuses %s with 400 naming %s', async (_, field, query) => {
    const res = await area(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
  });

  it('says truncated past the artworks an area holds, and holds no more', async () => {
    const spot = { latitude: 48.85, longitude: 2.35 };
    await t().db.execute(sql`
      insert into artworks (id, title, emoji_pin, latitude, longitude)
      select 'dense-' || i, 'Piece', 'location',
             ${spot.latitude}::float8 + (i % 80) * 0.0001, ${spot.longitude}::float8 + (i / 80) * 0.0001
      from generate_series(1, ${AREA_ARTWORKS_LIMIT + 1}) i`);
    const res = await area({
      latitude: String(spot.latitude),
      longitude: String(spot.longitude),
      radius: '1',
    });
    const body = res.json<AreaContents>();
    expect(body.artworks).toHaveLength(AREA_ARTWORKS_LIMIT);
    expect(body.truncated).toBe(true);
  });
});
