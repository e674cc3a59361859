import { parse as parseCsv } from 'csv-parse/sync';

/**
 * Legal-wall records as they come out of a file, before validation: OpenStreetMap Overpass JSON
 * (nodes and ways), GeoJSON and CSV. Everything is optional here; import-walls.ts decides.
 */
export interface RawWall {
  /** Where the record came from in the file, for the report: 'node/123', 'feature 3', 'row 5'. */
  at: string;
  /** A stable key from the source (OSM type and id, a GeoJSON or CSV id), if it has one. */
  key?: string;
  name?: string;
  description?: string;
  city?: string;
  country?: string;
  address?: string;
  hours?: string;
  permitRequired?: boolean;
  latitude?: number;
  longitude?: number;
  source?: string;
  /** Why the record cannot be used at all (e.g. not tagged as a legal surface). */
  problem?: string;
}

export type WallFileFormat = 'osm' | 'geojson' | 'csv';

export function detectFormat(fileName: string, text: string): WallFileFormat {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.geojson$/i.test(fileName)) return 'geojson';
  const head = text.trimStart();
  if (!head.startsWith('{')) return 'csv';
  const json = JSON.parse(text) as { type?: unknown; elements?: unknown };
  if (Array.isArray(json.elements)) return 'osm';
  if (json.type === 'FeatureCollection' || json.type === 'Feature') return 'geojson';
  throw new Error(
    'JSON file is neither Overpass output (elements) nor GeoJSON (FeatureCollection)',
  );
}

export function readWallFile(fileName: string, text: string): RawWall[] {
  const format = detectFormat(fileName, text);
  if (format === 'csv') return fromCsv(text);
  const json: unknown = JSON.parse(text);
  return format === 'osm' ? fromOverpass(json) : fromGeoJson(json);
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const bool = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  const s = str(v)?.toLowerCase();
  if (s && ['yes', 'true', '1', 'y'].includes(s)) return true;
  if (s && ['no', 'false', '0', 'n'].includes(s)) return false;
  return undefined;
};

export interface OsmElement {
  type: string;
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  geometry?: { lat: number; lon: number }[];
  nodes?: number[];
  tags?: Record<string, string>;
}

/** Tags that mark a legal painting surface in OpenStreetMap. */
export function isLegalSurface(tags: Record<string, string>): boolean {
  return tags.leisure === 'drawing_surface' || tags.graffiti === 'yes';
}

/** Overpass JSON (`[out:json]`, with `out center` or `out geom` or the ways' nodes). */
export function fromOverpass(json: unknown): RawWall[] {
  const elements = (json as { elements?: OsmElement[] }).elements ?? [];
  const nodes = new Map(elements.filter((e) => e.type === 'node').map((e) => [e.id, e]));
  // Untagged nodes are the ways' geometry; tagged elements that are not legal surfaces are
  // reported as skipped rather than dropped silently.
  return elements
    .filter((e) => e.tags && Object.keys(e.tags).length > 0)
    .map((e): RawWall => {
      const tags = e.tags!;
      const at = `${e.type}/${e.id}`;
      const point = osmPoint(e, nodes);
      const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
      const city =
        tags['addr:city'] ?? tags['addr:town'] ?? tags['addr:village'] ?? tags['addr:suburb'];
      const address = [street, tags['addr:postcode'], city].filter(Boolean).join(', ');
      return {
        at,
        key: `osm-${e.type}-${e.id}`,
        name: str(tags.name) ?? str(tags['name:en']),
        description: str(tags.description),
        city: str(city),
        country: str(tags['addr:country']),
        address: street ? address : undefined,
        hours: str(tags.opening_hours),
        permitRequired:
          tags.access === 'permit' || bool(tags.permit) === true
            ? true
            : tags.access === 'no' || tags.access === 'private'
              ? undefined
              : false,
        latitude: point?.lat,
        longitude: point?.lon,
        source: `OpenStreetMap contributors (ODbL), https://www.openstreetmap.org/${at}`,
        problem: !isLegalSurface(tags)
          ? 'not tagged as a legal painting surface (leisure=drawing_surface or graffiti=yes)'
          : tags.access === 'no' || tags.access === 'private'
            ? `access=${tags.access}: not open to the public`
            : undefined,
      };
    });
}

