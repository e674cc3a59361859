import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database, Db } from '../db/client.ts';
import { discoveries, legalWalls, users } from '../db/schema.ts';
import { loadSeedData, seedDatabase } from '../db/seed.ts';
import { importWalls, type ImportReport } from './import-walls.ts';
import { detectFormat, readWallFile } from './wall-sources.ts';

const fixture = (name: string) => readWallFile(`test/fixtures/walls/${name}`);
const wall = async (id: string) =>
  (await db.select().from(legalWalls).where(eq(legalWalls.id, id)))[0];
const wallCount = async () => (await db.select({ n: count() }).from(legalWalls))[0]!.n;
const reasons = (r: ImportReport) =>
  Object.fromEntries([...r.skipped, ...r.refused].map((s) => [s.at, s.reason]));

let database: Database;
let db: Db;
const seeded = loadSeedData().walls;
const playerId = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await seedDatabase(db);
  // A player with a discovery: imports must never touch either.
  await db.insert(users).values({ id: playerId, username: `importer_${playerId.slice(0, 8)}` });
  await db.insert(discoveries).values({
    id: randomUUID(),
    userId: playerId,
    kind: 'discovery',
    name: 'My find',
    emojiPin: 'location',
    userRole: 'photographer',
    latitude: -27.47,
    longitude: 153.02,
    address: '-27.470000,153.020000',
    tokensAwarded: 50,
  });
});
afterAll(() => database.close());

describe('wall files', () => {
  it('are recognised by name, or else by their first character', async () => {
    expect(detectFormat('x.csv', '{')).toBe('csv');
    expect(detectFormat('x.geojson', 'a,b')).toBe('json');
    expect(detectFormat('export', ' {"elements":[]}')).toBe('json');
    expect(detectFormat('export', 'id,name')).toBe('csv');
    await expect(readWallFile('x.json', '{"rows":[]}').next()).rejects.toThrow(
      'x.json is neither Overpass output (elements) nor GeoJSON (FeatureCollection)',
    );
  });
});

describe('importing OpenStreetMap Overpass JSON', () => {
  let report: ImportReport;
  beforeAll(async () => {
    report = await importWalls(db, fixture('overpass.json'));
  });

  it('adds tagged nodes and ways, merging a node 14 m from another into it', () => {
    expect(report.added.map((a) => a.id)).toEqual([
      'osm-node-1001',
      'osm-way-2001',
      'osm-way-2002',
    ]);
    expect(report.updated).toEqual([]);
    expect(reasons(report)).toEqual({
      'node/1002': 'merged into osm-node-1001 from node/1001 (14 m apart in this file)',
      'node/1003':
        'not tagged as a legal painting surface (leisure=drawing_surface or graffiti=yes)',
      'node/1004':
        '24 m from curated wall bondi-sea-wall: curated walls are edited in src/data, not imported',
      'node/1005': 'access=private: not open to the public',
      'node/1006': 'coordinates (52.52, 13.4) are outside Australia',
    });
  });

  it('stores what the tags say, with the merged node filling the gaps, and credits OSM', async () => {
    expect(await wall('osm-node-1001')).toMatchObject({
      name: 'Fixture skate park wall',
      description: 'Back of the skate park, facing the oval.',
      hours: 'sunrise-sunset',
      city: 'Brisbane',
      country: 'Australia',
      permitRequired: false,
      latitude: -27.47,
      longitude: 153.02,
      source: 'OpenStreetMap contributors (ODbL), https://www.openstreetmap.org/node/1001',
    });
    // A way's pin is the centre of its nodes; a nameless wall is named for its city.
    const way = await wall('osm-way-2001');
    expect(way).toMatchObject({
      name: 'Legal wall, Brisbane',
      address: '12 Fixture Street, Brisbane',
      hours: 'Not stated by source',
    });
    expect(way!.latitude).toBeCloseTo(-27.4801, 6);
    expect(way!.longitude).toBeCloseTo(153.0301, 6);
    expect(await wall('osm-way-2002')).toMatchObject({ permitRequired: true, city: 'Sydney' });
  });

  it('is idempotent: the same file again changes nothing', async () => {
    const before = await wallCount();
    const again = await importWalls(db, fixture('overpass.json'));
    expect(again.added).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toContainEqual({
      at: 'node/1001',
      id: 'osm-node-1001',
      reason: 'same as before',
    });
    expect(await wallCount()).toBe(before);
  });
});

