import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/app.ts';
import type { Database, Db } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { importWalls, type ImportReport } from './import-walls.ts';
import { readWallFile } from './wall-sources.ts';

/**
 * Files an attacker or a broken export could hand the importer: each bad record is refused with
 * its line or feature number and the reason, and the good records of the same file go in.
 */
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const HEADER = 'id,name,description,hours,city,country,latitude,longitude,source';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
/** A usable Hobart wall: each test has its own longitude, its rows 1 km apart. */
const good = (id: string, n: number, lng: number) =>
  `${id},Wall ${id},,,Hobart,Australia,-42.${80 + n},${lng},https://example.org/${id}`;
const run = (name: string, text: string) => importWalls(db, readWallFile(name, text));
const refused = (r: ImportReport) => Object.fromEntries(r.refused.map((x) => [x.at, x.reason]));
const wall = async (id: string) =>
  (await db.select().from(legalWalls).where(eq(legalWalls.id, id)))[0];
const walls = async (prefix: string) =>
  (
    await db
      .select({ n: count() })
      .from(legalWalls)
      .where(like(legalWalls.id, `${prefix}%`))
  )[0]!.n;

describe('a CSV with bad rows', () => {
  it('loses the NULs and control characters of a row, keeps the row and says so', async () => {
    const report = await run(
      'nul.csv',
      csv(
        good('nul-a', 1, 147.1),
        'nul-b,Wall\u0000 with a NUL,Paint \u001b[31mred\u001b[0m,,Hobart,Australia,-42.82,147.1,https://example.org/b',
        good('nul-c', 3, 147.1),
      ),
    );
    expect(report.added.map((a) => a.id)).toEqual(['nul-a', 'nul-b', 'nul-c']);
    expect(report.fixed).toEqual([
      { at: 'line 3', fault: 'control characters removed from name, description' },
    ]);
    expect(await wall('nul-b')).toMatchObject({
      name: 'Wall with a NUL',
      description: 'Paint [31mred[0m',
    });
  });

  it('reads coordinates as plain decimals only: hex, exponents, Infinity and blanks refused', async () => {
    const row = (id: string, lat: string, lng: string) =>
      `${id},Wall ${id},,,Hobart,Australia,${lat},${lng},https://example.org/${id}`;
    const report = await run(
      'coordinates.csv',
      csv(
        row('co-hex', '-42.80', '0x93'),
        row('co-exp', '-42.81', '1.47e2'),
        row('co-huge', '1e400', '147.2'),
        row('co-inf', '-42.83', 'Infinity'),
        row('co-blank', '', '147.2'),
        row('co-comma', '"-42,84"', '147.2'),
        row('co-plus', '-42.85', '+147.2'),
        row('co-point', '-42.86', '147.'),
      ),
    );
    expect(refused(report)).toEqual({
      'line 2': "longitude '0x93' is not a decimal number",
      'line 3': "longitude '1.47e2' is not a decimal number",
      'line 4': "latitude '1e400' is not a decimal number",
      'line 5': "longitude 'Infinity' is not a decimal number",
      'line 6': 'no coordinates',
      'line 7': "latitude '-42,84' is not a decimal number",
    });
    expect(report.added.map((a) => a.id)).toEqual(['co-plus', 'co-point']);
    expect(await wall('co-point')).toMatchObject({ latitude: -42.86, longitude: 147 });
    expect(await wall('co-plus')).toMatchObject({ latitude: -42.85, longitude: 147.2 });
    expect(await walls('co-')).toBe(2);
  });

  it('refuses a row with a stray or unclosed quote by its line, counting multi-line cells', async () => {
    const report = await run(
      'quotes.csv',
      csv(
        'qu-a,"A wall whose name',
        'runs over two lines",,,Hobart,Australia,-42.81,147.3,https://example.org/a',
        'qu-b,Wall "b,,,Hobart,Australia,-42.82,147.3,https://example.org/b',
        good('qu-c', 3, 147.3),
        'qu-d,"Wall d,,,Hobart,Australia,-42.84,147.3,https://example.org/d',
      ),
    );
    expect(report.added.map((a) => [a.at, a.id])).toEqual([
      ['line 2', 'qu-a'],
      ['line 5', 'qu-c'],
    ]);
    expect(Object.keys(refused(report))).toEqual(['line 4', 'line 6']);
    expect(refused(report)['line 4']).toMatch(/^unreadable CSV: Invalid Opening Quote/);
    expect(refused(report)['line 6']).toMatch(/^unreadable CSV: Quote Not Closed/);
  });

  it('stores cells that look like spreadsheet formulas as written: text, never refused', async () => {
    const report = await run(
      'formulas.csv',
      csv(
        'fo-a,"=HYPERLINK(""http://example.org"",""x"")",-1 + 1,@SUM(A1),Hobart,Australia,-42.81,147.4,+61 3 0000',
        good('fo-b', 2, 147.4),
      ),
    );
    expect(report.added.map((a) => a.id)).toEqual(['fo-a', 'fo-b']);
    expect(await wall('fo-a')).toMatchObject({
      name: '=HYPERLINK("http://example.org","x")',
      description: '-1 + 1',
      hours: '@SUM(A1)',
      source: '+61 3 0000',
    });
  });

  it('refuses a row whose cell is too long to show, and imports the rest', async () => {
    const report = await run(
      'long.csv',
      csv(
        `lo-a,${'x'.repeat(5000)},,,Hobart,Australia,-42.81,147.5,https://example.org/a`,
        good('lo-b', 2, 147.5),
      ),
    );
    expect(refused(report)).toEqual({ 'line 2': 'name is 5000 characters long (at most 500)' });
    expect(report.added.map((a) => a.id)).toEqual(['lo-b']);
  });
});

