import { boundingBox } from '../../../core/geo.ts';
import type { MapSources } from '../../../core/schemas/map.ts';
import type { SavedArea } from '../../sw/saved-areas-store.ts';

/*
 * What saving an area downloads, counted before anything is fetched
 * (docs/decisions/037-saved-areas.md): the imagery tiles and street-map tiles covering a circle
 * for a range of zooms, their estimated size, and whether that fits under the caps.
 */

/** The shallowest zoom kept: a town and its surroundings, enough to find the way back in. */
export const MIN_ZOOM = 10;

/** The deepest imagery zoom kept for a radius: the smaller the area, the closer one can look. */
export function deepestImageryZoom(radiusKm: number, sourceMaxZoom: number): number {
  const deepest = radiusKm <= 1 ? 18 : radiusKm <= 2 ? 17 : 16;
  return Math.min(deepest, sourceMaxZoom);
}

/** The street map's vector tiles overzoom past its deepest level (Protomaps stops at 15). */
export const STREET_MAX_ZOOM = 15;

/** Typical sizes (decision 037): a 256 px imagery JPEG and a Protomaps vector tile in a city. */
export const IMAGERY_TILE_BYTES = 22_000;
export const STREET_TILE_BYTES = 40_000;

/** One saved area may take this much; all of a player's saved areas together, TOTAL_CAP. */
export const AREA_CAP_BYTES = 60 * 1_048_576;
export const TOTAL_CAP_BYTES = 250 * 1_048_576;

export interface TileRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

const clampTile = (n: number, z: number) => Math.min(2 ** z - 1, Math.max(0, n));

/** The Web Mercator tile column of a longitude and row of a latitude at zoom z. */
export function tileX(lng: number, z: number): number {
  return clampTile(Math.floor(((lng + 180) / 360) * 2 ** z), z);
}
export function tileY(lat: number, z: number): number {
  const r = (Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z;
  return clampTile(Math.floor(y), z);
}

/** The tiles covering the box around a circle at zoom z: one range, two across the antimeridian. */
export function tileRanges(
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  z: number,
): TileRange[] {
  const box = boundingBox(centre.latitude, centre.longitude, radiusKm);
  return box.lngRanges.map((lng) => ({
    z,
    minX: tileX(lng.min, z),
    maxX: tileX(lng.max, z),
    minY: tileY(box.maxLat, z),
    maxY: tileY(box.minLat, z),
  }));
}

export const rangeSize = (r: TileRange) => (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1);

/** Every tile of the ranges, as [z, x, y]. */
export function* tilesOf(ranges: TileRange[]): Generator<[number, number, number]> {
  for (const r of ranges) {
    for (let x = r.minX; x <= r.maxX; x++) {
      for (let y = r.minY; y <= r.maxY; y++) yield [r.z, x, y];
    }
  }
}

/** Ranges for each zoom from `from` to `to`. */
export function rangesFor(
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  from: number,
  to: number,
): TileRange[] {
  const ranges: TileRange[] = [];
  for (let z = from; z <= to; z++) ranges.push(...tileRanges(centre, radiusKm, z));
  return ranges;
}

/**
 * A tile's URL as MapLibre builds it: templates spread over tiles by (x + y), and {z}, {x}, {y}
 * filled in, so the saved tile is the one the map will ask for.
 */
export function tileUrl(templates: string[], z: number, x: number, y: number): string {
  const template = templates[(x + y) % templates.length]!;
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

export interface AreaPlan {
  imagery: TileRange[];
  streets: TileRange[];
  imageryTiles: number;
  streetTiles: number;
  /** Estimated bytes of all the tiles. */
  tileBytes: number;
}

/**
 * The tiles an area keeps: imagery from MIN_ZOOM to the deepest zoom for its radius (none
 * without imagery), and the street map from MIN_ZOOM to its deepest level (none without one).
 */
export function planArea(
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  sources: { imageryMaxZoom: number | null; streetMaxZoom: number | null },
): AreaPlan {
  const imagery =
    sources.imageryMaxZoom === null
      ? []
      : rangesFor(centre, radiusKm, MIN_ZOOM, deepestImageryZoom(radiusKm, sources.imageryMaxZoom));
  const streets =
    sources.streetMaxZoom === null
      ? []
      : rangesFor(centre, radiusKm, MIN_ZOOM, Math.min(STREET_MAX_ZOOM, sources.streetMaxZoom));
  const imageryTiles = imagery.reduce((n, r) => n + rangeSize(r), 0);
  const streetTiles = streets.reduce((n, r) => n + rangeSize(r), 0);
  return {
    imagery,
    streets,
    imageryTiles,
    streetTiles,
    tileBytes: imageryTiles * IMAGERY_TILE_BYTES + streetTiles * STREET_TILE_BYTES,
  };
}

/** The plan for the map's sources: imagery where there is some, the street map where there is one. */
export const planFor = (
  centre: { latitude: number; longitude: number },
  radiusKm: number,
  sources: Pick<MapSources, 'satellite' | 'basemap'>,
) =>
  planArea(centre, radiusKm, {
    imageryMaxZoom: sources.satellite?.maxzoom ?? null,
    streetMaxZoom: sources.basemap ? STREET_MAX_ZOOM : null,
  });

/** What a plan promises when the imagery host does not answer: the street map alone. */
export const withoutImagery = (plan: AreaPlan): AreaPlan => ({
  ...plan,
  imagery: [],
  imageryTiles: 0,
  tileBytes: plan.streetTiles * STREET_TILE_BYTES,
});

/** The imagery tile asked first, the one that tells whether its host answers at all. */
export function probeTileUrl(plan: AreaPlan, templates: string[]): string | null {
  const first = tilesOf(plan.imagery).next();
  return first.done ? null : tileUrl(templates, ...first.value);
}

/** The estimated bytes of the tiles a saved area is still missing. */
export function missingBytes({ imagery, streets }: Pick<SavedArea, 'imagery' | 'streets'>) {
  const missing = (part: SavedArea['imagery']) => (part ? part.total - part.done : 0);
  return missing(imagery) * IMAGERY_TILE_BYTES + missing(streets) * STREET_TILE_BYTES;
}

/**
 * Why an area of `bytes` cannot be saved next to areas already taking `used` bytes, or null
 * when it can.
 */
export function overCap(bytes: number, used: number): string | null {
  const mb = (n: number) => `${Math.ceil(n / 1_048_576)} MB`;
  if (bytes > AREA_CAP_BYTES) {
    return `This area needs about ${mb(bytes)}; one saved area may take at most ${mb(AREA_CAP_BYTES)}. Choose a smaller radius.`;
  }
  if (used + bytes > TOTAL_CAP_BYTES) {
    return `This area needs about ${mb(bytes)}, but saved areas already take ${mb(used)} of the ${mb(TOTAL_CAP_BYTES)} they may use on this device. Remove a saved area or choose a smaller radius.`;
  }
  return null;
}
