import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Player, type TestApp } from '../../../test/app.ts';
import { distanceKm, EARTH_RADIUS_KM } from '../../core/geo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const post = (player: Player, payload: object) =>
  player.request({ method: 'POST', url: '/api/discoveries', payload });

const valid = (overrides: Record<string, unknown>) => ({
  name: 'Rainbow mural',
  emojiPin: 'location',
  userRole: 'photographer',
  ...overrides,
});

/** A point km away from the centre due north (along a meridian). */
const north = (lat: number, lng: number, km: number) => ({
  latitude: lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI),
  longitude: lng,
});

describe('GET /api/discoveries/nearby', () => {
  let finder: Player;
  let viewer: Player;
  const centre = { latitude: -33.8688, longitude: 151.2093 };
  beforeAll(async () => {
    finder = await signUp(t.app);
    viewer = await signUp(t.app);
    const spots: [string, { latitude: number; longitude: number }][] = [
      ['at 3.9 km', north(centre.latitude, centre.longitude, 3.9)],
      ['at 4.1 km', north(centre.latitude, centre.longitude, 4.1)],
      ['at 1 km', north(centre.latitude, centre.longitude, 1)],
      ['at 2 km east', { latitude: centre.latitude, longitude: centre.longitude + 0.0216 }],
      ['far away', { latitude: -37.8136, longitude: 144.9631 }],
    ];
    for (const [name, at] of spots) {
      expect((await post(finder, valid({ name, ...at }))).statusCode).toBe(201);
    }
    expect(
      (await post(finder, valid({ name: 'east of the line', latitude: 0, longitude: -179.99 })))
        .statusCode,
    ).toBe(201);
  });

  const nearby = (player: Player, query: string) =>
    player.request({ url: `/api/discoveries/nearby?${query}` });

  it("finds every player's discoveries in the radius, closest first, with the finder's name", async () => {
    const res = await nearby(
      viewer,
      `latitude=${centre.latitude}&longitude=${centre.longitude}&radius=4`,
    );
    expect(res.statusCode).toBe(200);
    const list = res.json<
      {
        name: string;
        distanceKm: number;
        username: string;
        latitude: number;
        longitude: number;
      }[]
    >();
    expect(list.map((d) => d.name)).toEqual(['at 1 km', 'at 2 km east', 'at 3.9 km']);
    expect(list.every((d) => d.username === finder.username)).toBe(true);
    for (const d of list) {
      const exact = distanceKm(centre.latitude, centre.longitude, d.latitude, d.longitude);
      expect(Math.abs(d.distanceKm - exact)).toBeLessThan(exact * 0.01);
    }
    expect(list[0]!.distanceKm).toBeCloseTo(1, 2);
    expect(list[2]!.distanceKm).toBeCloseTo(3.9, 2);
  });

  it('uses radius 4 by default and honours a wider one', async () => {
    const def = await nearby(viewer, `latitude=${centre.latitude}&longitude=${centre.longitude}`);
    expect(def.json()).toHaveLength(3);
    const wide = await nearby(
      viewer,
      `latitude=${centre.latitude}&longitude=${centre.longitude}&radius=4.2`,
    );
    expect(wide.json().map((d: { name: string }) => d.name)).toContain('at 4.1 km');
  });

  it('finds a point across the antimeridian', async () => {
    const res = await nearby(viewer, 'latitude=0&longitude=179.99&radius=4');
    const list = res.json<{ name: string; distanceKm: number }[]>();
    expect(list.map((d) => d.name)).toEqual(['east of the line']);
    expect(list[0]!.distanceKm).toBeCloseTo(2.224, 2);
  });

  it.each([
    ['latitude=1&longitude=2&radius=0', 'radius'],
    ['latitude=1&longitude=2&radius=1000', 'radius'],
    ['latitude=1&longitude=2&radius=-1', 'radius'],
    ['latitude=1&longitude=2&radius=abc', 'radius'],
    ['longitude=2', 'latitude'],
    ['latitude=91&longitude=2', 'latitude'],
    ['latitude=1&longitude=abc', 'longitude'],
    ['latitude=&longitude=2', 'latitude'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await nearby(viewer, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
  });
});
