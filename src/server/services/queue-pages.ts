import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { QUEUE_PAGE_SIZE } from '../../core/schemas/moderation.ts';
import { badRequest } from '../errors.ts';

/**
 * Pages of the moderation queues (docs/decisions/046): a page's cursor is its last item's place
 * in the order (a time, then ids), so items that leave a queue between pages never make the
 * next page skip or repeat another.
 */

const notOurs = () =>
  badRequest(
    "Invalid query field 'cursor': not a cursor this queue gave; start again from the first page.",
  );

/**
 * A time as whole microseconds since 1970, exact where a JavaScript Date would drop Postgres's
 * microseconds: a cursor holds it as digits, so nothing a client sends is cast to a time.
 */
export const microsOf = (time: SQL) => sql`(extract(epoch from ${time}) * 1000000)::bigint`;

/** Rows after a (micros, id) cursor in newest-first order; `after` is decodeCursor's keys. */
export const olderThan = (createdAt: AnyColumn, id: AnyColumn, after: string[]) =>
  sql`(${microsOf(sql`${createdAt}`)}, ${id}) < (${after[0]}::bigint, ${after[1]}::text)`;

const MICROS = /^\d{1,18}$/;

const encodeCursor = (keys: string[]) => Buffer.from(JSON.stringify(keys)).toString('base64url');

/** The keys a cursor holds, microseconds first then `ids` ids; anything else is refused (400). */
export function decodeCursor(text: string | undefined, ids: number): string[] | null {
  if (text === undefined) return null;
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  const isKey = (k: unknown): k is string =>
    typeof k === 'string' && k.length > 0 && k.length <= 100 && !k.includes('\0');
  if (
    /^[\w-]+$/.test(text) &&
    Array.isArray(keys) &&
    keys.length === ids + 1 &&
    keys.every(isKey) &&
    MICROS.test(keys[0]!)
  ) {
    return keys;
  }
  throw notOurs();
}

/** The page's items and the cursor after its last one. */
export function pageOf<T>(rows: T[], cursorOf: (row: T) => string[]) {
  const items = rows.slice(0, QUEUE_PAGE_SIZE);
  const last = items.at(-1);
  const more = rows.length > QUEUE_PAGE_SIZE && last !== undefined;
  return { items, nextCursor: more ? encodeCursor(cursorOf(last)) : null };
}
