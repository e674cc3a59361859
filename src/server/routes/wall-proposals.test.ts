import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  NO_LIMIT,
  signUp,
  uploadPhoto,
  type Player,
  type TestApp,
} from '../../../test/app.ts';
import { insertWall } from '../../../test/walls.ts';
import type { LegalWall, WallDetail, WallListPage } from '../../core/schemas/walls.ts';
import { legalWalls } from '../db/schema.ts';

let t: TestApp;
let proposer: Player;

// Metres north of a latitude, near enough for the tests' distances.
const north = (lat: number, m: number) => lat + m / 111_195;
const BASE = { latitude: -27.4705, longitude: 153.0235 };

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: { signUpPerIp: NO_LIMIT, writesPerUser: NO_LIMIT, uploadsPerUser: NO_LIMIT },
  });
  proposer = await signUp(t.app, 'wall_finder');
});
afterAll(() => t.close());

const wallCount = async () => (await t.db.select({ n: count() }).from(legalWalls))[0]!.n;

async function proposal(player: Player, over: Record<string, unknown> = {}) {
  return {
    name: 'Kangaroo Point culvert',
    imageUrl: await uploadPhoto(player, 'wall'),
    description: 'Council-run free wall under the bridge, bring your own cans.',
    permitRequired: false,
    permitRules: 'No permit; keep it clean and no hate.',
    hours: 'Daylight',
    city: 'Brisbane',
    country: 'Australia',
    address: 'Under the Story Bridge, Kangaroo Point',
    ...BASE,
    sourceUrl: 'https://www.brisbane.qld.gov.au/street-art',
    ...over,
  };
}

/** The walls of a read: the list's page, or the map's and the nearby search's arrays. */
const wallsIn = (body: LegalWall[] | WallListPage): LegalWall[] =>
  Array.isArray(body) ? body : body.items;

const propose = (player: Player, payload: unknown) =>
  player.request({ method: 'POST', url: '/api/legal-walls', payload: payload as object });