describe('importing GeoJSON', () => {
  let report: ImportReport;
  beforeAll(async () => {
    report = await importWalls(db, fixture('walls.geojson'));
  });

  it('adds points and polygons, and merges a wall 37 m from an imported one into it', async () => {
    expect(report.added.map((a) => a.id)).toEqual(['geo-river-wall', 'geo-park-wall']);
    expect(report.updated).toEqual([
      expect.objectContaining({ id: 'osm-node-1001', reason: 'merged: 37 m from osm-node-1001' }),
    ]);
    expect(reasons(report)).toEqual({
      'feature 3': 'no usable geometry (Point, LineString or Polygon)',
      'feature 4': 'no source (every wall names one: add a source column or pass --source)',
    });
    // The merge takes the new facts but keeps what only the old record knew.
    expect(await wall('osm-node-1001')).toMatchObject({
      name: 'Fixture skate park wall (council name)',
      hours: '6am-10pm',
      description: 'Back of the skate park, facing the oval.',
      latitude: -27.47025,
    });
    const park = await wall('geo-park-wall');
    expect(park).toMatchObject({ permitRequired: true, country: 'Australia' });
    expect(park!.latitude).toBeCloseTo(-37.8301, 6);
  });

  it('uses --source style defaults for records without one', async () => {
    const r = await importWalls(db, fixture('walls.geojson'), { source: 'Fixture council list' });
    expect(r.added.map((a) => a.name)).toEqual(['Fixture wall without a source']);
  });
});

describe('importing CSV', () => {
  it('validates every row, merges near-duplicates and updates by id', async () => {
    const report = await importWalls(db, fixture('walls.csv'));
    expect(report.added.map((a) => a.id)).toEqual(['csv-harbour-wall']);
    expect(report.updated).toEqual([
      expect.objectContaining({ id: 'geo-river-wall', at: 'line 6', reason: 'same id' }),
    ]);
    expect(reasons(report)).toEqual({
      'line 3': "latitude 'abc' is not a decimal number",
      'line 4': 'coordinates out of range (95, 147.35)',
      'line 5': 'merged into csv-harbour-wall from line 2 (7 m apart in this file)',
      'line 7': "unknown country 'Narnia'",
    });
    expect(await wall('csv-harbour-wall')).toMatchObject({
      address: '1 Fixture Quay, Hobart TAS',
      description: 'Sea wall by the ferry, north end',
      permitRequired: false,
    });
    expect((await wall('geo-river-wall'))!.hours).toBe('Dawn to dusk');
  });
});

describe('every import', () => {
  it('leaves curated walls and player data exactly as they were', async () => {
    for (const w of seeded) {
      expect(await wall(w.id)).toMatchObject({
        name: w.name,
        latitude: w.latitude,
        longitude: w.longitude,
        source: w.source,
      });
    }
    const [player] = await db.select().from(users).where(eq(users.id, playerId));
    expect(player).toMatchObject({ tokens: 0, discoveries: 0 });
    const mine = await db.select().from(discoveries).where(eq(discoveries.userId, playerId));
    expect(mine.map((d) => d.name)).toEqual(['My find']);
  });

  it('a batch the database refuses is rolled back whole, and said in one line', async () => {
    const before = await wallCount();
    const records = [
      {
        at: 'line 2',
        key: 'rollback-one',
        name: 'Fixture rollback wall',
        city: 'Perth',
        country: 'Australia',
        latitude: -31.95,
        longitude: 115.86,
        source: 'fixture',
      },
      // Handed over without the file reader, which removes control characters: Postgres
      // refuses a NUL in text.
      {
        at: 'line 3',
        key: 'rollback-two',
        name: 'Bad \u0000 name',
        city: 'Perth',
        country: 'Australia',
        latitude: -31.96,
        longitude: 115.87,
        source: 'fixture',
      },
    ];
    const error = await importWalls(db, records).catch((err: Error) => err.message);
    expect(error).toMatch(
      /^The database refused the records from line 2 to line 3: [^\n]+\. Batches before them are stored/,
    );
    expect(error).not.toMatch(/\n|insert into|params/i);
    expect(await wallCount()).toBe(before);
  });
});
