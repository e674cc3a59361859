import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_PLAYER } from '../../core/content-reports.ts';
import type { Db, Tx } from '../db/client.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { artworkLogs, artworks, discoveries, users } from '../db/schema.ts';
import { countedLog } from './counted-log.ts';

/**
 * What hidden content looks like to players (docs/decisions/026): gone from every list, a
 * hidden profile's name shown as HIDDEN_PLAYER and its picture left out.
 */

export { HIDDEN_PLAYER };

/** The player's name as others see it (null stays null: no account behind the row). */
export const shownUsername = (): SQL<string | null> =>
  sql<
    string | null
  >`case when ${users.profileHiddenAt} is not null then ${HIDDEN_PLAYER} else ${users.username} end`;

/** A log whose own row and whose discovery (the photo it carries) are both not hidden. */
export const logNotHidden = (): SQL =>
  sql`(${artworkLogs.hiddenAt} is null and not exists (select 1 from ${discoveries} hd
    where hd.id = ${artworkLogs.discoveryId} and hd.hidden_at is not null))`;

/**
 * Keeps an artwork's cover one that players may see: when the cover's photo was hidden it
 * becomes the newest photo still shown (or none); when there is none and one is restored, it
 * comes back.
 */
export async function refreshCover(tx: Tx, artworkId: string, changedImage: string | null) {
  const [artwork] = await tx
    .select({ cover: artworks.coverImageUrl })
    .from(artworks)
    .where(eq(artworks.id, artworkId));
  if (!artwork || (artwork.cover !== null && artwork.cover !== changedImage)) return;
  const [newest] = await tx
    .select({ imageUrl: artworkLogs.imageUrl })
    .from(artworkLogs)
    .where(
      and(
        eq(artworkLogs.artworkId, artworkId),
        eq(artworkLogs.kind, 'found'),
        sql`${artworkLogs.imageUrl} is not null`,
        countedLog,
        logNotHidden(),
      ),
    )
    .orderBy(desc(artworkLogs.createdAt))
    .limit(1);
  await tx
    .update(artworks)
    .set({ coverImageUrl: newest?.imageUrl ?? null })
    .where(eq(artworks.id, artworkId));
}

/**
 * The found log that put its artwork on the map: its first finder's, made in the same moment
 * (recordFound stamps both rows with one time). Needs `artworks` joined to the log's artwork.
 */
export const madeTheArtwork = (): SQL =>
  sql`(${artworkLogs.kind} = 'found' and ${artworkLogs.userId} = ${artworks.firstFinderId}
    and ${artworkLogs.createdAt} = ${artworks.createdAt})`;

/**
 * Keeps an artwork's description words players may see: it is what the find that made the
 * artwork says, so it goes while that find (its log or its discovery) is hidden and comes back
 * when it is restored. Any other discovery changes nothing.
 */
export async function refreshDescription(tx: Tx, discoveryId: string | null) {
  if (!discoveryId) return;
  const [made] = await tx
    .select({
      artworkId: artworks.id,
      description: discoveries.description,
      shown: sql<boolean>`${logNotHidden()}`,
    })
    .from(artworkLogs)
    .innerJoin(discoveries, eq(discoveries.id, artworkLogs.discoveryId))
    .innerJoin(artworks, and(eq(artworks.id, artworkLogs.artworkId), madeTheArtwork()))
    .where(eq(artworkLogs.discoveryId, discoveryId));
  if (!made) return;
  await tx
    .update(artworks)
    .set({ description: made.shown ? made.description : '' })
    .where(eq(artworks.id, made.artworkId));
}

/**
 * Whether `viewerId` reported the target that moderation hid (`hidden` says it is hidden): it
 * waits for a moderator while reports on it are open, else a moderator took it down. Null for
 * everyone else: to them it is not there (docs/decisions/026).
 */
export async function reportedHidden(
  db: Db | Tx,
  target: { type: 'artwork' | 'tour' | 'artist'; id: string; hidden: SQL },
  viewerId: string | null,
): Promise<'waiting' | 'removed' | null> {
  if (!viewerId) return null;
  const [reported] = await db
    .select({
      open: sql<boolean>`exists (select 1 from ${contentReports} o
        where o.target_type = ${target.type} and o.target_id = ${target.id}
          and o.resolved_at is null)`,
    })
    .from(contentReports)
    .where(
      and(
        eq(contentReports.reporterId, viewerId),
        eq(contentReports.targetType, target.type),
        eq(contentReports.targetId, target.id),
        target.hidden,
      ),
    )
    .limit(1);
  if (!reported) return null;
  return reported.open ? 'waiting' : 'removed';
}
