import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { ARTWORK_RULES } from '../../core/rules.ts';
import type { ArtworkMatch, Matches, NearbyArtworks } from '../../core/schemas/artworks.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { SAME_ARTWORK_BITS } from '../images/phash.ts';
import { distanceKmSql, withinRadius, type Centre } from './nearby.ts';
import { assertOwnedObject } from './objects.ts';
import { shownCover, shownIso } from './privacy.ts';

/** At most this many offers: the closest photos first. */
const MATCH_LIMIT = 5;

/**
 * "Is this the same piece?": artworks within ARTWORK_RULES.matchRadiusM of the pin with a photo
 * whose perceptual hash is within SAME_ARTWORK_BITS of the new one, most alike first. The box
 * prefilter runs on artworks_lat_lng_idx, so the cost follows the artworks near the pin, not
 * the size of the catalogue (bench/artwork-match.ts).
 */
export async function matchArtworks(
  db: Db,
  centre: Centre,
  perceptualHash: bigint,
  viewerId: string,
): Promise<ArtworkMatch[]> {
  const radiusKm = ARTWORK_RULES.matchRadiusM / 1000;
  const bits = sql`bit_count((${artworkLogs.perceptualHash} # ${perceptualHash.toString()}::bigint)::bit(64))`;
  const result = await db.execute(sql`
    select ${artworks.id} as id, ${artworks.title} as title, ${artworks.artistName} as artist,
           ${shownCover(viewerId)} as cover, ${artworks.status} as status,
           ${distanceKmSql(artworks.latitude, artworks.longitude, centre)} as km,
           min(${bits})::int as bits
    from ${artworks}
    join ${artworkLogs} on ${artworkLogs.artworkId} = ${artworks.id}
      and ${artworkLogs.perceptualHash} is not null
      and ${artworkLogs.reviewStatus} is distinct from 'rejected'
    where ${withinRadius(artworks.latitude, artworks.longitude, centre, radiusKm)}
      and ${artworks.hiddenAt} is null
    group by ${artworks.id}
    having min(${bits}) <= ${SAME_ARTWORK_BITS}
    order by bits, km, ${artworks.id}
    limit ${MATCH_LIMIT}`);
  return rowsOf<{
    id: string;
    title: string;
    artist: string | null;
    cover: string | null;
    status: 'present' | 'gone';
    km: number;
    bits: number;
  }>(result).map((r) => ({
    id: r.id,
    title: r.title,
    artistName: r.artist,
    coverImageUrl: r.cover,
    status: r.status,
    distanceM: Math.round(Number(r.km) * 1000),
    photoDistance: Number(r.bits),
  }));
}

/** POST /api/artworks/matches: only for a photo the player uploaded. */
export async function findMatches(
  db: Db,
  userId: string,
  input: { imageUrl: string; latitude: number; longitude: number },
): Promise<Matches> {
  const photo = await assertOwnedObject(db, userId, input.imageUrl);
  if (photo.perceptualHash === null) return { matches: [] };
  return { matches: await matchArtworks(db, input, photo.perceptualHash, userId) };
}

/** At most this many neighbours for "painted over by a new piece". */
const NEIGHBOURS_LIMIT = 20;

/**
 * The other artworks within ARTWORK_RULES.logRadiusM of one artwork, closest first: the pieces
 * a painted-over report may name as the newer one (the server checks the same distance).
 */
export async function artworksNear(db: Db, id: string, viewerId: string): Promise<NearbyArtworks> {
  const [artwork] = await db
    .select({ latitude: artworks.latitude, longitude: artworks.longitude })
    .from(artworks)
    .where(and(eq(artworks.id, id), isNull(artworks.hiddenAt)));
  if (!artwork) throw notFound('Artwork not found');
  const km = distanceKmSql(artworks.latitude, artworks.longitude, artwork);
  const rows = await db
    .select({
      id: artworks.id,
      title: artworks.title,
      artistName: artworks.artistName,
      coverImageUrl: shownCover(viewerId),
      status: artworks.status,
      km,
      createdAt: artworks.createdAt,
    })
    .from(artworks)
    .where(
      and(
        withinRadius(
          artworks.latitude,
          artworks.longitude,
          artwork,
          ARTWORK_RULES.logRadiusM / 1000,
        ),
        ne(artworks.id, id),
        isNull(artworks.hiddenAt),
      ),
    )
    .orderBy(km, artworks.id)
    .limit(NEIGHBOURS_LIMIT);
  return {
    artworks: rows.map(({ km: distance, createdAt, ...r }) => ({
      ...r,
      distanceM: Math.round(Number(distance) * 1000),
      createdAt: shownIso(createdAt),
    })),
  };
}
