import { decimal } from './cells.ts';
import { isObject } from './formats/page.ts';
import { centre } from './osm-elements.ts';
import type { OpenDataSource } from './sources.ts';

export interface Point {
  lat: number;
  lon: number;
  /** The source gave it as text ('lat, lon' or a JSON string) rather than as numbers. */
  fromString: boolean;
}

/** Why a value that holds coordinates cannot be read as a point. */
export interface BadPoint {
  problem: string;
}

const pair = (lat: unknown, lon: unknown, fromString = false): Point | BadPoint | null => {
  const a = decimal(lat, 'latitude');
  const b = decimal(lon, 'longitude');
  if (a && 'problem' in a) return a;
  if (b && 'problem' in b) return b;
  return a && b ? { lat: a.value, lon: b.value, fromString } : null;
};

/**
 * A point in any form portals publish: `{lon, lat}` (Opendatasoft geo_point_2d), `{latitude,
 * longitude}` (Socrata location), `{x, y}` (esri), a GeoJSON geometry or Feature (a line or
 * polygon gives its centre), WKT `POINT (lon lat)`, a JSON string of any of these, or the text
 * 'lat, lon' (Opendatasoft's "Geo Point" column). Numbers are read strictly (cells.ts): a
 * coordinate that is there but not a plain decimal (`0x10`, `1e400`, `Infinity`) is a problem.
 */
export function readPoint(value: unknown): Point | BadPoint | null {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        const p = readPoint(JSON.parse(text));
        return p && 'lat' in p ? { ...p, fromString: true } : p;
      } catch {
        return null;
      }
    }
    const wkt = /^POINT\s*\(\s*(\S+)\s+(\S+)\s*\)$/i.exec(text);
    if (wkt) return pair(wkt[2], wkt[1], true);
    const latLon = /^(-?\d+(?:\.\d+)?)\s*[,;]\s*(-?\d+(?:\.\d+)?)$/.exec(text);
    return latLon ? pair(latLon[1], latLon[2], true) : null;
  }
  if (!isObject(value)) return null;
  if ('lat' in value && 'lon' in value) return pair(value.lat, value.lon);
  if ('latitude' in value && 'longitude' in value) return pair(value.latitude, value.longitude);
  if ('x' in value && 'y' in value) return pair(value.y, value.x);
  if (value.type === 'Feature') return readPoint(value.geometry);
  const c = value.coordinates;
  if (value.type === 'Point' && Array.isArray(c)) return pair(c[1], c[0]);
  const ring = value.type === 'Polygon' && Array.isArray(c) ? c[0] : c;
  if (['LineString', 'Polygon'].includes(String(value.type)) && Array.isArray(ring)) {
    const coords = ring.filter((p): p is number[] => Array.isArray(p) && p.every(Number.isFinite));
    if (coords.length) {
      const mid = centre(coords);
      return { ...mid, fromString: false };
    }
  }
  return null;
}

const inRange = (p: { lat: number; lon: number }) =>
  Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;
const inRegion = (p: { lat: number; lon: number }, r: NonNullable<OpenDataSource['region']>) =>
  p.lat >= r.south && p.lat <= r.north && p.lon >= r.west && p.lon <= r.east;

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** Three decimals is ~110 m of latitude: good enough to find a street, not a wall. */
export const LOW_PRECISION_DECIMALS = 3;

export type CheckedPoint =
  { lat: number; lon: number; swapped: boolean; lowPrecision: boolean } | { problem: string };

/**
 * Checks a point and puts it right where the mistake is certain: latitude and longitude swapped
 * (a latitude beyond ±90, or — for a source with a known region — the swapped pair falls inside
 * it and the given one does not). Anything else outside the region is refused, not guessed at.
 */
export function checkPoint(p: Point, region: OpenDataSource['region']): CheckedPoint {
  const swappedPair = { lat: p.lon, lon: p.lat };
  let point = { lat: p.lat, lon: p.lon };
  let swapped = false;
  if (!inRange(point) && inRange(swappedPair)) swapped = true;
  else if (region && !inRegion(point, region) && inRegion(swappedPair, region)) swapped = true;
  if (swapped) point = swappedPair;
  if (!inRange(point)) {
    return {
      problem: `coordinates (${p.lat}, ${p.lon}) are not latitude and longitude (projected coordinates?)`,
    };
  }
  if (point.lat === 0 && point.lon === 0) return { problem: 'coordinates are 0, 0 (null island)' };
  if (region && !inRegion(point, region)) {
    return { problem: `coordinates (${point.lat}, ${point.lon}) are outside the source's area` };
  }
  const lowPrecision = Math.max(decimals(point.lat), decimals(point.lon)) <= LOW_PRECISION_DECIMALS;
  return { ...point, swapped, lowPrecision };
}
