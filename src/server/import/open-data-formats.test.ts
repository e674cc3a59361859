import { describe, expect, it } from 'vitest';
import { loadFile } from './load-listing.ts';
import { cleanText, mapRows, type MappedRows } from './open-data-records.ts';
import { findSource } from './sources.ts';

const FIXTURES = 'test/fixtures/open-data/';
const mapFile = async (sourceId: string, file: string) => {
  const listing = await loadFile(FIXTURES + file);
  return { listing, mapped: mapRows(findSource(sourceId), listing.rows) };
};
const reasons = (m: MappedRows) =>
  Object.fromEntries([...m.skipped, ...m.refused].map((s) => [s.at, s.reason]));
const faults = (m: MappedRows) => m.fixed.map((f) => `${f.at}: ${f.fault}`);

describe('reading each format', () => {
  it('Opendatasoft records: a saved first page is not the whole source', async () => {
    const { listing, mapped } = await mapFile(
      'melbourne-outdoor-artworks',
      'opendatasoft-records-1.json',
    );
    expect(listing.complete).toBe(false);
    expect(mapped.records.map((r) => r.title)).toEqual([
      "Lynch's Bridge Fixture Mural",
      'Fixture Koorie Mural',
    ]);
    expect(reasons(mapped)).toEqual({ 'record 2': 'not selected (object_type=Sculpture)' });
    expect(faults(mapped)).toEqual([
      'record 1: doubled apostrophes in title',
      'record 3: geometry given as a string',
    ]);
    // The description (with its HTML) is never part of a record.
    expect(JSON.stringify(mapped.records)).not.toContain('description');
    expect(mapped.records[0]).toMatchObject({ year: 1990, latitude: -37.79020534335677 });
  });

  it('Opendatasoft records: HTML in a title, swapped latitude and longitude, no geometry', async () => {
    const { mapped } = await mapFile('melbourne-outdoor-artworks', 'opendatasoft-records-2.json');
    expect(mapped.records).toEqual([
      expect.objectContaining({
        title: 'Fixture mural & friends',
        latitude: -37.81234,
        longitude: 144.97123,
      }),
    ]);
    expect(faults(mapped)).toEqual([
      'record 1: HTML removed in title',
      'record 1: latitude and longitude swapped: put right',
    ]);
    expect(reasons(mapped)).toEqual({ 'record 2': 'no geometry' });
  });

  it('Opendatasoft GeoJSON export: selection by type and status, 3 decimals flagged', async () => {
    const { listing, mapped } = await mapFile(
      'vancouver-public-art',
      'opendatasoft-export.geojson',
    );
    expect(listing.complete).toBe(true);
    expect(mapped.records.map((r) => [r.recordId, r.lowPrecision, r.sourceUrl])).toEqual([
      [
        '501',
        true,
        'https://covapp.vancouver.ca/PublicArtRegistry/ArtworkDetail.aspx?ArtworkId=501',
      ],
      [
        '505',
        false,
        'https://covapp.vancouver.ca/PublicArtRegistry/ArtworkDetail.aspx?ArtworkId=505',
      ],
    ]);
    expect(reasons(mapped)).toEqual({
      'record 2': 'not selected (type=Mural, status=No longer in place)',
      'record 3': 'no geometry',
      'record 4': 'not selected (type=Sculpture, status=In place)',
    });
    expect(faults(mapped)).toEqual([
      'record 1: coordinates to 3 decimals (~100 m): flagged low precision',
    ]);
  });

  it("Opendatasoft CSV export: ';' delimited, labelled headers, multi-line quoted fields", async () => {
    const { mapped } = await mapFile('brisbane-public-art', 'opendatasoft-export.csv');
    expect(mapped.records).toEqual([
      expect.objectContaining({
        recordId: '1',
        title: 'Fixture laneway mural',
        year: 2016,
        lowPrecision: true,
      }),
    ]);
    expect(reasons(mapped)).toEqual({
      // Line 4: the first record's description spans lines 2 and 3.
      'line 4': 'not selected (materials=(none), material=Bronze, programme=(none))',
    });
    expect(faults(mapped)).toEqual([
      'line 2: geometry given as a string',
      'line 2: coordinates to 3 decimals (~100 m): flagged low precision',
    ]);
  });

  it('Socrata JSON and GeoJSON: swapped pairs put right, projected coordinates refused', async () => {
    for (const file of ['socrata.json', 'socrata.geojson']) {
      const { mapped } = await mapFile('chicago-mural-registry', file);
      expect(mapped.records.map((r) => [r.recordId, r.latitude, r.longitude])).toEqual([
        ['19257', 41.91197223, -87.66325377],
        ['19300', 41.9103642, -87.67813043],
        ['19303', 41.9121, -87.6633],
      ]);
      expect(reasons(mapped)).toEqual({
        'record 3':
          'coordinates (1914109.45, 1158665.31) are not latitude and longitude (projected coordinates?)',
        'record 4': 'no geometry',
      });
      expect(faults(mapped)).toEqual(['record 2: latitude and longitude swapped: put right']);
    }
  });

  it('ArcGIS f=json: subtypes pick walls and artworks, x and y swapped are put right', async () => {
    const page2 = await mapFile('act-artwork-assets', 'arcgis-2.json');
    expect(page2.mapped.records.map((r) => [r.recordId, r.kind, r.latitude, r.city])).toEqual([
      ['AA-100150', 'legal_wall', -35.41235, 'Canberra'],
      ['AA-100140', 'legal_wall', -35.3443, 'Canberra'],
    ]);
    expect(reasons(page2.mapped)).toEqual({
      'record 1': 'not selected (asset_sub_type=Sculpture)',
      'record 2': 'no geometry',
    });
    const geo = await mapFile('act-artwork-assets', 'arcgis.geojson');
    // f=geojson says the server cut the answer: a saved page is partial.
    expect(geo.listing.complete).toBe(false);
    expect(geo.mapped.records.map((r) => r.kind)).toEqual(['legal_wall', 'artwork']);
  });

  it('CKAN datastore_search, CSV and GeoJSON give the same murals; "plus visible" is gone', async () => {
    for (const file of ['ckan-datastore.json', 'ckan.csv', 'ckan.geojson']) {
      const { mapped } = await mapFile('montreal-murales', file);
      expect(mapped.records.map((r) => [r.recordId, r.title, r.status, r.lowPrecision])).toEqual([
        ['1', 'Mural by Fixture Picard', 'present', false],
        ['40', 'Mural by OTHER', 'gone', true],
      ]);
      expect(mapped.fixed.map((f) => f.fault)).toEqual([
        'the source says it is no longer visible: imported as gone',
        'coordinates to 3 decimals (~100 m): flagged low precision',
      ]);
      expect(Object.values(reasons(mapped))).toEqual(['no geometry']);
      expect([...mapped.listed]).toEqual(['1', '40', '41']);
    }
  });

  it('Overpass: murals and graffiti are artworks, legal surfaces are walls', async () => {
    const { mapped } = await mapFile('osm-artworks', 'overpass.json');
    expect(mapped.records.map((r) => [r.recordId, r.kind, r.title, r.sourceUrl])).toEqual([
      ['node/5001', 'artwork', 'Fixture Overpass mural', 'https://www.openstreetmap.org/node/5001'],
      [
        'node/5003',
        'legal_wall',
        'Fixture Overpass wall',
        'https://www.openstreetmap.org/node/5003',
      ],
      ['way/6001', 'artwork', 'Street art', 'https://www.openstreetmap.org/way/6001'],
      ['node/5006', 'artwork', 'Fixture friends mural', 'https://www.openstreetmap.org/node/5006'],
    ]);
    expect(mapped.records[1]).toMatchObject({ city: 'Perth', country: 'Australia' });
    expect(reasons(mapped)).toEqual({
      'node/5002':
        'not selected (leisure=(none), graffiti=(none), tourism=artwork, artwork_type=sculpture)',
      'node/5004': 'access=private|no: not open to the public',
      'node/5005': 'a wall needs a city and a country (pass --city and --country)',
    });
  });
});

describe('cleaning text', () => {
  it('removes HTML and entities and undoes doubled apostrophes', () => {
    expect(cleanText("Lynch''''s <br/>Bridge &amp; &#233;cole")).toEqual({
      text: "Lynch's Bridge & école",
      faults: ['HTML removed', 'doubled apostrophes'],
    });
    expect(cleanText('Plain title').faults).toEqual([]);
  });
});