describe('GeoJSON with bad features', () => {
  const feature = (id: string, coordinates: string) =>
    `{"type":"Feature","geometry":{"type":"Point","coordinates":${coordinates}},"properties":{"id":"${id}","city":"Hobart","country":"Australia","source":"https://example.org/${id}"}}`;

  it('refuses null, an array and a number by their feature number, and infinite coordinates', async () => {
    const text = `{"type":"FeatureCollection","features":[
      ${feature('ge-a', '[147.6, -42.81]')}, null, [], 7,
      ${feature('ge-b', '[1e400, -42.82]')},
      ${feature('ge-c', '["0x93", -42.83]')},
      ${feature('ge-d', '[147.6, -42.84]')}]}`;
    const report = await run('features.geojson', text);
    expect(refused(report)).toEqual({
      'feature 2': 'not a GeoJSON feature (null)',
      'feature 3': 'not a GeoJSON feature (an array)',
      'feature 4': 'not a GeoJSON feature (number)',
      'feature 5': 'longitude Infinity is not a finite number',
      'feature 6': "longitude '0x93' is not a decimal number",
    });
    expect(report.added.map((a) => [a.at, a.id])).toEqual([
      ['feature 1', 'ge-a'],
      ['feature 7', 'ge-d'],
    ]);
  });

  it('refuses elements of an Overpass file that are not objects', async () => {
    const text = `{"elements":[null,{"type":"node","id":9001,"lat":-42.81,"lon":"0x93","tags":{"leisure":"drawing_surface","addr:city":"Hobart"}},
      {"type":"node","id":9002,"lat":-42.82,"lon":147.7,"tags":{"leisure":"drawing_surface","addr:city":"Hobart"}}]}`;
    const report = await importWalls(db, readWallFile('export.json', text), {
      country: 'Australia',
    });
    expect(refused(report)).toEqual({
      'element 1': 'not an OSM element (an object)',
      'node/9001': "longitude '0x93' is not a decimal number",
    });
    expect(report.added.map((a) => a.id)).toEqual(['osm-node-9002']);
  });
});

describe('a file that cannot be read as a whole', () => {
  it.each([
    ['not-json.json', '{"type": "FeatureCollection", ', /^not-json\.json is not valid JSON: /],
    [
      'object.geojson',
      '{"type":"FeatureCollection","features":{"0":{"type":"Feature"}}}',
      /^object\.geojson: "features" is not an array/,
    ],
    ['elements.json', '{"elements":"none"}', /^elements\.json: "elements" is not an array/],
    ['array.json', '[1, 2]', /^array\.json is neither Overpass output .* nor GeoJSON/],
    ['empty.csv', '', /^empty\.csv: it has no header row$/],
    [
      'headless.csv',
      'wall-1,Wall,-42.8,147.3\n',
      /^headless\.csv: its first row is not a header naming latitude and longitude columns/,
    ],
  ])('%s is refused in one line, with nothing written', async (name, text, message) => {
    const before = (await db.select({ n: count() }).from(legalWalls))[0]!.n;
    const error = await run(name, text).catch((err: Error) => err.message);
    expect(error).toMatch(message);
    expect(error).not.toContain('\n');
    expect((await db.select({ n: count() }).from(legalWalls))[0]!.n).toBe(before);
  });
});
