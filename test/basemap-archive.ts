import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { geoJSONToTile, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { zxyToTileId } from 'pmtiles';
import { FALLBACK_LOCATION } from '../src/core/constants.ts';

/**
 * A small street-map archive of the test's own, in the Protomaps basemap schema the style reads:
 * land, a lake, a made-up street grid with names (one street one-way), a neighbourhood label and
 * two points of interest, around the app's fallback spot, at zooms 10 to 15. Written as PMTiles v3 by hand (the
 * format is a 127-byte header, a directory and the tiles; npm has readers, no maintained writer).
 */
export const TEST_BASEMAP = {
  centre: FALLBACK_LOCATION,
  minZoom: 10,
  maxZoom: 15,
  /** Names the grid's streets carry, west-east then north-south. */
  streets: ['Stencil Street', 'Mural Lane', 'Laneway Parade', 'Paste-Up Road', 'Tag Street'],
  avenues: [
    'Spraycan Avenue',
    'Throw-Up Terrace',
    'Wildstyle Way',
    'Piece Place',
    'Bomb Boulevard',
  ],
  neighbourhood: 'Paint Quarter',
} as const;

const LAND = 0.03;
const GRID = 0.006;

const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});

const box = (west: number, south: number, east: number, north: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

function layers(): Record<string, FeatureCollection> {
  const { latitude: lat, longitude: lng } = TEST_BASEMAP.centre;
  const collection = (features: Feature[]): FeatureCollection => ({
    type: 'FeatureCollection',
    features,
  });
  const step = (i: number) => (i - 2) * (GRID / 2);
  // The middle street is a main road; the others are residential, the first one-way.
  const road = (name: string, i: number, coordinates: [number, number][]) =>
    feature(
      { type: 'LineString', coordinates },
      i === 2
        ? { kind: 'major_road', kind_detail: 'primary', name, min_zoom: 8 }
        : {
            kind: 'minor_road',
            kind_detail: 'residential',
            name,
            min_zoom: 12,
            ...(i === 0 && { oneway: 'yes' }),
          },
    );
  return {
    earth: collection([
      feature(box(lng - LAND, lat - LAND, lng + LAND, lat + LAND), { kind: 'earth' }),
    ]),
    water: collection([
      feature(box(lng + GRID * 1.2, lat - GRID * 1.6, lng + GRID * 2, lat - GRID * 1.1), {
        kind: 'water',
        kind_detail: 'lake',
        name: 'Drip Lake',
      }),
    ]),
    roads: collection([
      ...TEST_BASEMAP.streets.map((name, i) =>
        road(name, i, [
          [lng - GRID, lat + step(i)],
          [lng + GRID, lat + step(i)],
        ]),
      ),
      ...TEST_BASEMAP.avenues.map((name, i) =>
        road(name, i, [
          [lng + step(i), lat - GRID],
          [lng + step(i), lat + GRID],
        ]),
      ),
    ]),
    places: collection([
      feature(
        { type: 'Point', coordinates: [lng + GRID / 4, lat + GRID / 4] },
        { kind: 'neighbourhood', name: TEST_BASEMAP.neighbourhood, min_zoom: 11 },
      ),
    ]),
    pois: collection([
      feature(
        { type: 'Point', coordinates: [lng - GRID / 4, lat - GRID / 8] },
        { kind: 'cafe', name: 'Drip Café', min_zoom: 14 },
      ),
      feature(
        { type: 'Point', coordinates: [lng + GRID / 8, lat - GRID / 4] },
        { kind: 'artwork', name: 'Big Wall', min_zoom: 14 },
      ),
    ]),
  };
}

const tileX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** Unsigned LEB128, as PMTiles directories are written. */
function varint(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** The spec's directory: ids as deltas, run lengths, lengths, then offsets (0 = contiguous). */
function directory(entries: Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  entries.forEach((e, i) => varint(e.tileId - (entries[i - 1]?.tileId ?? 0), out));
  entries.forEach(() => varint(1, out));
  entries.forEach((e) => varint(e.length, out));
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    varint(previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, out);
  });
  return gzipSync(Buffer.from(out));
}

const HEADER_BYTES = 127;
const GZIP = 2;
const MVT = 1;
const e7 = (degrees: number) => Math.round(degrees * 1e7);

/** The archive's bytes. */
export function buildTestBasemap(): Buffer {
  const { latitude: lat, longitude: lng } = TEST_BASEMAP.centre;
  const sources = layers();
  const tiles: { tileId: number; data: Buffer }[] = [];
  for (let z = TEST_BASEMAP.minZoom; z <= TEST_BASEMAP.maxZoom; z++) {
    for (let x = tileX(lng - LAND, z); x <= tileX(lng + LAND, z); x++) {
      for (let y = tileY(lat + LAND, z); y <= tileY(lat - LAND, z); y++) {
        const tile: Record<string, GeoJSONVTTile> = {};
        for (const [name, data] of Object.entries(sources)) {
          const slice = geoJSONToTile(data, z, x, y, { extent: 4096, buffer: 64, clip: true });
          if (slice?.features.length) tile[name] = slice;
        }
        tiles.push({ tileId: zxyToTileId(z, x, y), data: gzipSync(fromGeojsonVt(tile)) });
      }
    }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);
  let offset = 0;
  const entries = tiles.map(({ tileId, data }) => {
    const entry = { tileId, offset, length: data.length };
    offset += data.length;
    return entry;
  });
  const root = directory(entries);
  const metadata = gzipSync(
    JSON.stringify({
      name: 'StreetScope test streets',
      attribution: 'StreetScope test data',
      vector_layers: Object.keys(sources).map((id) => ({ id, fields: {} })),
    }),
  );
  const tileData = Buffer.concat(tiles.map((t) => t.data));

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const sections = [
    [HEADER_BYTES, root.length],
    [HEADER_BYTES + root.length, metadata.length],
    [HEADER_BYTES + root.length + metadata.length, 0],
    [HEADER_BYTES + root.length + metadata.length, tileData.length],
    [tiles.length, tiles.length],
  ];
  sections.flat().forEach((n, i) => header.writeBigUInt64LE(BigInt(n), 8 + i * 8));
  header.writeBigUInt64LE(BigInt(tiles.length), 88);
  header.writeUInt8(1, 96); // clustered: tiles in id order
  header.writeUInt8(GZIP, 97);
  header.writeUInt8(GZIP, 98);
  header.writeUInt8(MVT, 99);
  header.writeUInt8(TEST_BASEMAP.minZoom, 100);
  header.writeUInt8(TEST_BASEMAP.maxZoom, 101);
  header.writeInt32LE(e7(lng - LAND), 102);
  header.writeInt32LE(e7(lat - LAND), 106);
  header.writeInt32LE(e7(lng + LAND), 110);
  header.writeInt32LE(e7(lat + LAND), 114);
  header.writeUInt8(TEST_BASEMAP.maxZoom, 118);
  header.writeInt32LE(e7(lng), 119);
  header.writeInt32LE(e7(lat), 123);
  return Buffer.concat([header, root, metadata, tileData]);
}

/** Writes the archive to `file` (making its folder), for a server to be configured with. */
export function writeTestBasemap(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, buildTestBasemap());
  return file;
}
