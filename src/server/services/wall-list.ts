import { and, asc, count, sql, type SQL } from 'drizzle-orm';
import type { WallListPage, WallListQuery } from '../../core/schemas/walls.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { foldText, legalWallTotals, legalWalls } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { withinRadius, type Centre } from './nearby.ts';
import { open, selectWalls, selectWallsFrom, toWalls } from './walls.ts';

/**
 * The Legal Walls list a page at a time (docs/decisions/026, "The list at any size"): by name
 * ignoring case, or closest first from a point, optionally only the walls whose name or city
 * holds `q`. Keyset pages: the cursor is the last wall's place in the order (its name or its
 * distance, then its id), so walls added, hidden or closed between pages never make the next
 * page skip or repeat another. Every page reads about `limit` rows of an index, whatever the
 * catalogue's size; only a search reads every open wall's folded name and city.
 */

type Rule = Config['established'];

/**
 * Rings searched in turn for the next walls closest first, in km beyond the cursor's distance,
 * then the whole world: a page in a city reads the walls of a box or two, not every wall.
 */
const RINGS_KM = [2, 10, 50, 250, 1250, 6250, Infinity];
/** Below this many open walls one query reading them all costs less than a ring or two. */
const FEW_WALLS = 2000;

type Cursor = { key: string | number; id: string };

const encodeCursor = (key: string | number, id: string) =>
  Buffer.from(JSON.stringify([key, id])).toString('base64url');

const badCursor = (why: string) => badRequest(`Invalid query field 'cursor': ${why}`);

/** The cursor a page gave, for the same order; anything else is refused before any query. */
function decodeCursor(text: string, near: boolean): Cursor {
  const notOurs = badCursor('not a cursor this list gave; start again from the first page.');
  let value: unknown;
  try {
    if (!/^[\w-]+$/.test(text)) throw notOurs;
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notOurs;
  }
  const [key, id] = Array.isArray(value) && value.length === 2 ? value : [];
  const noNul = (s: string) => !s.includes('\u0000');
  if (typeof id !== 'string' || id === '' || id.length > 100 || !noNul(id)) throw notOurs;
  if (typeof key === 'string' && noNul(key)) {
    if (near) throw badCursor('it continues the list by name: ask without latitude and longitude.');
    return { key, id };
  }
  if (typeof key === 'number' && Number.isFinite(key) && key >= 0) {
    if (!near) {
      throw badCursor(
        'it continues the list by distance: ask with the same latitude and longitude.',
      );
    }
    return { key, id };
  }
  throw notOurs;
}

/** LIKE's own characters in a search are plain text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Name or city holds the text, ignoring case and accents ('sao' finds 'São Paulo'). */
const matching = (q: string) =>
  sql`${legalWalls.searchText} like '%' || ${foldText(sql`${escapeLike(q.replace(/\s+/g, ' '))}::text`)} || '%'`;

async function totalOf(db: Db, search: SQL | undefined): Promise<number> {
  if (search) {
    const [row] = await db.select({ n: count() }).from(legalWalls).where(and(open, search));
    return row?.n ?? 0;
  }
  // Kept by triggers on legal_walls: counting 100,000 walls would cost more than the page.
  const [row] = await db.select({ n: legalWallTotals.openWalls }).from(legalWallTotals);
  return row?.n ?? 0;
}

async function byName(db: Db, limit: number, search: SQL | undefined, cursor: Cursor | null) {
  const after = cursor
    ? sql`(lower(${legalWalls.name}), ${legalWalls.name}, ${legalWalls.id})
        > (lower(${cursor.key}::text), ${cursor.key}::text, ${cursor.id}::text)`
    : undefined;
  const rows = await selectWalls(db)
    .where(and(open, search, after))
    .orderBy(sql`lower(${legalWalls.name})`, asc(legalWalls.name), asc(legalWalls.id))
    .limit(limit + 1);
  return rows.map((row) => ({ row, key: row.name as Cursor['key'] }));
}

async function byDistance(
  db: Db,
  centre: Centre,
  limit: number,
  rings: number[],
  search: SQL | undefined,
  cursor: Cursor | null,
) {
  const from = (cursor?.key as number | undefined) ?? 0;
  for (const ring of rings) {
    const { query, distanceKm: distance } = selectWallsFrom(db, centre);
    const after = cursor
      ? sql`(${distance}, ${legalWalls.id}) > (${from}::double precision, ${cursor.id}::text)`
      : undefined;
    const within = Number.isFinite(ring)
      ? withinRadius(legalWalls.latitude, legalWalls.longitude, centre, from + ring)
      : undefined;
    const rows = await query
      .where(and(open, search, after, within))
      .orderBy(distance, asc(legalWalls.id))
      .limit(limit + 1);
    // Every wall up to the ring's edge was a candidate: a full page from it is the closest.
    if (rows.length > limit || !within) {
      return rows.map((row) => ({ row, key: row.distanceKm as Cursor['key'] }));
    }
  }
  throw new Error('unreachable: the last ring is the whole world');
}

/** GET /api/legal-walls: one page of open walls, their total and the next page's cursor. */
export async function listWallPage(
  db: Db,
  rule: Rule,
  query: Pick<WallListQuery, 'limit'> & Partial<WallListQuery>,
): Promise<WallListPage> {
  const { q, latitude, longitude, limit } = query;
  const centre = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
  const cursor = query.cursor ? decodeCursor(query.cursor, centre !== null) : null;
  const search = q ? matching(q) : undefined;
  const total = await totalOf(db, search);
  // A search reads every open wall anyway, and a few walls cost less than a ring: no rings.
  const rings = search || total <= FEW_WALLS ? [Infinity] : RINGS_KM;
  const found = centre
    ? await byDistance(db, centre, limit, rings, search, cursor)
    : await byName(db, limit, search, cursor);
  const page = found.slice(0, limit);
  const walls = await toWalls(
    db,
    page.map((f) => f.row),
    rule,
  );
  const items = centre
    ? walls.map((w, i) => ({ ...w, distanceKm: page[i]!.key as number }))
    : walls;
  const last = page.at(-1);
  return {
    items,
    total,
    nextCursor: found.length > limit && last ? encodeCursor(last.key, last.row.id) : null,
  };
}
