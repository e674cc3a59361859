import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SetVideoSchema, VideoView } from '../../core/schemas/artists.ts';
import { parseVideoUrl } from '../../core/video.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { isUniqueViolation, type Db } from '../db/client.ts';
import { artistCredits, artistVideos } from '../db/artists-schema.ts';
import { artists } from '../db/community-schema.ts';
import { artworks } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { verifiedArtistOf } from './verified-artists.ts';
import { isPro } from './users.ts';

/** A verified artist's videos, for Pro players (docs/decisions/049-artists.md). */

/** A Pro player or the artist plays the video; anyone else learns that it exists. */
export async function canPlayVideo(db: Db, viewer: SessionUser, artistId: string) {
  return isPro(viewer) || (await verifiedArtistOf(db, viewer.id)) === artistId;
}

const view = (row: { provider: 'youtube' | 'vimeo'; videoId: string }, play: boolean) => ({
  provider: row.provider,
  id: play ? row.videoId : null,
});

/** The profile's video (no artwork). */
export async function profileVideo(
  db: Db,
  viewer: SessionUser,
  artistId: string,
): Promise<VideoView | null> {
  const [row] = await db
    .select()
    .from(artistVideos)
    .where(and(eq(artistVideos.artistId, artistId), isNull(artistVideos.artworkId)));
  return row ? view(row, await canPlayVideo(db, viewer, artistId)) : null;
}

/** A piece's video, while its artist's credit on it is not rejected. */
export async function pieceVideo(db: Db, viewer: SessionUser, artworkId: string) {
  const [row] = await db
    .select({ video: artistVideos, artistName: artists.name })
    .from(artistVideos)
    .innerJoin(artists, eq(artists.id, artistVideos.artistId))
    .innerJoin(
      artistCredits,
      and(
        eq(artistCredits.artworkId, artistVideos.artworkId),
        eq(artistCredits.artistId, artistVideos.artistId),
      ),
    )
    .where(
      and(
        eq(artistVideos.artworkId, artworkId),
        sql`${artistCredits.status} <> 'rejected'`,
        isNull(artistCredits.hiddenAt),
      ),
    );
  if (!row) return null;
  const play = await canPlayVideo(db, viewer, row.video.artistId);
  return { ...view(row.video, play), artistName: row.artistName };
}

/**
 * PUT /api/artists/:id/video: the verified artist sets their profile's video, or a piece's of
 * theirs (credited to them and not rejected); a new link replaces the old one.
 */
export async function setVideo(
  db: Db,
  user: SessionUser,
  artistId: string,
  body: z.output<typeof SetVideoSchema>,
): Promise<VideoView> {
  const [artist] = await db
    .select({ id: artists.id })
    .from(artists)
    .where(eq(artists.id, artistId));
  if (!artist) throw notFound('Artist not found');
  if ((await verifiedArtistOf(db, user.id)) !== artistId) {
    throw forbidden('Only the artist’s verified account can add their video.');
  }
  const video = parseVideoUrl(body.url);
  if (!video) throw badRequest("Invalid body field 'url': must be a YouTube or Vimeo link.");
  const artworkId = body.artworkId ?? null;
  if (artworkId) {
    const [credit] = await db
      .select({ id: artistCredits.id })
      .from(artistCredits)
      .innerJoin(artworks, eq(artworks.id, artistCredits.artworkId))
      .where(
        and(
          eq(artistCredits.artworkId, artworkId),
          eq(artistCredits.artistId, artistId),
          sql`${artistCredits.status} <> 'rejected'`,
          isNull(artworks.hiddenAt),
        ),
      );
    if (!credit) throw notFound('No piece of yours with that id');
  }
  await db.transaction(async (tx) => {
    await tx
      .delete(artistVideos)
      .where(
        and(
          eq(artistVideos.artistId, artistId),
          artworkId ? eq(artistVideos.artworkId, artworkId) : isNull(artistVideos.artworkId),
        ),
      );
    await tx
      .insert(artistVideos)
      .values({
        id: randomUUID(),
        artistId,
        artworkId,
        provider: video.provider,
        videoId: video.id,
        addedById: user.id,
      })
      .catch((err: unknown) => {
        const slot = artworkId ? 'artist_videos_piece_idx' : 'artist_videos_profile_idx';
        throw isUniqueViolation(err, slot)
          ? conflict('Another video was set at the same time.')
          : err;
      });
  });
  return { provider: video.provider, id: video.id };
}
