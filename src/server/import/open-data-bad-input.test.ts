import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database, Db } from '../db/client.ts';
import { artworks } from '../db/schema.ts';
import type { OpenDataReport } from './import-open-data.ts';
import { importSource, readListing } from './run-import.ts';

/**
 * Inputs an attacker or a broken portal could hand `npm run import`: each bad record is refused
 * with its place and the reason, the good ones of the same input go in, and a run with nothing
 * usable in it marks nothing as gone from the source.
 */
let database: Database;
let db: Db;
const dir = mkdtempSync(path.join(os.tmpdir(), 'streetscope-open-data-bad-'));
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};
const run = async (sourceId: string, name: string, text: string) =>
  importSource(db, sourceId, await readListing(sourceId, file(name, text)));
const refused = (r: OpenDataReport) => Object.fromEntries(r.refused.map((x) => [x.at, x.reason]));
const art = async (id: string) => (await db.select().from(artworks).where(eq(artworks.id, id)))[0];

/** Montréal's CKAN CSV columns; each row a mural 1 km from the last. */
const MONTREAL = 'id,artiste,adresse,annee,latitude,longitude';
const mural = (id: number, artist: string, lat = `45.5${id}01`, lng = '-73.6') =>
  `${id},${artist},${id} rue Fixture,2015,${lat},${lng}`;

describe('a run with no usable record', () => {
  it('marks nothing as no longer listed, and says why', async () => {
    const first = await run(
      'montreal-murales',
      'first.csv',
      [MONTREAL, mural(1, 'A'), mural(2, 'B')].join('\n'),
    );
    expect(first.added.map((a) => a.id)).toEqual([
      'art-montreal-murales-1',
      'art-montreal-murales-2',
    ]);
    for (const [name, text] of [
      ['all-bad.csv', [MONTREAL, mural(3, 'C', '0x2d'), mural(4, 'D', '', '')].join('\n')],
      ['no-rows.csv', MONTREAL],
      ['empty.geojson', '{"type":"FeatureCollection","features":[null]}'],
    ] as const) {
      const report = await run('montreal-murales', name, text);
      expect(report).toMatchObject({
        usable: 0,
        added: [],
        notInSource: [],
        note: 'no usable record in this input: nothing was marked as no longer listed',
      });
    }
    for (const id of ['art-montreal-murales-1', 'art-montreal-murales-2']) {
      expect(await art(id)).toMatchObject({ notInSourceSince: null, status: 'present' });
    }
  });
});

describe('bad records among good ones', () => {
  it('reads coordinates as plain decimals only: hex, exponents, Infinity and blanks refused', async () => {
    const report = await run(
      'montreal-murales',
      'coordinates.csv',
      [
        MONTREAL,
        mural(11, 'Exp', '4.551e1'),
        mural(12, 'Huge', '1e400'),
        mural(13, 'Inf', '45.53', 'Infinity'),
        mural(14, 'Blank', '', '-73.6'),
        mural(15, 'Good'),
      ].join('\n'),
    );
    expect(refused(report)).toEqual({
      'line 2': "latitude '4.551e1' is not a decimal number",
      'line 3': "latitude '1e400' is not a decimal number",
      'line 4': "longitude 'Infinity' is not a decimal number",
      'line 5': 'no geometry',
    });
    expect(report.added.map((a) => a.id)).toEqual(['art-montreal-murales-15']);
  });

  it('refuses hexadecimal coordinates in Overpass JSON, and elements that are not objects', async () => {
    const node = (id: number, lat: string, lon: string) =>
      `{"type":"node","id":${id},"lat":${lat},"lon":${lon},"tags":{"tourism":"artwork","artwork_type":"mural","name":"Fixture ${id}"}}`;
    const report = await run(
      'osm-artworks',
      'overpass.json',
      `{"elements":[${node(7001, '"0x2d"', '-73.6')},${node(7002, '45.6', '-73.6')}, 5]}`,
    );
    expect(refused(report)).toEqual({
      'element 3': 'not an OSM element (an object)',
      'node/7001': "latitude '0x2d' is not a decimal number",
    });
    expect(report.added.map((a) => a.id)).toEqual(['art-osm-artworks-node-7002']);
  });

  it('removes NULs and control characters from a record, and keeps it', async () => {
    const report = await run(
      'montreal-murales',
      'nul.csv',
      [MONTREAL, mural(21, 'Nul\u0000 Painter'), mural(22, '\u001b[2JClear')].join('\n'),
    );
    expect(report.added.map((a) => a.id)).toEqual([
      'art-montreal-murales-21',
      'art-montreal-murales-22',
    ]);
    expect(report.fixed).toEqual([
      { at: 'line 2', fault: 'control characters removed from artiste' },
      { at: 'line 3', fault: 'control characters removed from artiste' },
    ]);
    expect((await art('art-montreal-murales-21'))!.artistName).toBe('Nul Painter');
    expect((await art('art-montreal-murales-22'))!.artistName).toBe('[2JClear');
  });

  it('refuses a null feature by its number and imports the features around it', async () => {
    const feature = (id: number, lat: number) =>
      `{"type":"Feature","geometry":{"type":"Point","coordinates":[-73.6,${lat}]},"properties":{"id":${id},"artiste":"Fixture ${id}"}}`;
    const report = await run(
      'montreal-murales',
      'features.geojson',
      `{"type":"FeatureCollection","features":[${feature(31, 45.61)},null,${feature(32, 45.62)}]}`,
    );
    expect(refused(report)).toEqual({ 'record 2': 'not a record (null)' });
    expect(report.added.map((a) => a.id)).toEqual([
      'art-montreal-murales-31',
      'art-montreal-murales-32',
    ]);
  });
});

describe('an input that cannot be read as a whole', () => {
  it.each([
    [
      'object.geojson',
      '{"type":"FeatureCollection","features":{"0":null}}',
      '"features" is not an array',
    ],
    ['records.json', '{"success":true,"result":{"records":7}}', '"result.records" is not an array'],
    ['empty.csv', '', 'it has no header row'],
  ])('%s is refused in one line before anything is written', async (name, text, message) => {
    const before = await db
      .select({ id: artworks.id })
      .from(artworks)
      .where(like(artworks.id, 'art-%'));
    const error = await readListing('montreal-murales', file(name, text)).catch(
      (err: Error) => err.message,
    );
    expect(error).toBe(`${path.join(dir, name)}: ${message}`);
    expect(
      await db.select({ id: artworks.id }).from(artworks).where(like(artworks.id, 'art-%')),
    ).toEqual(before);
  });
});
