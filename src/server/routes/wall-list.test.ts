import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertWall } from '../../../test/walls.ts';
import { EARTH_RADIUS_KM, distanceKm } from '../../core/geo.ts';
import type { WallListPage } from '../../core/schemas/walls.ts';
import { rowsOf } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';

/**
 * GET /api/legal-walls a page at a time (docs/decisions/026, "The list at any size"): keyset
 * pages by name or by distance, a search, and the total, on a catalogue built for each test.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(legalWalls);
});

const HOME = { latitude: -33.87, longitude: 151.21 };
/** A point `km` due north of HOME. */
const north = (km: number) => ({
  latitude: HOME.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI),
  longitude: HOME.longitude,
});

const get = async (query: string) => {
  const res = await t.app.inject({ url: `/api/legal-walls${query ? `?${query}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WallListPage>();
};

/** Every page from `query` on, following nextCursor; the totals each page gave. */
async function allPages(query: string, from: string | null = null) {
  const pages: WallListPage[] = [];
  let cursor = from;
  do {
    const page = await get([query, cursor && `cursor=${cursor}`].filter(Boolean).join('&'));
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

const names = (page: WallListPage) => page.items.map((w) => w.name);

async function wallsNamed(...list: string[]) {
  const ids: Record<string, string> = {};
  for (const [i, name] of list.entries()) {
    ids[name] = await insertWall(t.db, north(i), { name, id: `w-${String(i).padStart(2, '0')}` });
  }
  return ids;
}

describe('pages by name', () => {
  it('pages through every open wall by name ignoring case, limit at a time, each once', async () => {
    await wallsNamed('delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'Foxtrot', 'golf');
    await insertWall(t.db, north(20), { name: 'Also alpha', id: 'w-z-tie' });
    await insertWall(t.db, north(21), { name: 'Also alpha', id: 'w-a-tie' });
    await insertWall(t.db, north(22), { name: 'Aaa hidden', hiddenAt: new Date() });
    await insertWall(t.db, north(23), { name: 'Aaa closed', status: 'closed' });

    const pages = await allPages('limit=3');
    expect(pages.map(names)).toEqual([
      ['Alpha', 'Also alpha', 'Also alpha'],
      ['Bravo', 'charlie', 'delta'],
      ['echo', 'Foxtrot', 'golf'],
    ]);
    // The same name twice: by id.
    expect(pages[0]!.items.slice(1).map((w) => w.id)).toEqual(['w-a-tie', 'w-z-tie']);
    expect(pages.map((p) => p.total)).toEqual([9, 9, 9]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The default page holds them all and says there is no more.
    expect(names(await get(''))).toEqual(pages.flatMap(names));
  });

  it('continues after the cursor wall whatever changed since: nothing repeated, nothing skipped', async () => {
    const ids = await wallsNamed('b1', 'b2', 'b3', 'b4', 'b5', 'b6');
    const first = await get('limit=2');
    expect(names(first)).toEqual(['b1', 'b2']);

    // The cursor's own wall hidden, one closed further on, one added before and one after it.
    await t.db.update(legalWalls).set({ hiddenAt: new Date() }).where(eq(legalWalls.id, ids.b2!));
    await t.db.update(legalWalls).set({ status: 'closed' }).where(eq(legalWalls.id, ids.b4!));
    await insertWall(t.db, north(30), { name: 'a0' });
    await insertWall(t.db, north(31), { name: 'b3½' });
    // A rename moves a wall to its new place in the order.
    await t.db.update(legalWalls).set({ name: 'a9' }).where(eq(legalWalls.id, ids.b5!));

    const rest = await allPages('limit=2', first.nextCursor);
    expect(rest.flatMap(names)).toEqual(['b3', 'b3½', 'b6']);
    expect(rest[0]!.total).toBe(6);
  });

  it('answers an empty catalogue with no walls, a total of 0 and no cursor', async () => {
    expect(await get('')).toEqual({ items: [], total: 0, nextCursor: null });
  });
});

describe('search', () => {
  it('keeps walls whose name or city holds q, ignoring case and accents, with its own total', async () => {
    await insertWall(t.db, north(1), { name: 'Beco do Batman', city: 'São Paulo' });
    await insertWall(t.db, north(2), { name: 'Paulo’s Lane', city: 'Lisbon' });
    await insertWall(t.db, north(3), { name: 'Harbour Wall', city: 'Sydney' });
    await insertWall(t.db, north(4), { name: '100% Legal', city: 'Perth' });
    await insertWall(t.db, north(5), { name: 'Under_score', city: 'Perth' });
    await insertWall(t.db, north(6), { name: 'Paulo hidden', hiddenAt: new Date() });

    const sao = await get(`q=${encodeURIComponent('SAO  paulo')}`);
    expect(names(sao)).toEqual(['Beco do Batman']);
    expect(sao.total).toBe(1);
    const paulo = await get('q=paul');
    expect(names(paulo)).toEqual(['Beco do Batman', 'Paulo’s Lane']);
    expect(paulo.total).toBe(2);
    // No match across the name and the city.
    expect((await get(`q=${encodeURIComponent('wall sydney')}`)).total).toBe(0);
    // % and _ are themselves, not patterns.
    expect(names(await get('q=%25'))).toEqual(['100% Legal']);
    expect(names(await get('q=_'))).toEqual(['Under_score']);
    // Blank is no search.
    expect((await get('q=%20%20')).total).toBe(5);

    const pages = await allPages('q=p&limit=1');
    expect(pages.flatMap(names)).toEqual([
      '100% Legal',
      'Beco do Batman',
      'Paulo’s Lane',
      'Under_score',
    ]);
    expect(pages.map((p) => p.total)).toEqual([4, 4, 4, 4]);
  });
});

describe('closest first', () => {
  const here = `latitude=${HOME.latitude}&longitude=${HOME.longitude}`;

  it('orders every open wall by distance from the point, nearest first, with distanceKm', async () => {
    // From the next street to the other side of the world: every ring of the search is crossed.
    for (const km of [12000, 9000, 3000, 700, 90, 40, 2, 0.3]) {
      await insertWall(t.db, north(km), { name: `${km} km` });
    }
    await insertWall(t.db, { latitude: 10, longitude: -170 }, { name: 'across the antimeridian' });
    await insertWall(t.db, north(1), { name: 'closed', status: 'closed' });
    // Enough walls for the search to go ring by ring, all near the far side of the Earth.
    await t.db.execute(sql`
      insert into legal_walls (id, name, description, city, country, address, hours,
                               permit_required, latitude, longitude, source)
      select 'far-' || n, 'Far ' || n, 'Far away', 'Atlantic', 'Ocean', 'Sea', 'Never', false,
             33.8 + n / 100000.0, -28.8, 'test'
      from generate_series(1, 2001) as n`);
    const from = (w: { latitude: number; longitude: number }) =>
      distanceKm(HOME.latitude, HOME.longitude, w.latitude, w.longitude);

    const pages: WallListPage[] = [];
    for (let cursor: string | null = null; pages.length < 4; cursor = pages.at(-1)!.nextCursor) {
      pages.push(await get(`${here}&limit=3${cursor ? `&cursor=${cursor}` : ''}`));
    }
    const walls = pages.flatMap((p) => p.items);
    expect(walls.slice(0, 3).map((w) => w.name)).toEqual(['0.3 km', '2 km', '40 km']);
    expect(walls.slice(0, 9).map((w) => w.name)).toEqual(
      walls
        .slice(0, 9)
        .sort((a, b) => from(a) - from(b))
        .map((w) => w.name),
    );
    expect(walls.slice(0, 9).every((w) => !w.name.startsWith('Far'))).toBe(true);
    expect(pages[3]!.items.map((w) => w.name)).toEqual(['Far 1', 'Far 2', 'Far 3']);
    for (const w of walls) {
      expect(Math.abs(w.distanceKm! - from(w))).toBeLessThan(from(w) * 0.001 + 0.001);
    }
    expect(pages.map((p) => p.total)).toEqual([2010, 2010, 2010, 2010]);
  });

  it('breaks a tie in distance by id, and searches by distance too', async () => {
    await insertWall(t.db, north(5), { id: 'w-b', name: 'Twin B', city: 'Twin Town' });
    await insertWall(t.db, north(5), { id: 'w-a', name: 'Twin A', city: 'Twin Town' });
    await insertWall(t.db, north(1), { id: 'w-c', name: 'Near', city: 'Elsewhere' });
    expect((await allPages(`${here}&limit=1`)).flatMap((p) => p.items.map((w) => w.id))).toEqual([
      'w-c',
      'w-a',
      'w-b',
    ]);
    const twins = await allPages(`${here}&q=twin&limit=1`);
    expect(twins.flatMap((p) => p.items.map((w) => w.id))).toEqual(['w-a', 'w-b']);
    expect(twins[0]!.total).toBe(2);
  });
});

describe('the total', () => {
  it('follows every way a wall joins or leaves the list, one statement of many rows too', async () => {
    const total = async () => (await get('')).total;
    await t.db.insert(legalWalls).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `bulk-${i}`,
        name: `Bulk ${i}`,
        description: 'Imported',
        city: 'Perth',
        country: 'Australia',
        address: 'Somewhere',
        hours: 'Any time',
        permitRequired: false,
        latitude: -31.9 - i / 100,
        longitude: 115.86,
        source: 'test',
        status: i < 5 ? ('closed' as const) : ('verified' as const),
      })),
    );
    expect(await total()).toBe(25);
    await t.db
      .update(legalWalls)
      .set({ status: 'closed' })
      .where(sql`${legalWalls.id} like 'bulk-1_'`);
    expect(await total()).toBe(15);
    await t.db.update(legalWalls).set({ status: 'verified' }).where(eq(legalWalls.id, 'bulk-0'));
    await t.db.update(legalWalls).set({ hiddenAt: new Date() }).where(eq(legalWalls.id, 'bulk-20'));
    // Hiding a closed wall, disputing an open one: the list keeps the walls it had.
    await t.db.update(legalWalls).set({ hiddenAt: new Date() }).where(eq(legalWalls.id, 'bulk-3'));
    await t.db.update(legalWalls).set({ status: 'disputed' }).where(eq(legalWalls.id, 'bulk-25'));
    expect(await total()).toBe(15);
    await t.db.delete(legalWalls).where(eq(legalWalls.id, 'bulk-26'));
    await t.db.delete(legalWalls).where(eq(legalWalls.id, 'bulk-4'));
    expect(await total()).toBe(14);
    const counted = await t.db.execute(
      sql`select count(*)::int as n from legal_walls where hidden_at is null and status <> 'closed'`,
    );
    expect(rowsOf<{ n: number }>(counted)[0]!.n).toBe(14);
    await t.db.execute(sql`truncate legal_walls cascade`);
    expect(await total()).toBe(0);
  });
});

describe('refused input', () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  const refused: [query: string, field: string, label?: string][] = [
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    [`q=${'x'.repeat(101)}`, 'q', 'q of 101 characters'],
    ['q=a&q=b', 'q'],
    ['latitude=-33.8', 'longitude'],
    ['longitude=151.2', 'latitude'],
    ['latitude=91&longitude=0', 'latitude'],
    ['latitude=0&longitude=east', 'longitude'],
    ['cursor=', 'cursor'],
    [`cursor=${'a'.repeat(4097)}`, 'cursor', 'a cursor of 4097 characters'],
    ['cursor=!!!', 'cursor'],
    [`cursor=${Buffer.from('not json').toString('base64url')}`, 'cursor'],
    [`cursor=${cursorOf({ name: 'a', id: 'b' })}`, 'cursor'],
    [`cursor=${cursorOf(['a', 'b', 'c'])}`, 'cursor'],
    [`cursor=${cursorOf(['a', ''])}`, 'cursor'],
    [`cursor=${cursorOf(['a', 'x'.repeat(101)])}`, 'cursor', 'a cursor with a 101-character id'],
    [`cursor=${cursorOf(['a\u0000', 'b'])}`, 'cursor'],
    [`cursor=${cursorOf([3.5, 'w-1'])}`, 'cursor'],
    [`latitude=1&longitude=2&cursor=${cursorOf(['Alpha', 'w-1'])}`, 'cursor'],
    [`latitude=1&longitude=2&cursor=${cursorOf([-1, 'w-1'])}`, 'cursor'],
  ];
  it.each(refused.map(([query, field, label]) => ({ query, field, label: label ?? query })))(
    'refuses $label naming $field, and changes nothing',
    async ({ query, field }) => {
      await insertWall(t.db, HOME, { name: 'Kept' });
      const res = await t.app.inject({ url: `/api/legal-walls?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(`'${field}'`);
      expect(await get('')).toMatchObject({ total: 1, items: [{ name: 'Kept' }] });
    },
  );

  it('says which order a cursor belongs to', async () => {
    const byName = await t.app.inject({
      url: `/api/legal-walls?latitude=1&longitude=2&cursor=${cursorOf(['Alpha', 'w-1'])}`,
    });
    expect(byName.json().message).toBe(
      "Invalid query field 'cursor': it continues the list by name: ask without latitude and longitude.",
    );
    const byDistance = await t.app.inject({
      url: `/api/legal-walls?cursor=${cursorOf([2, 'w-1'])}`,
    });
    expect(byDistance.json().message).toBe(
      "Invalid query field 'cursor': it continues the list by distance: ask with the same latitude and longitude.",
    );
  });
});
