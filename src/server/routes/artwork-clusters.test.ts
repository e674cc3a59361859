import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, useUnlimitedApp, type Player } from '../../../test/app.ts';
import type { ArtworksInView } from '../../core/schemas/artworks.ts';
import { rowsOf } from '../db/client.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { artworks } from '../db/schema.ts';
import { FILTERED_SCAN_CAP, PIECES_THRESHOLD } from '../services/artwork-map.ts';

/**
 * The map's artworks by zoom (docs/decisions/029-map-clusters.md): clusters counted by the
 * database while many pieces are in view, the pieces once few are, the counts kept by triggers.
 */

const t = useUnlimitedApp();
let viewer: Player;

const WORLD = { west: -180, south: -85, east: 180, north: 85 };
const MELBOURNE = { latitude: -37.81, longitude: 144.96 };
const BERLIN = { latitude: 52.52, longitude: 13.4 };
const IN_MELBOURNE = 1100;
const IN_BERLIN = 500;

/** `n` pieces on a 30-wide grid of 0.001° steps north-east of a spot, ids `prefix-1..n`. */
async function seedGrid(prefix: string, at: typeof MELBOURNE, n: number) {
  await t().db.execute(sql`
    insert into artworks (id, title, emoji_pin, latitude, longitude)
    select ${prefix} || '-' || i, 'Piece ' || i, 'location',
           ${at.latitude}::float8 + (i % 30) * 0.001, ${at.longitude}::float8 + (i / 30) * 0.001
    from generate_series(1, ${n}) i`);
}

