import { canonicalCountry, insideCountry } from '../../core/country-boxes.ts';
import { checkPoint, readPoint, type Point } from './coordinates.ts';
import type { SourceRow } from './formats/page.ts';
import type { Kind, OpenDataSource, Where } from './sources.ts';

/** A record ready to store: the facts we keep (never the source's description). */
export interface OpenDataRecord {
  at: string;
  kind: Kind;
  recordId: string;
  title: string;
  artist: string | null;
  year: number | null;
  address: string | null;
  latitude: number;
  longitude: number;
  lowPrecision: boolean;
  status: 'present' | 'gone';
  sourceUrl: string;
  /** Walls only. */
  city: string;
  country: string;
  permitRequired: boolean;
}

export interface MappedRows {
  records: OpenDataRecord[];
  skipped: { at: string; reason: string }[];
  /** Faults put right (or flagged) in records that were kept. */
  fixed: { at: string; fault: string }[];
  /** Ids of every record the source lists as one of ours, usable or not. */
  listed: Set<string>;
}

export interface MapDefaults {
  city?: string;
  country?: string;
}

/** 'Item title', 'item_title' and 'ITEM-TITLE' are one field. */
const norm = (key: string) => key.toLowerCase().replace(/[\s_-]+/g, '_');

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Text as we store it, and what had to be put right: HTML tags and entities (portals keep
 * their rich-text editors' output), and apostrophes doubled by an escaping step ("Lynch''''s").
 */
export function cleanText(value: string): { text: string; faults: string[] } {
  const faults: string[] = [];
  let t = value;
  if (/<\/?[a-z][^>]*>|&(#\d+|[a-z]+);/i.test(t)) {
    faults.push('HTML removed');
    t = t
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m);
  }
  if (/'{2,}/.test(t)) {
    faults.push('doubled apostrophes');
    t = t.replace(/'{2,}/g, "'");
  }
  return { text: t.replace(/\s+/g, ' ').trim(), faults };
}

const YEAR = /\b(1[5-9]\d\d|20\d\d)\b/;

function matches(get: (f: string) => unknown, where: Where | undefined): boolean {
  return Object.entries(where ?? {}).every(([field, values]) => {
    const v = text(get(field))?.toLowerCase();
    return v !== undefined && values.some((w) => w.toLowerCase() === v);
  });
}

/** Turns a listing's rows into records for `source`, reporting every fault and refusal. */
export function mapRows(
  source: OpenDataSource,
  rows: SourceRow[],
  defaults: MapDefaults = {},
): MappedRows {
  const out: MappedRows = { records: [], skipped: [], fixed: [], listed: new Set() };
  const selectFields = [...new Set(source.select.flatMap((r) => Object.keys(r.where ?? {})))];

  for (const row of rows) {
    const fields = new Map(Object.entries(row.props).map(([k, v]) => [norm(k), v]));
    const get = (f: string) => fields.get(norm(f));
    const first = (names: string[] | undefined) =>
      (names ?? []).map((n) => text(get(n))).find((v) => v !== undefined);
    const skip = (reason: string) => out.skipped.push({ at: row.at, reason });
    const faults: string[] = [];
    const clean = (name: string, value: string | undefined) => {
      if (value === undefined) return undefined;
      const c = cleanText(value);
      faults.push(...c.faults.map((f) => `${f} in ${name}`));
      return c.text || undefined;
    };

    const rule = source.select.find((r) => matches(get, r.where));
    if (!rule) {
      const seen = selectFields.map((f) => `${f}=${text(get(f)) ?? '(none)'}`);
      skip(`not selected (${seen.join(', ')})`);
      continue;
    }
    const refusal = source.refuse?.find((r) => matches(get, r.where));
    if (refusal) {
      skip(refusal.reason);
      continue;
    }

    let artist = first(source.fields.artist);
    let status: OpenDataRecord['status'] = 'present';
    const note = source.goneNote;
    if (note && note.pattern.test(text(get(note.field)) ?? '')) {
      status = 'gone';
      faults.push('the source says it is no longer visible: imported as gone');
      if (source.fields.artist?.includes(note.field)) artist = artist?.replace(note.pattern, '');
    }
    artist = clean('artist', artist);
    const address = clean('address', first(source.fields.address));
    let title = clean('title', first(source.fields.title));
    if (!title && rule.kind === 'artwork') {
      const word = source.untitled ?? 'Artwork';
      title = artist ? `${word} by ${artist}` : address ? `${word} at ${address}` : word;
    }

    let recordId = first(source.fields.id);
    if (!recordId && title && first(source.fields.title)) {
      recordId = `title:${title.toLowerCase()}`;
      faults.push('no record id in the source: keyed by its title');
    }
    if (!recordId) {
      skip('no record id in the source');
      continue;
    }
    out.listed.add(recordId);

    const point = findPoint(source, row, get);
    if (!point) {
      skip('no geometry');
      continue;
    }
    const checked = checkPoint(point, source.region);
    if ('problem' in checked) {
      skip(checked.problem);
      continue;
    }
    if (point.fromString) faults.push('geometry given as a string');
    if (checked.swapped) faults.push('latitude and longitude swapped: put right');
    if (checked.lowPrecision)
      faults.push('coordinates to 3 decimals (~100 m): flagged low precision');

    const city = first(source.fields.city) ?? source.city ?? defaults.city;
    const countryText = first(source.fields.country) ?? source.country ?? defaults.country;
    const country = countryText ? canonicalCountry(countryText) : null;
    if (rule.kind === 'legal_wall') {
      if (!city || !countryText) {
        skip('a wall needs a city and a country (pass --city and --country)');
        continue;
      }
      if (!country) {
        skip(`unknown country '${countryText}'`);
        continue;
      }
      if (insideCountry(country, checked.lat, checked.lon) === false) {
        skip(`coordinates (${checked.lat}, ${checked.lon}) are outside ${country}`);
        continue;
      }
    }
    title ??= `Legal wall, ${city}`;

    const ownUrl = first(source.fields.url);
    const year = YEAR.exec(first(source.fields.year) ?? '')?.[1];
    out.records.push({
      at: row.at,
      kind: rule.kind,
      recordId,
      title: title.slice(0, 200),
      artist: artist ?? null,
      year: year ? Number(year) : null,
      address: address ?? null,
      latitude: checked.lat,
      longitude: checked.lon,
      lowPrecision: checked.lowPrecision,
      status,
      sourceUrl:
        ownUrl && /^https?:\/\//.test(ownUrl)
          ? ownUrl
          : (source.recordUrl?.replace('{id}', recordId) ?? source.page),
      city: city ?? '',
      country: country ?? '',
      permitRequired: source.permitWhere ? matches(get, source.permitWhere) : false,
    });
    out.fixed.push(...faults.map((fault) => ({ at: row.at, fault })));
  }
  return out;
}

/** The row's geometry first, then the source's point fields, then a latitude/longitude pair. */
function findPoint(
  source: OpenDataSource,
  row: SourceRow,
  get: (f: string) => unknown,
): Point | null {
  const geometry = readPoint(row.geometry);
  if (geometry) return geometry;
  for (const f of source.fields.point ?? []) {
    const p = readPoint(get(f));
    if (p) return p;
  }
  const lat = source.fields.latitude?.map(get).find((v) => text(v) !== undefined);
  const lon = source.fields.longitude?.map(get).find((v) => text(v) !== undefined);
  return lat !== undefined && lon !== undefined ? readPoint({ lat, lon }) : null;
}