describe('POST /api/legal-walls', () => {
  it('stores a proposal unverified, proposed by the player, shown on every read', async () => {
    const res = await propose(proposer, await proposal(proposer));
    expect(res.statusCode).toBe(201);
    const wall = res.json<WallDetail>();
    expect(wall).toMatchObject({
      name: 'Kangaroo Point culvert',
      status: 'unverified',
      permitRules: 'No permit; keep it clean and no hate.',
      lastConfirmedAt: null,
      confirmations: { players: 0, counting: 0 },
      source: {
        kind: 'player',
        label: 'wall_finder',
        url: 'https://www.brisbane.qld.gov.au/street-art',
      },
      recentConfirmations: [],
      viewer: { visited: true, proposer: true, reported: false, counts: false },
    });
    expect(wall.imageUrl).toMatch(/^\/objects\//);
    const [row] = await t.db.select().from(legalWalls).where(eq(legalWalls.id, wall.id));
    expect(row).toMatchObject({ proposedById: proposer.id, status: 'unverified' });

    const box = 'west=153&south=-27.5&east=153.1&north=-27.4';
    const reads = await Promise.all([
      t.app.inject({ url: '/api/legal-walls' }),
      t.app.inject({ url: `/api/legal-walls/in-view?${box}` }),
      t.app.inject({ url: `/api/legal-walls/nearby?latitude=-27.47&longitude=153.02` }),
    ]);
    for (const r of reads) {
      const found = wallsIn(r.json()).find((w) => w.id === wall.id);
      expect(found).toMatchObject({ status: 'unverified', source: { label: 'wall_finder' } });
    }
    const one = await t.app.inject({ url: `/api/legal-walls/${wall.id}` });
    expect(one.json<WallDetail>()).toMatchObject({ id: wall.id, viewer: null });
  });

  it('refuses a proposal within 50 m of a wall, naming it, and accepts one farther', async () => {
    const before = await wallCount();
    const near = await propose(
      proposer,
      await proposal(proposer, { latitude: north(BASE.latitude, 40), name: 'Again' }),
    );
    expect(near.statusCode).toBe(409);
    expect(near.json().message).toMatch(/^"Kangaroo Point culvert" is already mapped 40 m/);
    expect(await wallCount()).toBe(before);
    const far = await propose(
      proposer,
      await proposal(proposer, { latitude: north(BASE.latitude, 60), name: 'Next door' }),
    );
    expect(far.statusCode).toBe(201);
  });

  it('lets a wall be proposed beside a closed or hidden one', async () => {
    const spot = { latitude: -33.9, longitude: 151.2 };
    await insertWall(t.db, spot, { status: 'closed', name: 'Closed one' });
    await insertWall(
      t.db,
      { ...spot, latitude: north(spot.latitude, 10) },
      { hiddenAt: new Date() },
    );
    const res = await propose(proposer, await proposal(proposer, { ...spot, name: 'Reopened' }));
    expect(res.statusCode).toBe(201);
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const before = await wallCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/legal-walls', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(await wallCount()).toBe(before);
  });

  it('refuses bad fields with a 400 naming them, and stores nothing', async () => {
    const good = await proposal(proposer, { latitude: -12.4, longitude: 130.8 });
    const without = (field: keyof typeof good) =>
      Object.fromEntries(Object.entries(good).filter(([k]) => k !== field));
    const cases: [string, unknown][] = [
      ['name', without('name')],
      ['imageUrl', without('imageUrl')],
      ['name', { ...good, name: 'x'.repeat(121) }],
      ['name', { ...good, name: '  ' }],
      ['description', { ...good, description: 'short' }],
      ['description', { ...good, description: 'x'.repeat(2001) }],
      ['permitRules', { ...good, permitRules: 'x'.repeat(1001) }],
      ['hours', { ...good, hours: '' }],
      ['address', { ...good, address: 'x'.repeat(301) }],
      ['permitRequired', { ...good, permitRequired: 'yes' }],
      ['latitude', { ...good, latitude: '-12.4' }],
      ['latitude', { ...good, latitude: 91 }],
      ['longitude', { ...good, longitude: 181 }],
      ['sourceUrl', { ...good, sourceUrl: 'http://example.org/wall' }],
      ['sourceUrl', { ...good, sourceUrl: 'javascript:alert(1)' }],
      ['sourceUrl', { ...good, sourceUrl: `https://example.org/${'x'.repeat(500)}` }],
      ['imageUrl', { ...good, imageUrl: 'https://example.org/wall.jpg' }],
      ['imageUrl', { ...good, imageUrl: '/objects/doesnotexist000' }],
    ];
    const before = await wallCount();
    for (const [field, payload] of cases) {
      const res = await propose(proposer, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect(await wallCount()).toBe(before);
  });

  it("refuses someone else's photo", async () => {
    const other = await signUp(t.app);
    const theirs = await uploadPhoto(other, 'wall');
    const before = await wallCount();
    const res = await propose(
      proposer,
      await proposal(proposer, { imageUrl: theirs, latitude: -12.5, longitude: 130.9 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid body field 'imageUrl': must be a photo you uploaded.");
    expect(await wallCount()).toBe(before);
  });
});

describe('what every wall shows', () => {
  it('a curated wall is "from" its sites, a listed one its publisher and vintage', async () => {
    const curated = await insertWall(t.db, { latitude: -37.81, longitude: 144.96 });
    const listed = await insertWall(
      t.db,
      { latitude: -35.28, longitude: 149.13 },
      {
        status: 'unverified',
        sourceId: 'act-graffiti-sites-2016',
        sourceRecordId: 'test-1',
        attribution: 'ACT Government, Graffiti Sites (CC BY 4.0)',
        licence: 'CC BY 4.0',
        sourceUrl: 'https://www.data.act.gov.au/legal-graffiti',
        listedYear: 2016,
      },
    );
    const a = (await t.app.inject({ url: `/api/legal-walls/${curated}` })).json<WallDetail>();
    expect(a.source).toEqual({
      kind: 'curated',
      label: 'brisbane.qld.gov.au, example.org',
      url: 'https://www.brisbane.qld.gov.au/walls',
      licence: null,
      links: [
        { label: 'brisbane.qld.gov.au', url: 'https://www.brisbane.qld.gov.au/walls' },
        { label: 'example.org', url: 'https://example.org/press' },
      ],
      notInSourceSince: null,
      listedBy: null,
    });
    const b = (await t.app.inject({ url: `/api/legal-walls/${listed}` })).json<WallDetail>();
    expect(b).toMatchObject({
      status: 'unverified',
      listedYear: 2016,
      lastConfirmedAt: null,
      source: {
        kind: 'open_data',
        label: 'ACT Government, Graffiti Sites (CC BY 4.0)',
        licence: 'CC BY 4.0',
        url: 'https://www.data.act.gov.au/legal-graffiti',
        listedBy: 'the ACT Government',
      },
    });
  });

  it('leaves hidden walls out of every read, and closed ones off the map and lists', async () => {
    const spot = { latitude: 52.52, longitude: 13.4 };
    const hidden = await insertWall(t.db, spot, { hiddenAt: new Date() });
    const closed = await insertWall(t.db, { ...spot, longitude: 13.401 }, { status: 'closed' });
    const box = 'west=13.3&south=52.4&east=13.5&north=52.6';
    const reads = await Promise.all([
      t.app.inject({ url: '/api/legal-walls' }),
      t.app.inject({ url: `/api/legal-walls/in-view?${box}` }),
      t.app.inject({ url: '/api/legal-walls/nearby?latitude=52.52&longitude=13.4' }),
    ]);
    for (const r of reads) {
      const ids = wallsIn(r.json()).map((w) => w.id);
      expect(ids).not.toContain(hidden);
      expect(ids).not.toContain(closed);
    }
    expect((await t.app.inject({ url: `/api/legal-walls/${hidden}` })).statusCode).toBe(404);
    const one = await t.app.inject({ url: `/api/legal-walls/${closed}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<WallDetail>().status).toBe('closed');
  });
});
