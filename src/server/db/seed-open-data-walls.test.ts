import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/app.ts';
import { distanceKm } from '../../core/geo.ts';
import { SeedOpenDataWallSchema } from '../../core/schemas/seed.ts';
import { SOURCES } from '../import/sources.ts';
import type { Database, Db } from './client.ts';
import { legalWalls } from './schema.ts';
import { loadSeedData, loadSeedOpenDataWalls, seedDatabase } from './seed.ts';

const raw: unknown = JSON.parse(
  readFileSync(new URL('../../data/open-data-walls.json', import.meta.url), 'utf8'),
);
const seeded = loadSeedOpenDataWalls();
const ACT = 'act-graffiti-sites-2016';
/** The ACT Government's 2016 list: the legal graffiti sites of that year, 100133 to 100157. */
const ACT_IDS = Array.from({ length: 25 }, (_, i) => String(100133 + i));

describe('src/data/open-data-walls.json', () => {
  it('validates record by record against the strict schema: no other field', () => {
    expect(z.array(SeedOpenDataWallSchema).safeParse(raw).success).toBe(true);
    expect(SeedOpenDataWallSchema.safeParse({ ...seeded[0], rating: 5 }).success).toBe(false);
  });

  it("holds the ACT Government's 2016 list, each site unverified and dated 2016", () => {
    const source = SOURCES.find((s) => s.id === ACT)!;
    expect(seeded.map((w) => w.sourceRecordId).sort()).toEqual(ACT_IDS);
    for (const w of seeded) {
      expect(w, w.id).toMatchObject({
        sourceId: ACT,
        status: 'unverified',
        listedYear: 2016,
        licence: 'CC BY 4.0',
        attribution: source.attribution,
        sourceUrl: source.page,
        city: 'Canberra',
        country: 'Australia',
      });
      // Inside the ACT, where the source says its sites are.
      expect(w.latitude).toBeGreaterThan(-35.93);
      expect(w.latitude).toBeLessThan(-35.12);
      expect(w.longitude).toBeGreaterThan(148.76);
      expect(w.longitude).toBeLessThan(149.4);
    }
  });

  it("describes walls in the project's own words, never the source's", () => {
    for (const w of seeded) {
      expect(w.description).toBe(
        'A legal painting surface listed by the source. Check the signs on site for what is allowed before you paint.',
      );
    }
  });
});

describe('seeding open-data walls', () => {
  let database: Database;
  let db: Db;
  const ids = seeded.map((w) => w.id);

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('adds every wall unverified with its year, beside the curated walls', async () => {
    await seedDatabase(db);
    const rows = await db.select().from(legalWalls).where(inArray(legalWalls.id, ids));
    expect(rows).toHaveLength(seeded.length);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'unverified', listedYear: 2016, sourceId: ACT });
      expect(row.lastConfirmedAt).toBeNull();
    }
    const curated = loadSeedData().walls;
    for (const w of seeded) {
      for (const c of curated) {
        expect(distanceKm(w.latitude, w.longitude, c.latitude, c.longitude) * 1000).toBeGreaterThan(
          50,
        );
      }
    }
  });

  it('never changes a wall players have moved on, and adds nothing twice', async () => {
    const wall = seeded[0]!;
    const confirmed = new Date('2026-11-01T10:00:00Z');
    await db
      .update(legalWalls)
      .set({ status: 'verified', lastConfirmedAt: confirmed })
      .where(eq(legalWalls.id, wall.id));
    await seedDatabase(db);
    const [row] = await db.select().from(legalWalls).where(eq(legalWalls.id, wall.id));
    expect(row).toMatchObject({ status: 'verified', lastConfirmedAt: confirmed });
    expect(await db.$count(legalWalls, inArray(legalWalls.id, ids))).toBe(seeded.length);
  });

  it('leaves out a listed site within 50 m of a wall already on the map', async () => {
    const fresh = await openTestDatabase();
    try {
      const site = seeded[1]!;
      await fresh.db.insert(legalWalls).values({
        id: 'a-players-wall',
        name: 'Underpass wall',
        description: 'Proposed by a player',
        city: 'Canberra',
        country: 'Australia',
        address: site.address,
        hours: 'Any time',
        permitRequired: false,
        latitude: site.latitude + 0.0002,
        longitude: site.longitude,
        source: 'a player',
        status: 'unverified',
      });
      await seedDatabase(fresh.db);
      const rows = await fresh.db.select().from(legalWalls).where(inArray(legalWalls.id, ids));
      expect(rows.map((r) => r.id)).not.toContain(site.id);
      expect(rows).toHaveLength(seeded.length - 1);
    } finally {
      await fresh.close();
    }
  });
});
