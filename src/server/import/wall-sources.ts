import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { controlsRemoved, decimal, plain, withoutControls } from './cells.ts';
import { csvRows } from './csv-rows.ts';
import { isObject } from './formats/page.ts';
import { centre, isLegalSurface, osmElements, osmId, osmPoint, tagged } from './osm-elements.ts';

/**
 * Legal-wall records as they come out of a file, before validation: OpenStreetMap Overpass JSON
 * (nodes and ways), GeoJSON and CSV. Everything is optional here; import-walls.ts decides.
 */
export interface RawWall {
  /** Where the record is in the file, for the report: 'node/123', 'feature 3', 'line 5'. */
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
  /** What was put right in it (control characters removed). */
  fixed?: string[];
}

/** A file the importer cannot read as a whole: it stops before the database is opened. */
class UnreadableFile extends Error {}

/** CSV or JSON: by the file's extension, or else by its first character. */
export function detectFormat(fileName: string, head: string): 'csv' | 'json' {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.(geo)?json$/i.test(fileName)) return 'json';
  return /^\s*[[{]/.test(head.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}

async function firstBytes(file: string): Promise<string> {
  const handle = await open(file).catch((err: NodeJS.ErrnoException) => {
    throw new UnreadableFile(err.code === 'ENOENT' ? `No such file: ${file}` : err.message);
  });
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch (err) {
    throw new UnreadableFile(`${file}: ${(err as Error).message}`);
  } finally {
    await handle.close();
  }
}

/**
 * The records of a wall file, one by one. CSV is streamed from disk; JSON is parsed whole (its
 * records are an array inside one value). Throws UnreadableFile, before the first record, for a
 * file that is not one of the three formats; `text` stands in for the file's content in tests.
 */
export async function* readWallFile(file: string, text?: string): AsyncGenerator<RawWall> {
  const format = detectFormat(file, text ?? (await firstBytes(file)));
  if (format === 'csv') {
    yield* fromCsv(file, text === undefined ? createReadStream(file) : Readable.from([text]));
    return;
  }
  const body =
    text ??
    (await readFile(file, 'utf8').catch((err: Error) => {
      throw new UnreadableFile(`${file}: ${err.message}`);
    }));
  let json: unknown;
  try {
    json = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new UnreadableFile(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  yield* fromJson(file, json);
}

function fromJson(file: string, json: unknown): RawWall[] {
  if (isObject(json) && 'elements' in json) {
    if (!Array.isArray(json.elements)) {
      throw new UnreadableFile(`${file}: "elements" is not an array (Overpass lists them in one)`);
    }
    return fromOverpass(json.elements);
  }
  if (isObject(json) && json.type === 'Feature') return fromGeoJson([json]);
  if (isObject(json) && json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) {
      throw new UnreadableFile(
        `${file}: "features" is not an array (a FeatureCollection lists its features in one)`,
      );
    }
    return fromGeoJson(json.features);
  }
  throw new UnreadableFile(
    `${file} is neither Overpass output (elements) nor GeoJSON (FeatureCollection)`,
  );
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const bool = (v: unknown): boolean | undefined => {
  if (typeof v === 'boolean') return v;
  const s = str(v)?.toLowerCase();
  if (s && ['yes', 'true', '1', 'y'].includes(s)) return true;
  if (s && ['no', 'false', '0', 'n'].includes(s)) return false;
  return undefined;
};

/** Latitude and longitude read strictly (cells.ts), or why they cannot be. */
function coordinates(
  lat: unknown,
  lng: unknown,
): Pick<RawWall, 'latitude' | 'longitude'> & {
  problem?: string;
} {
  const a = decimal(lat, 'latitude');
  const b = decimal(lng, 'longitude');
  const problem = [a, b].flatMap((d) => (d && 'problem' in d ? [d.problem] : [])).join('; ');
  return {
    latitude: a && 'value' in a ? a.value : undefined,
    longitude: b && 'value' in b ? b.value : undefined,
    ...(problem ? { problem } : {}),
  };
}

const fixedIn = (cleaned: string[]) => (cleaned.length ? [controlsRemoved(cleaned)] : undefined);

/** Overpass JSON (`[out:json]`, with `out center` or `out geom` or the ways' nodes). */
function fromOverpass(list: unknown[]): RawWall[] {
  const { elements, refused } = osmElements(list);
  const nodes = new Map(elements.filter((e) => e.type === 'node').map((e) => [e.id, e]));
  // Untagged nodes are the ways' geometry; tagged elements that are not legal surfaces are
  // reported rather than dropped silently.
  const walls = elements.filter(tagged).map((e): RawWall => {
    const { cells: tags, cleaned } = withoutControls(e.tags);
    const at = osmId(e);
    const osm = osmPoint(e, nodes);
    const point = coordinates(osm?.lat, osm?.lon);
    const street = [str(tags['addr:housenumber']), str(tags['addr:street'])]
      .filter(Boolean)
      .join(' ');
    const city = str(
      tags['addr:city'] ?? tags['addr:town'] ?? tags['addr:village'] ?? tags['addr:suburb'],
    );
    const address = [street, str(tags['addr:postcode']), city].filter(Boolean).join(', ');
    const closed = tags.access === 'no' || tags.access === 'private';
    return {
      at,
      key: `osm-${at}`,
      name: str(tags.name) ?? str(tags['name:en']),
      description: str(tags.description),
      city,
      country: str(tags['addr:country']),
      address: street ? address : undefined,
      hours: str(tags.opening_hours),
      permitRequired:
        tags.access === 'permit' || bool(tags.permit) === true ? true : closed ? undefined : false,
      latitude: point.latitude,
      longitude: point.longitude,
      source: `OpenStreetMap contributors (ODbL), https://www.openstreetmap.org/${at}`,
      problem: !isLegalSurface(tags)
        ? 'not tagged as a legal painting surface (leisure=drawing_surface or graffiti=yes)'
        : closed
          ? `access=${String(tags.access)}: not open to the public`
          : point.problem,
      fixed: fixedIn(cleaned),
    };
  });
  return [...refused, ...walls];
}

/** A GeoJSON geometry's point: a Point, or the centre of a LineString or Polygon. */
function geoJsonPoint(g: unknown): ReturnType<typeof coordinates> | null {
  if (!isObject(g) || !Array.isArray(g.coordinates)) return null;
  const c = g.coordinates as unknown[];
  const isPos = (v: unknown): v is number[] =>
    Array.isArray(v) && Number.isFinite(v[0]) && Number.isFinite(v[1]);
  if (g.type === 'Point') return coordinates(c[1], c[0]);
  const line = g.type === 'Polygon' ? c[0] : g.type === 'LineString' ? c : null;
  if (!Array.isArray(line) || line.length === 0) return null;
  if (!line.every(isPos))
    return { problem: `${String(g.type)} has positions that are not pairs of finite numbers` };
  const mid = centre(line);
  return { latitude: mid.lat, longitude: mid.lon };
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

function fromGeoJson(features: unknown[]): RawWall[] {
  return features.map((f, i): RawWall => {
    const at = `feature ${i + 1}`;
    if (!isObject(f)) return { at, problem: `not a GeoJSON feature (${kindOf(f)})` };
    const { cells: p, cleaned } = withoutControls(isObject(f.properties) ? f.properties : {});
    const point = geoJsonPoint(f.geometry);
    return {
      at,
      key: str(p.id) ?? str(f.id),
      name: str(p.name),
      description: str(p.description),
      city: str(p.city),
      country: str(p.country),
      address: str(p.address),
      hours: str(p.hours),
      permitRequired: bool(p.permitRequired),
      latitude: point?.latitude,
      longitude: point?.longitude,
      source: str(p.source),
      problem: point ? point.problem : 'no usable geometry (Point, LineString or Polygon)',
      fixed: fixedIn(cleaned),
    };
  });
}

const LATITUDE = ['latitude', 'lat'];
const LONGITUDE = ['longitude', 'lng', 'lon'];

/** CSV with a header row naming its columns; latitude/lat and longitude/lng/lon both work. */
async function* fromCsv(file: string, input: Readable): AsyncGenerator<RawWall> {
  const header = (names: string[]) => {
    const keys = names.map((h) => plain(h).trim().toLowerCase());
    if (!keys.some((k) => LATITUDE.includes(k)) || !keys.some((k) => LONGITUDE.includes(k))) {
      throw new UnreadableFile(
        `${file}: its first row is not a header naming latitude and longitude columns (it reads: ${keys.join(', ').slice(0, 200)})`,
      );
    }
    return keys;
  };
  try {
    for await (const row of csvRows(input, header)) {
      const at = `line ${row.line}`;
      if ('problem' in row) {
        yield { at, problem: row.problem };
        continue;
      }
      const { cells: r, cleaned } = withoutControls(row.cells);
      const point = coordinates(r.latitude ?? r.lat, r.longitude ?? r.lng ?? r.lon);
      yield {
        at,
        key: str(r.id),
        name: str(r.name),
        description: str(r.description),
        city: str(r.city),
        country: str(r.country),
        address: str(r.address),
        hours: str(r.hours),
        permitRequired: bool(r.permitrequired ?? r.permit_required),
        ...point,
        source: str(r.source),
        fixed: fixedIn(cleaned),
      };
    }
  } catch (err) {
    if (err instanceof UnreadableFile) throw err;
    const e = err as NodeJS.ErrnoException;
    throw new UnreadableFile(
      e.code === 'ENOENT' ? `No such file: ${file}` : `${file}: ${e.message}`,
    );
  }
}
