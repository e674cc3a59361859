import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database, Db } from '../db/client.ts';
import { artworks, legalWalls, users } from '../db/schema.ts';
import { seedDatabase } from '../db/seed.ts';
import type { OpenDataReport } from './import-open-data.ts';
import { loadFile, type Listing } from './load-listing.ts';
import { importSource, readListing } from './run-import.ts';

const FIXTURES = 'test/fixtures/open-data/';
const art = async (id: string) => (await db.select().from(artworks).where(eq(artworks.id, id)))[0];
const wall = async (id: string) =>
  (await db.select().from(legalWalls).where(eq(legalWalls.id, id)))[0];
const total = async () =>
  (await db.select({ n: count() }).from(artworks))[0]!.n +
  (await db.select({ n: count() }).from(legalWalls))[0]!.n;
const reasons = (r: OpenDataReport) =>
  Object.fromEntries([...r.skipped, ...r.refused].map((s) => [s.at, s.reason]));
const counts = (r: OpenDataReport) => [r.added.length, r.updated.length, r.unchanged.length];

/** Serves fixture pages as a portal would, choosing the page by its offset parameter. */
function portal(pages: Record<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const offset = url.searchParams.get('offset') ?? url.searchParams.get('resultOffset') ?? '0';
    const file = pages[`${url.pathname}@${offset}`];
    if (!file) return void res.writeHead(404).end('no such page');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(readFileSync(FIXTURES + file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let database: Database;
let db: Db;
let server: Server;
let base: string;
const playerId = randomUUID();
const playerArt = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await seedDatabase(db);
  // The seed's own open-data artworks (src/data/artworks.json) come from the same datasets the
  // fixtures are cut from: this file starts from the curated walls and no artworks.
  await db.delete(artworks);
  // A player's artwork 10 m from a Vancouver fixture mural: imports must never touch it.
  await db.insert(users).values({ id: playerId, username: `od_${playerId.slice(0, 8)}` });
  await db.insert(artworks).values({
    id: playerArt,
    title: 'My alley find',
    emojiPin: 'tag',
    latitude: 49.2811,
    longitude: -123.11862,
    firstFinderId: playerId,
    coverImageUrl: '/objects/mine.jpg',
  });
  server = await portal({
    '/melbourne/records@0': 'opendatasoft-records-1.json',
    '/melbourne/records@3': 'opendatasoft-records-2.json',
    '/act/query@0': 'arcgis-1.json',
    '/act/query@2': 'arcgis-2.json',
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await database.close();
});

describe('a networked import', () => {
  it('pages through Opendatasoft records and reports every fault', async () => {
    const listing = await readListing(
      'melbourne-outdoor-artworks',
      `${base}/melbourne/records?limit=3&offset=0`,
    );
    expect(listing).toMatchObject({ pages: 2, complete: true });
    const report = await importSource(db, 'melbourne-outdoor-artworks', listing);
    expect(report.added.map((a) => a.id)).toEqual([
      'art-melbourne-outdoor-artworks-1091168',
      'art-melbourne-outdoor-artworks-1091166',
      'art-melbourne-outdoor-artworks-1091300',
    ]);
    expect(reasons(report)).toEqual({
      'record 2': 'not selected (object_type=Sculpture)',
      'record 5': 'no geometry',
    });
    expect(report.fixed.map((f) => f.fault)).toEqual([
      'doubled apostrophes in title',
      'geometry given as a string',
      'HTML removed in title',
      'latitude and longitude swapped: put right',
    ]);
    expect(await art('art-melbourne-outdoor-artworks-1091168')).toMatchObject({
      title: "Lynch's Bridge Fixture Mural",
      artistName: 'Fixture, Elizabeth',
      year: 1990,
      status: 'present',
      firstFinderId: null,
      coverImageUrl: null,
      sourceId: 'melbourne-outdoor-artworks',
      sourceRecordId: '1091168',
      licence: 'CC BY 4.0',
      attribution: 'City of Melbourne, Outdoor artworks (CC BY 4.0)',
      notInSourceSince: null,
    });
  });

  it('pages ArcGIS f=json past exceededTransferLimit: walls and artworks, curated walls kept', async () => {
    const listing = await readListing(
      'act-artwork-assets',
      `${base}/act/query?where=1%3D1&outSR=4326&f=json`,
    );
    expect(listing.pages).toBe(2);
    const report = await importSource(db, 'act-artwork-assets', listing);
    expect(report.added.map((a) => a.id)).toEqual([
      'wall-act-artwork-assets-aa-100133',
      'art-act-artwork-assets-aa-200001',
      'wall-act-artwork-assets-aa-100150',
    ]);
    expect(reasons(report)['record 6']).toBe(
      '29 m from wall woden-drains, which is curated or imported by hand: left as it is',
    );
    expect(await wall('wall-act-artwork-assets-aa-100150')).toMatchObject({
      name: 'Fixture Tuggeranong underpass',
      city: 'Canberra',
      country: 'Australia',
      latitude: -35.41235,
      source: expect.stringContaining('ACT Government'),
    });
  });
});

describe('importing files', () => {
  let montreal: Listing;
  beforeAll(async () => {
    montreal = await loadFile(`${FIXTURES}ckan-datastore.json`);
  });

  it('imports a mural the source says is gone as gone, flagged low precision', async () => {
    const report = await importSource(db, 'montreal-murales', montreal);
    expect(counts(report)).toEqual([2, 0, 0]);
    expect(await art('art-montreal-murales-40')).toMatchObject({
      status: 'gone',
      lowPrecision: true,
      artistName: 'OTHER',
    });
  });

  it('is idempotent, and the CSV and GeoJSON of the same source change nothing', async () => {
    const before = await total();
    for (const file of ['ckan-datastore.json', 'ckan.csv', 'ckan.geojson']) {
      const again = await importSource(db, 'montreal-murales', await loadFile(FIXTURES + file));
      expect(counts(again)).toEqual([0, 0, 2]);
      expect([again.notInSource, again.listedAgain]).toEqual([[], []]);
    }
    expect(await total()).toBe(before);
  });

  it('marks what the source no longer lists, and clears the mark when it is back', async () => {
    const now = new Date('2030-01-02T00:00:00Z');
    const shorter = { ...montreal, rows: montreal.rows.slice(1) };
    const gone = await importSource(db, 'montreal-murales', shorter, {}, now);
    expect(gone.notInSource).toEqual(['art-montreal-murales-1']);
    expect((await art('art-montreal-murales-1'))!.notInSourceSince).toEqual(now);
    // A partial listing (one saved page) never marks anything.
    const partial = await importSource(db, 'montreal-murales', { ...shorter, complete: false });
    expect(partial.notInSource).toEqual([]);
    const back = await importSource(db, 'montreal-murales', montreal);
    expect(back.listedAgain).toEqual(['art-montreal-murales-1']);
    expect((await art('art-montreal-murales-1'))!.notInSourceSince).toBeNull();
  });

  it('merges records within 50 m: in one file, and into another source’s artwork', async () => {
    const chicago = await importSource(
      db,
      'chicago-mural-registry',
      await loadFile(`${FIXTURES}socrata.json`),
    );
    expect(chicago.added.map((a) => a.id)).toEqual([
      'art-chicago-mural-registry-19257',
      'art-chicago-mural-registry-19300',
    ]);
    expect(chicago.unchanged).toEqual([
      expect.objectContaining({
        at: 'record 5',
        reason: 'merged: 15 m from art-chicago-mural-registry-19257, nothing new',
      }),
    ]);
    const osm = await importSource(db, 'osm-artworks', await loadFile(`${FIXTURES}overpass.json`));
    expect(osm.updated).toEqual([
      expect.objectContaining({
        id: 'art-melbourne-outdoor-artworks-1091300',
        reason: 'merged: 19 m from art-melbourne-outdoor-artworks-1091300, filled artistName, year',
      }),
    ]);
    expect(await art('art-melbourne-outdoor-artworks-1091300')).toMatchObject({
      title: 'Fixture mural & friends',
      artistName: 'Fixture Friends',
      year: 2001,
      sourceId: 'melbourne-outdoor-artworks',
    });
    expect(osm.added.map((a) => a.id)).toContain('wall-osm-artworks-node-5003');
    const again = await importSource(
      db,
      'osm-artworks',
      await loadFile(`${FIXTURES}overpass.json`),
    );
    expect(counts(again)).toEqual([0, 0, 4]);
  });

  it("never changes a player's artwork: a record 10 m from it is skipped", async () => {
    const report = await importSource(
      db,
      'vancouver-public-art',
      await loadFile(`${FIXTURES}opendatasoft-export.geojson`),
    );
    expect(report.added.map((a) => a.id)).toEqual(['art-vancouver-public-art-501']);
    expect(reasons(report)['record 5']).toBe(
      `10 m from players' artwork ${playerArt}: players' artworks are never changed by an import`,
    );
    expect(await art(playerArt)).toMatchObject({
      title: 'My alley find',
      emojiPin: 'tag',
      firstFinderId: playerId,
      coverImageUrl: '/objects/mine.jpg',
      sourceId: null,
      notInSourceSince: null,
    });
  });
});

describe('bad input', () => {
  it('fails clearly before anything is written', async () => {
    const before = await total();
    await expect(readListing('nowhere-murals', 'x.json')).rejects.toThrow(
      /Unknown source 'nowhere-murals'/,
    );
    await expect(readListing('montreal-murales', `${FIXTURES}missing.json`)).rejects.toThrow(
      /No such file: .*missing\.json/,
    );
    await expect(readListing('montreal-murales', 'package-lock.json')).rejects.toThrow(
      /in no format/,
    );
    await expect(readListing('montreal-murales', `${base}/nothing`)).rejects.toThrow(
      /answered 404/,
    );
    expect(await total()).toBe(before);
  });
});