export function osmPoint(
  e: OsmElement,
  nodes: Map<number, OsmElement>,
): { lat: number; lon: number } | null {
  if (e.lat !== undefined && e.lon !== undefined) return { lat: e.lat, lon: e.lon };
  if (e.center) return e.center;
  const points =
    e.geometry ??
    (e.nodes ?? []).flatMap((id) => {
      const n = nodes.get(id);
      return n?.lat !== undefined && n.lon !== undefined ? [{ lat: n.lat, lon: n.lon }] : [];
    });
  return points.length ? centre(points.map((p) => [p.lon, p.lat])) : null;
}

/** The mean of a shape's vertices (a closed ring's repeated last vertex counted once). */
export function centre(coords: number[][]): { lat: number; lon: number } {
  const first = coords[0]!;
  const last = coords.at(-1)!;
  const ring = coords.length > 1 && first[0] === last[0] && first[1] === last[1];
  const pts = ring ? coords.slice(0, -1) : coords;
  const sum = pts.reduce((acc, [lng, lat]) => [acc[0]! + lng!, acc[1]! + lat!], [0, 0]);
  return { lon: sum[0]! / pts.length, lat: sum[1]! / pts.length };
}

interface Feature {
  id?: unknown;
  geometry?: { type: string; coordinates: unknown } | null;
  properties?: Record<string, unknown> | null;
}

export function fromGeoJson(json: unknown): RawWall[] {
  const root = json as { type?: string; features?: Feature[] };
  const features = root.type === 'Feature' ? [json as Feature] : (root.features ?? []);
  return features.map((f, i): RawWall => {
    const p = f.properties ?? {};
    const point = geoJsonPoint(f.geometry);
    const id = str(p.id) ?? str(f.id);
    return {
      at: `feature ${i + 1}`,
      key: id,
      name: str(p.name),
      description: str(p.description),
      city: str(p.city),
      country: str(p.country),
      address: str(p.address),
      hours: str(p.hours),
      permitRequired: bool(p.permitRequired),
      latitude: point?.lat,
      longitude: point?.lon,
      source: str(p.source),
      problem: point ? undefined : 'no usable geometry (Point, LineString or Polygon)',
    };
  });
}

function geoJsonPoint(g: Feature['geometry']): { lat: number; lon: number } | null {
  if (!g || !Array.isArray(g.coordinates)) return null;
  const c = g.coordinates as unknown[];
  const isPos = (v: unknown): v is number[] =>
    Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number';
  if (g.type === 'Point' && isPos(c)) return { lon: c[0]!, lat: c[1]! };
  if (g.type === 'LineString' && c.every(isPos)) return c.length ? centre(c) : null;
  if (g.type === 'Polygon' && Array.isArray(c[0]) && (c[0] as unknown[]).every(isPos)) {
    return centre(c[0] as number[][]);
  }
  return null;
}

/** CSV with a header row; latitude/lat and longitude/lng/lon are both accepted. */
export function fromCsv(text: string): RawWall[] {
  const rows: Record<string, string>[] = parseCsv(text, {
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  return rows.map((r, i) => ({
    at: `row ${i + 2}`,
    key: str(r.id),
    name: str(r.name),
    description: str(r.description),
    city: str(r.city),
    country: str(r.country),
    address: str(r.address),
    hours: str(r.hours),
    permitRequired: bool(r.permitrequired ?? r.permit_required),
    latitude: num(r.latitude ?? r.lat),
    longitude: num(r.longitude ?? r.lng ?? r.lon),
    source: str(r.source),
  }));
}
