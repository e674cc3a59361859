import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MyDiscoveriesPage } from '../../core/schemas/discoveries.ts';
import type { Db } from '../db/client.ts';
import { artworkLogs, artworks, discoveries } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { toDiscoveryDto } from './discoveries.ts';

/**
 * My Discoveries: the player's own discoveries, each with the artwork it logs (title, status,
 * whether they found it first) and whether it waits for review, newest first, `limit` at a time (keyset paging on
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
    .select({
      discovery: discoveries,
      title: artworks.title,
      status: artworks.status,
      firstFinderId: artworks.firstFinderId,
      reviewStatus: artworkLogs.reviewStatus,
    })
    .from(discoveries)
    .leftJoin(artworks, eq(artworks.id, discoveries.artworkId))
    .leftJoin(artworkLogs, eq(artworkLogs.discoveryId, discoveries.id))
    .where(and(...where))
    .orderBy(desc(discoveries.createdAt), desc(discoveries.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((r) => ({
    ...toDiscoveryDto(r.discovery),
    artwork:
      r.title !== null && r.status !== null
        ? { title: r.title, status: r.status, firstFinder: r.firstFinderId === userId }
        : null,
    pendingReview: r.reviewStatus === 'pending',
    awaitingPhoto: r.reviewStatus === 'awaiting_photo',
  }));
  const more = rows.length > limit;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(discoveries)
    .where(mine);
  return { items, total, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
}
