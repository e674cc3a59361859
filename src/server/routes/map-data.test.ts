import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { loadConfig } from '../config/config.ts';
import { discoveries, legalWalls } from '../db/schema.ts';

let t: TestApp;
let finder: Player;
let viewer: Player;

function wall(id: string, latitude: number, longitude: number) {
  return {
    id,
    name: `Wall ${id}`,
    description: 'A wall',
    city: 'Somewhere',
    country: 'Australia',
    address: 'Street',
    hours: '24/7',
    permitRequired: false,
    latitude,
    longitude,
    source: 'test fixture',
  };
}

const GOLD_COAST = { west: 153.3, south: -28.1, east: 153.5, north: -27.9 };
const query = (b: Record<string, number | string>) =>
  new URLSearchParams(Object.entries(b).map(([k, v]) => [k, String(v)])).toString();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.db
    .insert(legalWalls)
    .values([
      wall('in-box', -28.0, 153.4),
      wall('outside', -27.5, 153.4),
      wall('fiji-east', -16.5, 179.9),
      wall('fiji-west', -16.5, -179.9),
    ]);
  finder = await signUp(t.app);
  viewer = await signUp(t.app);
});
afterAll(() => t.close());

describe('GET /api/legal-walls/in-view', () => {
  it('lists the walls inside the box, without a session', async () => {
    const res = await t.app.inject({ url: `/api/legal-walls/in-view?${query(GOLD_COAST)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((w: { id: string }) => w.id)).toEqual(['in-box']);
    expect(res.json()[0]).toMatchObject({
      hours: '24/7',
      permitRequired: false,
      city: 'Somewhere',
    });
  });

  it('wraps across the antimeridian when west is east of east', async () => {
    const box = { west: 179.5, south: -17, east: -179.5, north: -16 };
    const res = await t.app.inject({ url: `/api/legal-walls/in-view?${query(box)}` });
    expect(
      res
        .json()
        .map((w: { id: string }) => w.id)
        .sort(),
    ).toEqual(['fiji-east', 'fiji-west']);
  });

  it.each([
    ['a missing side', { west: 153.3, south: -28.1, east: 153.5 }, 'north'],
    ['south above north', { ...GOLD_COAST, south: -27, north: -28 }, 'south'],
    ['a latitude past the pole', { ...GOLD_COAST, north: 91 }, 'north'],
    ['text for a number', { ...GOLD_COAST, west: 'far' }, 'west'],
    ['an empty value', { ...GOLD_COAST, east: '' }, 'east'],
  ])('refuses %s with 400 naming the field', async (_label, box, field) => {
    const res = await t.app.inject({ url: `/api/legal-walls/in-view?${query(box)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });
});

describe('GET /api/discoveries/in-view and /api/discoveries/:id', () => {
  let photoUrl: string;
  let firstId: string;
  beforeAll(async () => {
    photoUrl = await uploadPhoto(finder);
    const first = await finder.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: {
        name: 'Koala mural',
        description: 'Big koala',
        latitude: -28.0,
        longitude: 153.41,
        imageUrl: photoUrl,
      },
    });
    expect(first.statusCode).toBe(201);
    firstId = first.json().id;
    const second = await finder.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Later tag', emojiPin: 'tag', latitude: -28.01, longitude: 153.42 },
    });
    expect(second.statusCode).toBe(201);
    await finder.request({
      method: 'POST',
      url: '/api/discoveries',
      payload: { name: 'Brisbane piece', latitude: -27.47, longitude: 153.02 },
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: `/api/discoveries/in-view?${query(GOLD_COAST)}` });
    expect(res.statusCode).toBe(401);
    const one = await t.app.inject({ url: `/api/discoveries/${firstId}` });
    expect(one.statusCode).toBe(401);
  });

  it("gives every player's points in the box as compact tuples, newest first", async () => {
    const res = await viewer.request({ url: `/api/discoveries/in-view?${query(GOLD_COAST)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.truncated).toBe(false);
    expect(body.points).toHaveLength(2);
    expect(body.points[0]).toEqual([expect.any(String), -28.01, 153.42, null, 'tag']);
    expect(body.points[1]).toEqual([firstId, -28.0, 153.41, photoUrl, 'location']);
  });

  it('refuses a bad box with 400', async () => {
    const res = await viewer.request({
      url: `/api/discoveries/in-view?${query({ ...GOLD_COAST, south: 'x' })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('south');
  });

  it('says when the box holds more than the map takes', async () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => ({
      id: `bulk-${i}`,
      userId: finder.id,
      kind: 'discovery' as const,
      name: `Bulk ${i}`,
      description: '',
      emojiPin: 'location',
      userRole: 'photographer' as const,
      latitude: 10 + (i % 1000) / 10_000,
      longitude: 20 + Math.floor(i / 1000) / 10_000,
      address: '',
      tokensAwarded: 0,
    }));
    for (let i = 0; i < rows.length; i += 5000) {
      await t.db.insert(discoveries).values(rows.slice(i, i + 5000));
    }
    const box = { west: 19, south: 9, east: 21, north: 11 };
    const res = await viewer.request({ url: `/api/discoveries/in-view?${query(box)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.truncated).toBe(true);
    expect(body.points).toHaveLength(100_000);

    // A phone asking for brotli gets the same answer at a fraction of the bytes.
    const compressed = await viewer.request({
      url: `/api/discoveries/in-view?${query(box)}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.rawPayload.length).toBeLessThan(res.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(body);
  }, 120_000);

  it("shows one discovery to another player without the finder's private details", async () => {
    const res = await viewer.request({ url: `/api/discoveries/${firstId}` });
    expect(res.statusCode).toBe(200);
    // With the artwork it logs: the map opens a link to a discovery at its artwork.
    const artwork = await viewer.request({ url: `/api/artworks/${res.json().artworkId}` });
    expect(artwork.json()).toMatchObject({ title: 'Koala mural', latitude: -28.0 });
    expect(res.json()).toEqual({
      artworkId: expect.any(String),
      id: firstId,
      name: 'Koala mural',
      description: 'Big koala',
      imageUrl: photoUrl,
      emojiPin: 'location',
      kind: 'discovery',
      latitude: -28.0,
      longitude: 153.41,
      username: finder.username,
      createdAt: expect.any(String),
    });
  });

  it('answers 404 for an unknown discovery', async () => {
    const res = await viewer.request({ url: '/api/discoveries/no-such-discovery' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Discovery not found');
  });
});

describe('map sources', () => {
  it('serves the no-key defaults with attribution in /api/config, keyed imagery off', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    const { map } = res.json();
    expect(map.streets.url).toBe('https://tiles.openfreemap.org/planet');
    for (const source of [map.streets, map.terrain, map.buildings]) {
      expect(source.attribution.length).toBeGreaterThan(10);
    }
    expect([map.satellite, map.standardSatellite, map.labels]).toEqual([null, null, null]);
  });

  it('lets the browser fetch map data only from the configured map origins', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/tiles\.openfreemap\.org/);
    expect(csp).not.toMatch(/arcgisonline|eox\.at/);
  });

  it('reads replacements and "off" from the environment', () => {
    const config = loadConfig({
      MAP_SATELLITE_TILES:
        'http://127.0.0.1:9/sat/{z}/{x}/{y}.png, http://127.0.0.1:9/b/{z}/{x}/{y}.png',
      MAP_SATELLITE_ATTRIBUTION: 'Test imagery',
      MAP_LABEL_TILES: 'off',
      MAP_BUILDINGS_URL: 'off',
    });
    expect(config.mapSources.satellite).toEqual({
      tiles: ['http://127.0.0.1:9/sat/{z}/{x}/{y}.png', 'http://127.0.0.1:9/b/{z}/{x}/{y}.png'],
      maxzoom: 19,
      attribution: 'Test imagery',
    });
    expect(config.mapSources.labels).toBeNull();
    expect(config.mapSources.buildings).toBeNull();
    expect(config.mapSources.terrain?.encoding).toBe('terrarium');
  });

  it('refuses a tile template that is not an http(s) URL', () => {
    expect(() => loadConfig({ MAP_TERRAIN_TILES: 'javascript:alert(1)' })).toThrow(
      /MAP_TERRAIN_TILES: must be "off" or http\(s\) URL templates/,
    );
    expect(() => loadConfig({ MAP_BUILDINGS_URL: 'ftp://tiles' })).toThrow(/MAP_BUILDINGS_URL/);
  });
});
