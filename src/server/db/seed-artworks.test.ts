import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/app.ts';
import { distanceKm } from '../../core/geo.ts';
import { SeedArtworkSchema } from '../../core/schemas/seed.ts';
import { SOURCES } from '../import/sources.ts';
import type { Database, Db } from './client.ts';
import { artworks, users } from './schema.ts';
import { loadSeedArtworks, seedDatabase } from './seed.ts';

const raw: unknown = JSON.parse(
  readFileSync(new URL('../../data/artworks.json', import.meta.url), 'utf8'),
);
const seeded = loadSeedArtworks();
const FIELDS = Object.keys(SeedArtworkSchema.shape).sort();
/** The openly licensed datasets that entered the seed, and each one's snapshot date. */
const DATASETS: Record<string, { licence: string; listedAt: string }> = {
  'montreal-murales': { licence: 'CC BY 4.0', listedAt: '2023-04-12' },
  'vancouver-public-art': {
    licence: 'Open Government Licence – Vancouver',
    listedAt: '2026-05-06',
  },
  'brisbane-public-art': { licence: 'CC BY 4.0', listedAt: '2018-03-28' },
  'melbourne-outdoor-artworks': { licence: 'CC BY 4.0', listedAt: '2024-10-22' },
};
const MONTREAL = 'art-montreal-murales-1';
const VANCOUVER = 'art-vancouver-public-art-221';

