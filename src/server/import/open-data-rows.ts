import { artworks, legalWalls } from '../db/schema.ts';
import { slug } from './import-walls.ts';
import type { OpenDataRecord } from './open-data-records.ts';
import type { Kind, OpenDataSource } from './sources.ts';

/**
 * How an open-data record becomes an artwork or wall row (docs/decisions/023): the facts it
 * sets on its own row each time, and the columns only its first import sets.
 */

/** What the import compares: one artwork or wall row, whichever table it is in. */
export interface Row {
  id: string;
  kind: Kind;
  sourceId: string | null;
  facts: Record<string, unknown>;
}

export const tableOf = (kind: Kind) => (kind === 'artwork' ? artworks : legalWalls);
export const KINDS: Kind[] = ['artwork', 'legal_wall'];

const COMMON = ['latitude', 'longitude', 'sourceUrl', 'licence', 'attribution', 'lowPrecision'];
/** The columns a record sets (factsOf), the status, and what a merge fills. */
const FACTS: Record<Kind, string[]> = {
  artwork: [...COMMON, 'title', 'artistName', 'year', 'address', 'status'],
  legal_wall: [...COMMON, 'name', 'city', 'country', 'address', 'permitRequired', 'source'],
};

/** The columns read back to compare a row with a record (fewer columns are faster on PGlite). */
export function comparedColumns(kind: Kind) {
  const table = tableOf(kind) as unknown as Record<string, typeof artworks.id>;
  return Object.fromEntries(
    ['id', 'sourceId', 'sourceRecordId', ...FACTS[kind]].map((c) => [c, table[c]!]),
  );
}

/** A row as read by `comparedColumns`. */
export const rowOf = (kind: Kind, r: Record<string, unknown>): Row => ({
  id: r.id as string,
  kind,
  sourceId: r.sourceId as string | null,
  facts: r,
});

/** The columns a record sets on its own row: facts and where they come from. */
export function factsOf(source: OpenDataSource, r: OpenDataRecord): Record<string, unknown> {
  const common = {
    latitude: r.latitude,
    longitude: r.longitude,
    sourceUrl: r.sourceUrl,
    licence: source.licence,
    attribution: source.attribution,
    lowPrecision: r.lowPrecision,
  };
  if (r.kind === 'artwork') {
    return { ...common, title: r.title, artistName: r.artist, year: r.year, address: r.address };
  }
  return {
    ...common,
    name: r.title,
    city: r.city,
    country: r.country,
    address: r.address ?? `Near ${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`,
    permitRequired: r.permitRequired,
    source: `${source.attribution}, ${r.sourceUrl}`,
  };
}

/** A new row for a record, with the columns only a first import sets. */
export function newRow(
  source: OpenDataSource,
  rec: OpenDataRecord,
  facts: Record<string, unknown>,
  now: Date,
) {
  const id = `${rec.kind === 'artwork' ? 'art' : 'wall'}-${slug(source.id, 90)}-${slug(rec.recordId, 90)}`;
  const common = { id, sourceId: source.id, sourceRecordId: rec.recordId, ...facts };
  // No first finder and no photo: the first player to log it becomes its first finder. Listed
  // by the source today counts as seen today; after that only players refresh it.
  if (rec.kind === 'artwork') {
    return { ...common, emojiPin: 'location', status: rec.status, lastSeenAt: now, createdAt: now };
  }
  return {
    ...common,
    description:
      'A legal painting surface listed by the source. Check the signs on site for what is allowed before you paint.',
    hours: 'Not stated by source',
    // A dated list is not today's word: players confirm its walls again.
    status: source.listedYear ? 'unverified' : 'verified',
    listedYear: source.listedYear ?? null,
  };
}
