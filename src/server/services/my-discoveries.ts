import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MyDiscoveriesPage } from '../../core/schemas/discoveries.ts';
import type { Db } from '../db/client.ts';
import { discoveries } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { toDiscoveryDto } from './discoveries.ts';

/**
 * My Discoveries: the player's own discoveries, newest first, `limit` at a time (keyset paging on
 * discoveries_user_created_idx, stable while new discoveries arrive). `before` must be one of the
 * player's own discoveries: anyone else's id is refused like an unknown one, so the cursor
 * says nothing about other players' data.
 */
export async function listMyDiscoveriesPage(
  db: Db,
  userId: string,
  { before, limit }: { before?: string; limit: number },
): Promise<MyDiscoveriesPage> {
  const mine = eq(discoveries.userId, userId);
  const where: SQL[] = [mine];
  if (before) {
    const [cursor] = await db
      .select({ id: discoveries.id })
      .from(discoveries)
      .where(and(mine, eq(discoveries.id, before)));
    if (!cursor) throw badRequest(`Invalid query field 'before': no such discovery of yours.`);
    // The cursor row's own timestamp, compared in the database: no precision lost on the way.
    where.push(
      sql`(${discoveries.createdAt}, ${discoveries.id}) < (select d.created_at, d.id from ${discoveries} d where d.id = ${before})`,
    );
  }
  const rows = await db
    .select()
    .from(discoveries)
    .where(and(...where))
    .orderBy(desc(discoveries.createdAt), desc(discoveries.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toDiscoveryDto);
  const more = rows.length > limit;
  return { items, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
}
