import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { SeedTourSchema } from '../../core/schemas/tours.ts';
import type { TourDetail, TourList } from '../../core/schemas/tours.ts';
import { nearestNeighbourOrder, routeMetres } from '../../core/tours.ts';
import { SOURCES } from '../import/sources.ts';
import { loadSeedArtworks, loadSeedFile, seedDatabase } from './seed.ts';
import { tours } from './tours-schema.ts';

/**
 * The seeded walking tours (src/data/tours.json, scripts/build-seed-tours.ts;
 * docs/decisions/044-walking-tours.md): real pieces from the open data already seeded, in a
 * walkable order, each stating the datasets and licences it draws on.
 */

const records = loadSeedFile('tours.json', SeedTourSchema);
const artworks = new Map(loadSeedArtworks().map((a) => [a.id, a]));
const OPEN_LICENCES = ['CC BY 4.0', 'Open Government Licence – Vancouver'];

describe('src/data/tours.json', () => {
  it('holds three tours of 6 to 10 open-data pieces, each a walk of at most 3 km', () => {
    expect(records.map((r) => r.city)).toEqual(['Montréal', 'Montréal', 'Vancouver']);
    for (const tour of records) {
      const stops = tour.stops.map((id) => artworks.get(id)!);
      expect(stops.every(Boolean), tour.id).toBe(true);
      expect(tour.stops.length, tour.id).toBeGreaterThanOrEqual(6);
      expect(tour.stops.length, tour.id).toBeLessThanOrEqual(10);
      expect(routeMetres(stops), tour.id).toBeLessThanOrEqual(3000);
      expect(
        stops.every((s) => s.status === 'present' && !s.lowPrecision),
        tour.id,
      ).toBe(true);
    }
  });

  it('orders each tour nearest first from its start, among its dataset’s pieces', () => {
    for (const tour of records) {
      const dataset = artworks.get(tour.stops[0]!)!.sourceId;
      const pieces = [...artworks.values()].filter(
        (a) => a.sourceId === dataset && a.status === 'present' && !a.lowPrecision,
      );
      const order = nearestNeighbourOrder(tour.start, pieces, tour.stops.length, 3000);
      expect(
        order.map((a) => a.id),
        tour.id,
      ).toEqual(tour.stops);
    }
  });

  it('records each stop’s dataset with its open licence', () => {
    for (const tour of records) {
      const used = new Set(tour.stops.map((id) => artworks.get(id)!.sourceId));
      expect(tour.sources.map((s) => s.sourceId).sort(), tour.id).toEqual([...used].sort());
      for (const source of tour.sources) {
        const dataset = SOURCES.find((d) => d.id === source.sourceId)!;
        expect(source).toEqual({
          sourceId: dataset.id,
          attribution: dataset.attribution,
          licence: dataset.licence,
          url: dataset.page,
        });
        expect(OPEN_LICENCES).toContain(source.licence);
      }
    }
  });
});

describe('seeding the tours', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes every tour with all its stops, stating its sources, curated by nobody', async () => {
    const listed = (await t.app.inject({ url: '/api/tours' })).json<TourList>();
    expect(listed.tours.map((x) => x.id).sort()).toEqual(records.map((r) => r.id).sort());
    for (const record of records) {
      const tour = (await t.app.inject({ url: `/api/tours/${record.id}` })).json<TourDetail>();
      expect(tour).toMatchObject({
        title: record.title,
        city: record.city,
        author: null,
        curated: true,
        stopCount: record.stops.length,
      });
      expect(tour.stops.map((s) => s.id)).toEqual(record.stops);
      expect(tour.sources).toEqual(
        record.sources.map(({ attribution, licence, url }) => ({ attribution, licence, url })),
      );
    }
  });

  it('never changes a tour it made: a hidden one stays hidden on the next start', async () => {
    const [first] = records;
    await t.db.update(tours).set({ hiddenAt: new Date() }).where(eq(tours.id, first!.id));
    await seedDatabase(t.db);
    expect((await t.app.inject({ url: `/api/tours/${first!.id}` })).statusCode).toBe(404);
    const rows = await t.db.select({ id: tours.id }).from(tours);
    expect(rows).toHaveLength(records.length);
  });
});
