import { canonicalCountry, insideCountry } from '../../core/country-boxes.ts';
import { MAX_DESCRIPTION, MAX_TEXT, controlsRemoved, tooLong, withoutControls } from './cells.ts';
import { checkPoint, readPoint, type BadPoint, type Point } from './coordinates.ts';
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
  /** Rows left out on purpose: not selected, or refused by the source's own rules. */
  skipped: { at: string; reason: string }[];
  /** Rows that cannot be used, and why. */
  refused: { at: string; reason: string }[];
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

/**
 * Whether a listing is the source's data at all: a row names at least one field the source is
 * read by. A wrong file (another source's export, a README read as CSV) is refused whole.
 */
export function namesSourceFields(source: OpenDataSource, rows: SourceRow[]): boolean {
  const known = new Set(
    [
      ...Object.values(source.fields).flat(),
      ...source.select.flatMap((r) => Object.keys(r.where ?? {})),
    ].map(norm),
  );
  const readable = rows.filter((r) => !r.problem);
  return (
    readable.length === 0 ||
    readable.some(
      (r) => r.geometry !== undefined || Object.keys(r.props).some((k) => known.has(norm(k))),
    )
  );
}

/** Turns a listing's rows into records for `source`, reporting every fault and refusal. */
export function mapRows(
  source: OpenDataSource,
  rows: SourceRow[],
  defaults: MapDefaults = {},
): MappedRows {
  const out: MappedRows = { records: [], skipped: [], refused: [], fixed: [], listed: new Set() };
  const selectFields = [...new Set(source.select.flatMap((r) => Object.keys(r.where ?? {})))];

  for (const row of rows) {
    const skip = (reason: string) => out.skipped.push({ at: row.at, reason });
    const refuse = (reason: string) => out.refused.push({ at: row.at, reason });
    if (row.problem) {
      refuse(row.problem);
      continue;
    }
    const { cells, cleaned } = withoutControls(row.props);
    const fields = new Map(Object.entries(cells).map(([k, v]) => [norm(k), v]));
    const get = (f: string) => fields.get(norm(f));
    const first = (names: string[] | undefined) =>
      (names ?? []).map((n) => text(get(n))).find((v) => v !== undefined);
    const faults: string[] = cleaned.length ? [controlsRemoved(cleaned)] : [];
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
      refuse('no record id in the source');
      continue;
    }
    out.listed.add(recordId);
    const long =
      tooLong('record id', recordId, MAX_TEXT) ??
      tooLong('artist', artist ?? '', MAX_TEXT) ??
      tooLong('address', address ?? '', MAX_TEXT) ??
      tooLong('url', first(source.fields.url) ?? '', MAX_DESCRIPTION);
    if (long) {
      refuse(long);
      continue;
    }

    const point = findPoint(source, row, get);
    if (!point || 'problem' in point) {
      refuse(point?.problem ?? 'no geometry');
      continue;
    }
    const checked = checkPoint(point, source.region);
    if ('problem' in checked) {
      refuse(checked.problem);
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
        refuse('a wall needs a city and a country (pass --city and --country)');
        continue;
      }
      if (!country) {
        refuse(`unknown country '${countryText.slice(0, 60)}'`);
        continue;
      }
      if (insideCountry(country, checked.lat, checked.lon) === false) {
        refuse(`coordinates (${checked.lat}, ${checked.lon}) are outside ${country}`);
        continue;
      }
      const longCity = tooLong('city', city, MAX_TEXT);
      if (longCity) {
        refuse(longCity);
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

/**
 * The row's geometry first, then the source's point fields, then a latitude/longitude pair: the
 * first point read, or else why the first one given could not be.
 */
function findPoint(
  source: OpenDataSource,
  row: SourceRow,
  get: (f: string) => unknown,
): Point | BadPoint | null {
  const lat = source.fields.latitude?.map(get).find((v) => text(v) !== undefined);
  const lon = source.fields.longitude?.map(get).find((v) => text(v) !== undefined);
  const tries = [
    () => readPoint(row.geometry),
    ...(source.fields.point ?? []).map((f) => () => readPoint(get(f))),
    () => (lat !== undefined && lon !== undefined ? readPoint({ lat, lon }) : null),
  ];
  let bad: BadPoint | null = null;
  for (const read of tries) {
    const p = read();
    if (p && 'lat' in p) return p;
    bad ??= p;
  }
  return bad;
}
