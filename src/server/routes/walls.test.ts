import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { EARTH_RADIUS_KM, distanceKm } from '../../core/geo.ts';
import { legalWalls } from '../db/schema.ts';

let t: TestApp;

const CENTRE = { latitude: -28.0167, longitude: 153.4 };
const kmNorth = (km: number) => CENTRE.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI);

function wall(id: string, name: string, latitude: number, longitude: number) {
  return {
    id,
    name,
    description: `${name} description`,
    city: 'Gold Coast',
    country: 'Australia',
    address: `${name} Street`,
    hours: '24/7',
    permitRequired: id.endsWith('permit'),
    latitude,
    longitude,
    source: 'test fixture',
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.db
    .insert(legalWalls)
    .values([
      wall('w-nine', 'Zebra Lane', kmNorth(9.9), CENTRE.longitude),
      wall('w-two-permit', 'Alpha Wall', kmNorth(2), CENTRE.longitude),
      wall('w-eleven', 'Mid Wall', kmNorth(10.1), CENTRE.longitude),
      wall('w-five', 'beta yard', CENTRE.latitude, CENTRE.longitude + 0.051),
      wall('w-fiji', 'Dateline Wall', -16.5, -179.99),
      wall('w-melb', 'Hosier Lane', -37.8163, 144.969),
    ]);
});
afterAll(() => t.close());

describe('GET /api/legal-walls', () => {
  it('lists every wall by name (ignoring case), without a session, with its status and source', async () => {
    const res = await t.app.inject({ url: '/api/legal-walls' });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Record<string, unknown>[]; total: number }>();
    expect(page).toMatchObject({ total: 6, nextCursor: null });
    const list = page.items;
    expect(list.map((w) => w.name)).toEqual([
      'Alpha Wall',
      'beta yard',
      'Dateline Wall',
      'Hosier Lane',
      'Mid Wall',
      'Zebra Lane',
    ]);
    expect(list[0]).toEqual({
      id: 'w-two-permit',
      name: 'Alpha Wall',
      description: 'Alpha Wall description',
      city: 'Gold Coast',
      country: 'Australia',
      address: 'Alpha Wall Street',
      hours: '24/7',
      permitRequired: true,
      latitude: kmNorth(2),
      longitude: CENTRE.longitude,
      status: 'verified',
      imageUrl: null,
      permitRules: null,
      lastConfirmedAt: null,
      listedYear: null,
      confirmations: { players: 0, counting: 0 },
      source: {
        kind: 'curated',
        label: 'test fixture',
        url: null,
        licence: null,
        links: [],
        notInSourceSince: null,
        listedBy: null,
      },
    });
  });

  it('answers the same when signed in', async () => {
    const p = await signUp(t.app);
    const res = await p.request({ url: '/api/legal-walls' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(6);
  });
});

describe('GET /api/legal-walls/:id', () => {
  it('returns one wall', async () => {
    const res = await t.app.inject({ url: '/api/legal-walls/w-melb' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'w-melb', name: 'Hosier Lane', permitRequired: false });
  });

  it('answers 404 for an unknown id, and 414 for one longer than any id', async () => {
    const res = await t.app.inject({ url: '/api/legal-walls/no-such-wall' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Legal wall not found');
    // Fastify refuses path parameters over 100 characters before routing.
    const long = await t.app.inject({ url: `/api/legal-walls/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toHaveProperty('message');
  });
});

describe('GET /api/legal-walls/nearby', () => {
  const nearby = (query: string) => t.app.inject({ url: `/api/legal-walls/nearby?${query}` });
  const here = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}`;

  it('finds walls within 10 km by default, closest first, with distances', async () => {
    const res = await nearby(here);
    expect(res.statusCode).toBe(200);
    const list =
      res.json<{ id: string; distanceKm: number; latitude: number; longitude: number }[]>();
    expect(list.map((w) => w.id)).toEqual(['w-two-permit', 'w-five', 'w-nine']);
    for (const w of list) {
      const exact = distanceKm(CENTRE.latitude, CENTRE.longitude, w.latitude, w.longitude);
      expect(Math.abs(w.distanceKm - exact)).toBeLessThan(exact * 0.01);
    }
    expect(list[0]!.distanceKm).toBeCloseTo(2, 2);
    expect(list[2]!.distanceKm).toBeCloseTo(9.9, 2);
  });

  it('honours the radius at its boundary and a wide radius', async () => {
    expect((await nearby(`${here}&radius=10.2`)).json().map((w: { id: string }) => w.id)).toEqual([
      'w-two-permit',
      'w-five',
      'w-nine',
      'w-eleven',
    ]);
    expect((await nearby(`${here}&radius=1.9`)).json()).toEqual([]);
    const wide = (await nearby(`${here}&radius=500`)).json();
    expect(wide).toHaveLength(4);
  });

  it('finds a wall across the antimeridian', async () => {
    const res = await nearby('latitude=-16.5&longitude=179.99&radius=5');
    expect(res.json().map((w: { id: string }) => w.id)).toEqual(['w-fiji']);
  });

  it.each([
    ['latitude=1&longitude=2&radius=0', 'radius'],
    ['latitude=1&longitude=2&radius=1000', 'radius'],
    ['longitude=2', 'latitude'],
    ['latitude=91&longitude=2', 'latitude'],
    ['latitude=1&longitude=abc', 'longitude'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await nearby(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`'${field}'`);
  });
});
