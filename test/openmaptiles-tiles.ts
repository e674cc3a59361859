import { geoJSONToTile, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { TEST_BASEMAP } from './basemap-archive.ts';

/**
 * Street tiles of the test's own in the OpenMapTiles schema (what OpenFreeMap serves): the test
 * archive's street grid and neighbourhood, as `transportation`, `transportation_name`, `place`
 * and `water` layers, for a local stand-in of the street tile host.
 */
const GRID = 0.006;
const { latitude: lat, longitude: lng } = TEST_BASEMAP.centre;

const feature = (geometry: Geometry, properties: Record<string, unknown>): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});
const collection = (features: Feature[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features,
});

function layers(): Record<string, FeatureCollection> {
  const step = (i: number) => (i - 2) * (GRID / 2);
  const line = (name: string, i: number, coordinates: [number, number][]) =>
    feature(
      { type: 'LineString', coordinates },
      { class: i === 2 ? 'primary' : 'minor', name, 'name:en': name },
    );
  const streets = [
    ...TEST_BASEMAP.streets.map((name, i) =>
      line(name, i, [
        [lng - GRID, lat + step(i)],
        [lng + GRID, lat + step(i)],
      ]),
    ),
    ...TEST_BASEMAP.avenues.map((name, i) =>
      line(name, i, [
        [lng + step(i), lat - GRID],
        [lng + step(i), lat + GRID],
      ]),
    ),
  ];
  const [w, s, e, n] = [lng + GRID * 1.2, lat - GRID * 1.6, lng + GRID * 2, lat - GRID * 1.1];
  return {
    water: collection([
      feature(
        {
          type: 'Polygon',
          coordinates: [
            [
              [w, s],
              [e, s],
              [e, n],
              [w, n],
              [w, s],
            ],
          ],
        },
        { class: 'lake' },
      ),
    ]),
    transportation: collection(streets),
    transportation_name: collection(streets),
    place: collection([
      feature(
        { type: 'Point', coordinates: [lng + GRID / 4, lat + GRID / 4] },
        { class: 'neighbourhood', name: TEST_BASEMAP.neighbourhood },
      ),
    ]),
  };
}

const SOURCES = layers();

/** One tile's protobuf bytes (empty layers left out); up to zoom 14, as OpenFreeMap's. */
export function openMapTilesTile(z: number, x: number, y: number): Buffer {
  const tile: Record<string, GeoJSONVTTile> = {};
  for (const [name, data] of Object.entries(SOURCES)) {
    const slice = geoJSONToTile(data, z, x, y, { extent: 4096, buffer: 64, clip: true });
    if (slice?.features.length) tile[name] = slice;
  }
  return Buffer.from(fromGeojsonVt(tile));
}

/** The TileJSON a street tile host answers with. */
export const openMapTilesTileJson = (origin: string) => ({
  tilejson: '3.0.0',
  tiles: [`${origin}/streets/{z}/{x}/{y}.pbf`],
  minzoom: 0,
  maxzoom: 14,
  attribution: 'Test streets © OpenMapTiles',
  vector_layers: Object.keys(SOURCES).map((id) => ({ id, fields: {} })),
});
