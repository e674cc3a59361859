import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import type { EmojiPin } from '../../core/schemas/common.ts';
import type { Artwork, ArtworkLog, CreatedLog } from '../../core/schemas/artworks.ts';
import type { z } from 'zod';
import type { CreateLogSchema } from '../../core/schemas/artworks.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type Db } from '../db/client.ts';
import { artworkLogs, artworks, discoveries, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { SOURCES } from '../import/sources.ts';
import { photoOf, recordReport } from './artwork-logs.ts';
import {
  HIDDEN_PLAYER,
  logNotHidden,
  madeTheArtwork,
  reportedHidden,
  shownUsername,
} from './hidden-content.ts';
import { createDiscovery } from './discoveries.ts';
import { assertOwnedObject } from './objects.ts';
import { countedLog } from './counted-log.ts';
import {
  discoveryShownTo,
  firstFindShownTo,
  logShownTo,
  shownCover,
  shownIso,
  shownTime,
} from './privacy.ts';
import { confirmedArtistName } from './artist-credits.ts';

/** Newest logs shown with an artwork. */
const LOGS_SHOWN = 50;

type LogRow = typeof artworkLogs.$inferSelect & { username: string | null; note: string | null };

function toLogDto(row: LogRow): ArtworkLog {
  return {
    id: row.id,
    kind: row.kind,
    username: row.username,
    imageUrl: row.imageUrl,
    tokensAwarded: row.tokensAwarded,
    pendingReview: row.reviewStatus === 'pending',
    note: row.note || null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A find's note: its discovery's words, but not twice for the find whose words the artwork has. */
const logNote = () =>
  sql<string | null>`case when ${madeTheArtwork()} then null else ${discoveries.description} end`;

/** Logs with their player's name as shown and their note. */
const logsWithNotes = (db: Db, username: SQL<string | null> | typeof users.username) =>
  db
    .select({ log: artworkLogs, username, note: logNote() })
    .from(artworkLogs)
    .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
    .leftJoin(users, eq(users.id, artworkLogs.userId))
    .leftJoin(discoveries, eq(discoveries.id, artworkLogs.discoveryId));

/**
 * One artwork as its page and the map's panel show it. Logs held for review are shown only to
 * the player who made them; rejected ones to nobody.
 */
export async function getArtwork(db: Db, id: string, viewerId: string | null): Promise<Artwork> {
  const [row] = await db
    .select({
      artwork: artworks,
      firstFinder: shownUsername(),
      firstFindShown: firstFindShownTo(viewerId),
      cover: shownCover(viewerId),
    })
    .from(artworks)
    .leftJoin(users, eq(users.id, artworks.firstFinderId))
    .where(and(eq(artworks.id, id), isNull(artworks.hiddenAt)));
  if (!row) throw notFound((await hiddenAfterReportBy(db, id, viewerId)) ?? 'Artwork not found');
  const { artwork } = row;

  const reviewed = viewerId
    ? sql`(${artworkLogs.reviewStatus} is null or ${artworkLogs.reviewStatus} = 'approved' or (${artworkLogs.reviewStatus} = 'pending' and ${artworkLogs.userId} = ${viewerId}))`
    : countedLog;
  // A hidden log, or one whose photo (its discovery) is hidden, is shown to nobody.
  const visible = and(reviewed, logNotHidden(), logShownTo(viewerId));
  const logs: LogRow[] = (
    await logsWithNotes(db, shownUsername())
      .where(and(eq(artworkLogs.artworkId, id), visible))
      .orderBy(desc(artworkLogs.createdAt), desc(artworkLogs.id))
      .limit(LOGS_SHOWN)
  ).map((r) => ({
    ...r.log,
    createdAt: shownTime(r.log.createdAt),
    username: r.username,
    note: r.note,
  }));

  const finderRows = await db
    .select({ username: shownUsername(), first: sql<Date>`min(${artworkLogs.createdAt})` })
    .from(artworkLogs)
    .innerJoin(users, eq(users.id, artworkLogs.userId))
    .where(and(eq(artworkLogs.artworkId, id), eq(artworkLogs.kind, 'found'), visible))
    .groupBy(users.id)
    .orderBy(asc(sql`min(${artworkLogs.createdAt})`))
    .limit(LOGS_SHOWN);

  const related = await db
    .select({ id: artworks.id, title: artworks.title, paintedOverById: artworks.paintedOverById })
    .from(artworks)
    .where(
      and(
        isNull(artworks.hiddenAt),
        or(
          eq(artworks.paintedOverById, id),
          artwork.paintedOverById ? eq(artworks.id, artwork.paintedOverById) : sql`false`,
        ),
      ),
    );
  const paintedOverBy = related.find((r) => r.id === artwork.paintedOverById);

  const [claim] = await db
    .select({ username: shownUsername() })
    .from(discoveries)
    .innerJoin(users, eq(users.id, discoveries.userId))
    .where(
      and(
        eq(discoveries.artworkId, id),
        eq(discoveries.userRole, 'artist'),
        isNull(discoveries.hiddenAt),
        discoveryShownTo(viewerId),
      ),
    )
    .orderBy(asc(discoveries.createdAt))
    .limit(1);

  return {
    id: artwork.id,
    title: artwork.title,
    description: artwork.description,
    // A confirmed credit names the artist; the first finder's words stay a suggestion till then.
    artistName: (await confirmedArtistName(db, id)) ?? artwork.artistName,
    emojiPin: artwork.emojiPin as EmojiPin,
    latitude: artwork.latitude,
    longitude: artwork.longitude,
    status: artwork.status,
    coverImageUrl: row.cover,
    // A player's artwork always had a first finder: none left means their account was deleted.
    // A first find inside its finder's hidden home names nobody.
    firstFinder: !row.firstFindShown
      ? null
      : (row.firstFinder ?? (artwork.sourceId === null ? DELETED_PLAYER : null)),
    artistClaim: claim ? (claim.username ?? HIDDEN_PLAYER) : null,
    lastSeenAt: shownIso(artwork.lastSeenAt),
    createdAt: shownIso(artwork.createdAt),
    photos: logs
      .filter((l) => l.kind === 'found' && l.imageUrl)
      .map((l) => ({
        imageUrl: l.imageUrl!,
        username: l.username,
        createdAt: l.createdAt.toISOString(),
        discoveryId: l.discoveryId,
      })),
    finders: finderRows.map((f) => f.username ?? HIDDEN_PLAYER),
    logs: logs.map(toLogDto),
    paintedOverBy: paintedOverBy ? { id: paintedOverBy.id, title: paintedOverBy.title } : null,
    paintsOver: related
      .filter((r) => r.paintedOverById === id)
      .map((r) => ({ id: r.id, title: r.title })),
    foundByMe: logs.some((l) => l.kind === 'found' && viewerId !== null && l.userId === viewerId),
    year: artwork.year,
    address: artwork.address,
    source: sourceOf(artwork),
  };
}

/** What a player who reported a hidden artwork is told (hidden-content.ts reportedHidden). */
async function hiddenAfterReportBy(db: Db, id: string, viewerId: string | null) {
  const hidden = sql`exists (select 1 from ${artworks} h where h.id = ${id} and h.hidden_at is not null)`;
  const news = await reportedHidden(db, { type: 'artwork', id, hidden }, viewerId);
  return news && HIDDEN_AFTER_YOUR_REPORT[news];
}

/** The open-data source an artwork's facts come from, named as its registry entry names it. */
function sourceOf(artwork: typeof artworks.$inferSelect): Artwork['source'] {
  if (!artwork.sourceId) return null;
  const known = SOURCES.find((s) => s.id === artwork.sourceId);
  return {
    dataset: known ? `${known.publisher}, ${known.name}` : artwork.sourceId,
    url: artwork.sourceUrl ?? known?.page ?? null,
    licence: artwork.licence ?? known?.licence ?? 'See the source',
    attribution: artwork.attribution ?? known?.attribution ?? artwork.sourceId,
    approximate: artwork.lowPrecision,
    notInSourceSince: artwork.notInSourceSince?.toISOString() ?? null,
  };
}

/**
 * POST /api/artworks/:id/logs. A found log is a discovery of this artwork (SPEC's discovery
 * record, named after the artwork unless the player names it); gone and painted-over are
 * reports.
 */
export async function createLog(
  db: Db,
  user: SessionUser,
  artworkId: string,
  body: z.output<typeof CreateLogSchema>,
): Promise<CreatedLog> {
  // A hidden artwork takes no logs of any kind, as if it were not there.
  const [target] = await db
    .select({ title: artworks.title, emojiPin: artworks.emojiPin })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), isNull(artworks.hiddenAt)));
  if (!target) throw notFound('Artwork not found');
  if (body.kind === 'found') {
    const discovery = await createDiscovery(db, user, {
      name: body.name || target.title,
      description: body.description,
      imageUrl: body.imageUrl ?? null,
      emojiPin: target.emojiPin as EmojiPin,
      userRole: 'photographer',
      isFreshArt: false,
      latitude: body.latitude,
      longitude: body.longitude,
      artworkId,
    });
    const [log] = await logsWithNotes(db, users.username).where(
      eq(artworkLogs.discoveryId, discovery.id),
    );
    return {
      log: toLogDto({ ...log!.log, username: log!.username, note: log!.note }),
      artwork: await getArtwork(db, artworkId, user.id),
    };
  }
  const photo = body.imageUrl ? await assertOwnedObject(db, user.id, body.imageUrl) : null;
  const log = await db.transaction((tx) =>
    recordReport(tx, {
      userId: user.id,
      artworkId,
      kind: body.kind as 'gone' | 'painted_over',
      latitude: body.latitude,
      longitude: body.longitude,
      photo: photo && photoOf(body.imageUrl!, photo),
      newArtworkId: body.newArtworkId,
      at: new Date(),
    }),
  );
  return {
    log: toLogDto({ ...log, username: user.username, note: null }),
    artwork: await getArtwork(db, artworkId, user.id),
  };
}