describe('src/data/artworks.json', () => {
  it('validates against SeedArtworkSchema, record by record, with no other field', () => {
    expect(z.array(SeedArtworkSchema).safeParse(raw).success).toBe(true);
    for (const r of raw as Record<string, unknown>[]) {
      expect(Object.keys(r).sort(), String(r.id)).toEqual(FIELDS);
    }
    // A description (copied or invented) fails the strict schema.
    expect(SeedArtworkSchema.safeParse({ ...seeded[0], description: 'Lovely' }).success).toBe(
      false,
    );
  });

  it('holds the four open datasets, and nothing from Chicago or any other source', () => {
    const per = Object.fromEntries(
      Object.keys(DATASETS).map((id) => [id, seeded.filter((r) => r.sourceId === id).length]),
    );
    expect(per['montreal-murales']).toBeGreaterThanOrEqual(250);
    expect(per['vancouver-public-art']).toBeGreaterThanOrEqual(40);
    expect(per['brisbane-public-art']).toBeGreaterThanOrEqual(5);
    expect(per['melbourne-outdoor-artworks']).toBeGreaterThanOrEqual(2);
    expect(Object.values(per).reduce((a, b) => a + b, 0)).toBe(seeded.length);
    expect(seeded.some((r) => /chicago/i.test(`${r.sourceId} ${r.attribution}`))).toBe(false);
  });

  it("gives every record its dataset's licence, attribution, record id, URL and snapshot date", () => {
    for (const r of seeded) {
      const source = SOURCES.find((s) => s.id === r.sourceId)!;
      const dataset = DATASETS[r.sourceId]!;
      expect(r.licence, r.id).toBe(dataset.licence);
      expect(r.licence, r.id).toBe(source.licence);
      expect(r.attribution, r.id).toBe(source.attribution);
      expect(r.listedAt, r.id).toBe(dataset.listedAt);
      expect(r.sourceRecordId.trim(), r.id).not.toBe('');
      expect(r.sourceUrl, r.id).toMatch(/^https:\/\//);
    }
  });

  it('names pieces only as the source does ("Mural by <artist>" where it gives no title)', () => {
    for (const r of seeded.filter((a) => a.sourceId === 'montreal-murales')) {
      expect(r.title, r.id).toBe(`Mural by ${r.artistName}`);
    }
    expect(seeded.filter((r) => r.status === 'gone').map((r) => r.sourceId)).toEqual(
      Array(4).fill('montreal-murales'),
    );
  });

  it('uses unique ids and keeps pieces 50 m apart, as the importer merges them', () => {
    expect(new Set(seeded.map((r) => r.id)).size).toBe(seeded.length);
    for (const [i, a] of seeded.entries()) {
      for (const b of seeded.slice(i + 1)) {
        const m = distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000;
        if (m < 50) expect.fail(`${a.id} and ${b.id} are ${Math.round(m)} m apart`);
      }
    }
  });
});

describe('seeding artworks', () => {
  let database: Database;
  let db: Db;
  const fromSeed = () => db.select().from(artworks).where(isNotNull(artworks.sourceId));
  const byId = async (id: string) =>
    (await db.select().from(artworks).where(eq(artworks.id, id)))[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDatabase(db, new Date('2030-01-01T00:00:00Z'));
  });
  afterAll(() => database.close());

  it('loads every record, unplayed, created and last seen on its snapshot date', async () => {
    const rows = await fromSeed();
    expect(rows).toHaveLength(seeded.length);
    for (const r of rows) {
      const listedAt = new Date(DATASETS[r.sourceId!]!.listedAt).getTime();
      expect(r.firstFinderId, r.id).toBeNull();
      expect(r.coverImageUrl, r.id).toBeNull();
      expect(r.notInSourceSince, r.id).toBeNull();
      expect(r.createdAt.getTime(), r.id).toBe(listedAt);
      expect(r.lastSeenAt.getTime(), r.id).toBe(listedAt);
    }
  });

  it('stores a Montréal and a Vancouver mural with their source and licence', async () => {
    expect(await byId(MONTREAL)).toMatchObject({
      title: 'Mural by Yannick Picard',
      artistName: 'Yannick Picard',
      year: 2007,
      address: '4105, 47e rue (coin Pie IX)',
      latitude: 45.58041,
      longitude: -73.622218,
      status: 'present',
      emojiPin: 'location',
      sourceId: 'montreal-murales',
      sourceRecordId: '1',
      sourceUrl: 'https://donnees.montreal.ca/dataset/murales',
      licence: 'CC BY 4.0',
      attribution: 'Ville de Montréal, Murales subventionnées (CC BY 4.0)',
      lowPrecision: false,
    });
    expect(await byId(VANCOUVER)).toMatchObject({
      title: 'Southlands Salmon Wall',
      year: 1995,
      address: '5351 Camosun Street',
      sourceId: 'vancouver-public-art',
      sourceRecordId: '221',
      sourceUrl: 'https://covapp.vancouver.ca/PublicArtRegistry/ArtworkDetail.aspx?ArtworkId=221',
      licence: 'Open Government Licence – Vancouver',
      attribution:
        'Contains information licensed under the Open Government Licence – Vancouver (City of Vancouver, Public art)',
    });
    expect((await byId('art-montreal-murales-40'))!.status).toBe('gone');
  });

  it('changes nothing on a second start, and leaves an artwork players logged as they left it', async () => {
    const playerId = randomUUID();
    await db.insert(users).values({ id: playerId, username: `sa_${playerId.slice(0, 8)}` });
    const played = {
      status: 'gone' as const,
      firstFinderId: playerId,
      coverImageUrl: '/objects/seeded-art-cover-1',
      lastSeenAt: new Date('2031-02-03T04:05:06Z'),
      title: 'Renamed by play',
    };
    await db.update(artworks).set(played).where(eq(artworks.id, MONTREAL));
    const before = await fromSeed();

    await seedDatabase(db, new Date('2030-06-01T00:00:00Z'));

    const sort = (rows: typeof before) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(sort(await fromSeed())).toEqual(sort(before));
    expect(await byId(MONTREAL)).toMatchObject(played);
  });
});

describe('seeding artworks beside a player’s pin', () => {
  it('leaves out a record within 50 m of an artwork the seed did not make', async () => {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const target = seeded.find((r) => r.id === VANCOUVER)!;
      const mine = randomUUID();
      await db.insert(artworks).values({
        id: mine,
        title: 'My salmon find',
        emojiPin: 'tag',
        latitude: target.latitude + 0.0001, // ~11 m north
        longitude: target.longitude,
      });
      await seedDatabase(db);
      const rows = await db.select({ id: artworks.id }).from(artworks);
      expect(rows).toHaveLength(seeded.length); // all but one, plus the player's
      expect(rows.some((r) => r.id === VANCOUVER)).toBe(false);
      const [kept] = await db.select().from(artworks).where(eq(artworks.id, mine));
      expect(kept).toMatchObject({ title: 'My salmon find', sourceId: null });
    } finally {
      await database.close();
    }
  });
});
