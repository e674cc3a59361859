import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { ARTIST_HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import { isStaffRole } from '../../core/roles.ts';
import type { ArtistListItem, ArtistProfile } from '../../core/schemas/artists.ts';
import type { Db } from '../db/client.ts';
import { artistClaims, artistCredits } from '../db/artists-schema.ts';
import { artists } from '../db/community-schema.ts';
import { artworkLogs, artworks, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { countedLog } from './counted-log.ts';
import { logNotHidden, reportedHidden, shownUsername } from './hidden-content.ts';
import { profileVideo } from './artist-videos.ts';
import { logShownTo, shownCover, shownIso } from './privacy.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { verifiedArtistOf } from './verified-artists.ts';

/** Artist profiles built from the map (docs/decisions/049-artists.md). */

const PHOTOS_SHOWN = 24;
const NOT_FOUND = 'Artist not found';

/** What a player whose report hid an artist's page hears instead of "not found". */
async function hiddenArtistNews(db: Db, id: string, viewerId: string) {
  const hidden = sql`exists (select 1 from ${artists} h where h.id = ${id} and h.hidden_at is not null)`;
  const news = await reportedHidden(db, { type: 'artist', id, hidden }, viewerId);
  return news && ARTIST_HIDDEN_AFTER_YOUR_REPORT[news];
}

const artistFields = {
  id: artists.id,
  name: artists.name,
  aka: artists.aka,
  city: artists.city,
  country: artists.country,
  activeYears: artists.activeYears,
  style: artists.style,
  achievements: artists.achievements,
};

/** A piece shows on its artist's page: credited and confirmed, and neither of them hidden. */
const shownCredit = sql`${artistCredits.status} = 'confirmed' and ${artistCredits.hiddenAt} is null
  and ${artworks.hiddenAt} is null`;

/** The row's artist, qualified: a select from one table leaves its columns unqualified. */
const artistRef = sql.raw('"artists"."id"');

const verifiedSql = sql<boolean>`exists (select 1 from ${artistClaims} vc
  where vc.artist_id = ${artistRef} and vc.status = 'verified')`;

/**
 * The artists list (SPEC §2), by name: each with a photo of one of their confirmed pieces (the
 * most found one with a cover any player may see), how many there are, and the verified mark.
 */
export async function listArtists(db: Db): Promise<ArtistListItem[]> {
  const rows = await db
    .select({
      ...artistFields,
      verified: verifiedSql,
      pieces: sql<number>`(select count(*)::int from artist_credits c
        join artworks on artworks.id = c.artwork_id
        where c.artist_id = ${artistRef} and c.status = 'confirmed' and c.hidden_at is null
          and artworks.hidden_at is null)`,
      photoUrl: sql<string | null>`(select ${shownCover(null)} from artist_credits c
        join artworks on artworks.id = c.artwork_id
        where c.artist_id = ${artistRef} and c.status = 'confirmed' and c.hidden_at is null
          and artworks.hidden_at is null and ${shownCover(null)} is not null
        order by artworks.status = 'present' desc, artworks.last_seen_at desc, artworks.id
        limit 1)`,
    })
    .from(artists)
    .where(isNull(artists.hiddenAt))
    .orderBy(sql`lower(${artists.name})`, asc(artists.id));
  return rows.map((r) => ({ ...r, verified: Boolean(r.verified), pieces: Number(r.pieces) }));
}

/** The viewer's newest claim on this profile that is not verified. */
async function myClaimOn(db: Db, artistId: string, viewerId: string) {
  const [row] = await db
    .select({ status: artistClaims.status })
    .from(artistClaims)
    .where(and(eq(artistClaims.artistId, artistId), eq(artistClaims.userId, viewerId)))
    .orderBy(desc(artistClaims.createdAt))
    .limit(1);
  return row?.status === 'pending' || row?.status === 'refused' ? row.status : null;
}

/** GET /api/artists/:id: the profile, its pieces on a map, players' photos and the counts. */
export async function getArtistProfile(
  db: Db,
  id: string,
  viewer: SessionUser,
): Promise<ArtistProfile> {
  const viewerId = viewer.id;
  const [artist] = await db
    .select({
      ...artistFields,
      source: artists.source,
      hidden: sql<boolean>`${artists.hiddenAt} is not null`,
      verified: verifiedSql,
      verifiedClaim: sql<string | null>`(select vc.id from ${artistClaims} vc
        where vc.artist_id = ${artistRef} and vc.status = 'verified')`,
    })
    .from(artists)
    .where(eq(artists.id, id));
  if (!artist) throw notFound(NOT_FOUND);
  const { source, verifiedClaim, ...card } = artist;
  // The seed's source is its pages, separated by semicolons.
  const links = source
    .split(';')
    .map((l) => l.trim())
    .filter((l) => /^https?:\/\//.test(l));
  const mine = await verifiedArtistOf(db, viewerId);
  const isMe = mine === id;
  // A hidden page is there for its verified account and staff only (as a hidden tour).
  if (card.hidden && !isMe && !isStaffRole(viewer.role)) {
    throw notFound((await hiddenArtistNews(db, id, viewerId)) ?? NOT_FOUND);
  }

  const pieces = await db
    .select({
      id: artworks.id,
      title: artworks.title,
      latitude: artworks.latitude,
      longitude: artworks.longitude,
      status: artworks.status,
      coverImageUrl: shownCover(viewerId),
      finds: sql<number>`(select count(distinct ${artworkLogs.userId})::int from ${artworkLogs}
        where ${artworkLogs.artworkId} = ${artworks.id} and ${artworkLogs.kind} = 'found'
          and ${countedLog} and ${logNotHidden()})`,
      creditId: artistCredits.id,
      byArtist: sql<boolean>`${artistCredits.settledByArtistAt} is not null`,
    })
    .from(artistCredits)
    .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
    .where(and(eq(artistCredits.artistId, id), shownCredit))
    .orderBy(asc(artworks.title), asc(artworks.id));

  const photos = await db
    .select({
      imageUrl: sql<string>`${artworkLogs.imageUrl}`,
      artworkId: artworkLogs.artworkId,
      title: artworks.title,
      username: shownUsername(),
      createdAt: artworkLogs.createdAt,
    })
    .from(artworkLogs)
    .innerJoin(artistCredits, eq(artistCredits.artworkId, artworkLogs.artworkId))
    .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
    .innerJoin(users, eq(users.id, artworkLogs.userId))
    .where(
      and(
        eq(artistCredits.artistId, id),
        shownCredit,
        eq(artworkLogs.kind, 'found'),
        sql`${artworkLogs.imageUrl} is not null`,
        countedLog,
        logNotHidden(),
        logShownTo(viewerId),
      ),
    )
    .orderBy(desc(artworkLogs.createdAt), desc(artworkLogs.id))
    .limit(PHOTOS_SHOWN);

  const awaiting = isMe
    ? await db
        .select({ creditId: artistCredits.id, artworkId: artworks.id, title: artworks.title })
        .from(artistCredits)
        .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
        .where(
          and(
            eq(artistCredits.artistId, id),
            isNull(artistCredits.settledByArtistAt),
            isNull(artistCredits.hiddenAt),
            isNull(artworks.hiddenAt),
          ),
        )
        .orderBy(desc(artistCredits.createdAt))
    : [];

  const standing = pieces.filter((p) => p.status === 'present').length;
  return {
    ...card,
    links,
    hidden: Boolean(card.hidden),
    verified: Boolean(card.verified),
    verifiedClaimId: verifiedClaim,
    isMe,
    myClaim: isMe ? null : await myClaimOn(db, id, viewerId),
    verifiedElsewhere: mine !== null && !isMe,
    video: await profileVideo(db, viewer, id),
    pieces: pieces.map((p) => ({ ...p, finds: Number(p.finds), byArtist: Boolean(p.byArtist) })),
    photos: photos.map((p) => ({ ...p, createdAt: shownIso(p.createdAt) })),
    counts: {
      pieces: pieces.length,
      standing,
      gone: pieces.length - standing,
      finds: pieces.reduce((n, p) => n + Number(p.finds), 0),
    },
    awaiting,
  };
}