async function inView(query: Record<string, unknown>, player = viewer) {
  const res = await player.request({
    url: '/api/artworks/in-view',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(res.statusCode).toBe(200);
  return res.json<ArtworksInView>();
}

/** The pieces an answer stands for: its clusters' counts and its listed pieces. */
const total = (body: ArtworksInView) =>
  body.clusters.reduce((n, c) => n + c[2], 0) + body.points.length;

beforeAll(async () => {
  viewer = await signUp(t().app);
  await seedGrid('mel', MELBOURNE, IN_MELBOURNE);
  await seedGrid('ber', BERLIN, IN_BERLIN);
});

describe('GET /api/artworks/in-view by zoom', () => {
  it('shows the world as clusters whose counts add up to every piece', async () => {
    const body = await inView({ ...WORLD, zoom: 2 });
    expect(body.version).toBe(2);
    expect(body.points).toEqual([]);
    expect(body.truncated).toBe(false);
    expect(total(body)).toBe(IN_MELBOURNE + IN_BERLIN);
    // Each city is one cluster at zoom 2, placed at its pieces' mean.
    const counts = body.clusters.map((c) => c[2]).sort((a, b) => a - b);
    expect(counts).toEqual([IN_BERLIN, IN_MELBOURNE]);
    const [mean] = rowsOf<{ lat: number; lng: number }>(
      await t().db.execute(
        sql`select avg(latitude) as lat, avg(longitude) as lng from artworks where id like 'ber-%'`,
      ),
    );
    const berlin = body.clusters.find((c) => c[2] === IN_BERLIN)!;
    expect(berlin[0]).toBeCloseTo(Number(mean!.lat), 4);
    expect(berlin[1]).toBeCloseTo(Number(mean!.lng), 4);
    // Rounded to 5 decimals as the client rounds, whichever side of zero.
    for (const [lat, lng] of body.clusters) {
      expect(lat).toBe(Math.round(lat * 1e5) / 1e5);
      expect(lng).toBe(Math.round(lng * 1e5) / 1e5);
    }
    expect(body.clusters.some(([lat]) => lat < 0)).toBe(true);
  });

  it('counts only the box: a city alone at a middle zoom, in cells of its own', async () => {
    const box = { west: 144.9, south: -37.9, east: 145.1, north: -37.7 };
    const body = await inView({ ...box, zoom: 14 });
    expect(total(body)).toBe(IN_MELBOURNE);
    expect(body.clusters.length).toBeGreaterThan(1);
    for (const [lat, lng] of body.clusters) {
      expect(lat).toBeGreaterThan(box.south);
      expect(lng).toBeLessThan(box.east);
    }
  });

  it('lists the pieces once few are in view, newest seen first', async () => {
    const box = { west: 13.399, south: 52.519, east: 13.4025, north: 52.5305 };
    const body = await inView({ ...box, zoom: 16 });
    expect(body.clusters).toEqual([]);
    expect(body.points.length).toBeGreaterThan(0);
    expect(body.points.length).toBeLessThanOrEqual(PIECES_THRESHOLD);
    expect(body.points[0]).toEqual([
      expect.stringMatching(/^ber-/),
      expect.any(Number),
      expect.any(Number),
      null,
      'location',
      'present',
      expect.any(Number),
    ]);
    const seen = body.points.map((p) => p[6]);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('keeps a box far bigger than the screen bounded by counting coarser cells', async () => {
    const body = await inView({ ...WORLD, zoom: 16 });
    expect(total(body)).toBe(IN_MELBOURNE + IN_BERLIN);
    expect(body.clusters.length).toBeLessThanOrEqual(16_384);
  });

  it('wraps a box across the antimeridian', async () => {
    const body = await inView({ west: 100, south: -60, east: -170, north: 60, zoom: 3 });
    expect(total(body)).toBe(IN_MELBOURNE);
  });

  it('filters clusters by status', async () => {
    const gone = await inView({ ...WORLD, zoom: 2, status: 'gone' });
    expect(gone.clusters).toEqual([]);
    expect(gone.points).toEqual([]);
    const present = await inView({ ...WORLD, zoom: 2, status: 'present' });
    expect(total(present)).toBe(IN_MELBOURNE + IN_BERLIN);
  });

  it.each([
    ['no zoom', {}, 'zoom'],
    ['a zoom in words', { zoom: 'far' }, 'zoom'],
    ['a fractional zoom', { zoom: '2.5' }, 'zoom'],
    ['a negative zoom', { zoom: '-1' }, 'zoom'],
    ['a zoom past 24', { zoom: '25' }, 'zoom'],
    ['an empty zoom', { zoom: '' }, 'zoom'],
    ['an unknown status', { zoom: '2', status: 'lost' }, 'status'],
    ['a missing side', { zoom: '2', north: undefined }, 'north'],
  ])('refuses %s with 400 naming the field', async (_label, extra, field) => {
    const query = Object.fromEntries(
      Object.entries({ ...WORLD, ...extra }).filter(([, v]) => v !== undefined),
    );
    const res = await viewer.request({ url: '/api/artworks/in-view', query: stringify(query) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });
});

const stringify = (q: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

describe('the cluster counts follow every change to an artwork', () => {
  const world = async (status?: 'present' | 'gone') =>
    total(await inView({ ...WORLD, zoom: 2, ...(status ? { status } : {}) }));
  const berlinCount = async () =>
    (await inView({ ...WORLD, zoom: 2 })).clusters.find(
      (c) => Math.abs(c[0] - BERLIN.latitude) < 1,
    )?.[2];

  it('an insert, a move, a status change, a hide and a delete', async () => {
    const before = await world();
    await t().db.insert(artworks).values({
      id: 'moving',
      title: 'Moving piece',
      emojiPin: 'location',
      latitude: BERLIN.latitude,
      longitude: BERLIN.longitude,
    });
    expect(await world()).toBe(before + 1);
    expect(await berlinCount()).toBe(IN_BERLIN + 1);

    await t()
      .db.update(artworks)
      .set({ latitude: MELBOURNE.latitude, longitude: MELBOURNE.longitude })
      .where(eq(artworks.id, 'moving'));
    expect(await world()).toBe(before + 1);
    expect(await berlinCount()).toBe(IN_BERLIN);

    await t().db.update(artworks).set({ status: 'gone' }).where(eq(artworks.id, 'moving'));
    expect(await world('gone')).toBe(1);
    expect(await world('present')).toBe(before);

    await t().db.update(artworks).set({ hiddenAt: new Date() }).where(eq(artworks.id, 'moving'));
    expect(await world()).toBe(before);
    await t().db.update(artworks).set({ hiddenAt: null }).where(eq(artworks.id, 'moving'));
    expect(await world('gone')).toBe(1);

    await t().db.delete(artworks).where(eq(artworks.id, 'moving'));
    expect(await world()).toBe(before);
    expect(await world('gone')).toBe(0);
  });

  it('the rebuild gives the same counts as the triggers kept', async () => {
    const kept = await inView({ ...WORLD, zoom: 5 });
    await t().db.execute(sql`select rebuild_artwork_cells()`);
    const rebuilt = await inView({ ...WORLD, zoom: 5 });
    const byPlace = (b: ArtworksInView) =>
      [...b.clusters].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    expect(byPlace(rebuilt)).toEqual(byPlace(kept));
  });

  it(
    '50 pieces pinned and 50 moved across each other at once keep exact counts',
    { tags: ['concurrency'] },
    async () => {
      const before = await world();
      const inserts = Array.from({ length: 50 }, (_, i) =>
        t()
          .db.insert(artworks)
          .values({
            id: `at-once-${i}`,
            title: 'At once',
            emojiPin: 'location',
            latitude: (i % 2 ? BERLIN : MELBOURNE).latitude + i * 1e-4,
            longitude: (i % 2 ? BERLIN : MELBOURNE).longitude,
          }),
      );
      await Promise.all(inserts);
      expect(await world()).toBe(before + 50);
      // Every piece swaps city at once: writers lock the same cells in opposite directions.
      const moves = Array.from({ length: 50 }, (_, i) =>
        t()
          .db.update(artworks)
          .set({
            latitude: (i % 2 ? MELBOURNE : BERLIN).latitude,
            longitude: (i % 2 ? MELBOURNE : BERLIN).longitude,
          })
          .where(eq(artworks.id, `at-once-${i}`)),
      );
      await Promise.all(moves);
      expect(await world()).toBe(before + 50);
      expect(await berlinCount()).toBe(IN_BERLIN + 25);
      await t()
        .db.delete(artworks)
        .where(
          inArray(
            artworks.id,
            Array.from({ length: 50 }, (_, i) => `at-once-${i}`),
          ),
        );
      expect(await world()).toBe(before);
    },
  );
});

describe('Pro filters the pyramid cannot answer', () => {
  it('count clusters from the matching rows, at most FILTERED_SCAN_CAP of them', async () => {
    const pro = await signUp(t().app);
    await t()
      .db.insert(subscriptions)
      .values({ userId: pro.id, status: 'active', currentPeriodEnd: new Date(Date.now() + 864e5) });
    const noPhoto = await inView({ ...WORLD, zoom: 2, hasPhoto: 'false' }, pro);
    expect(total(noPhoto)).toBe(IN_MELBOURNE + IN_BERLIN);
    expect(noPhoto.truncated).toBe(false);
    const withPhoto = await inView({ ...WORLD, zoom: 2, hasPhoto: 'true' }, pro);
    expect(withPhoto).toEqual({ version: 2, clusters: [], points: [], truncated: false });

    await seedGrid('far', { latitude: 10, longitude: 20 }, FILTERED_SCAN_CAP);
    const capped = await inView({ ...WORLD, zoom: 2, hasPhoto: 'false' }, pro);
    expect(capped.truncated).toBe(true);
    expect(total(capped)).toBe(FILTERED_SCAN_CAP + 1);
  });
});
