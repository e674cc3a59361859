import { sql } from 'drizzle-orm';
import { ARTWORK_RULES } from '../../core/rules.ts';
import type { ArtworkMatch, Matches } from '../../core/schemas/artworks.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { SAME_ARTWORK_BITS } from '../images/phash.ts';
import { distanceKmSql, withinRadius, type Centre } from './nearby.ts';
import { assertOwnedObject } from './objects.ts';

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
): Promise<ArtworkMatch[]> {
  const radiusKm = ARTWORK_RULES.matchRadiusM / 1000;
  const bits = sql`bit_count((${artworkLogs.perceptualHash} # ${perceptualHash.toString()}::bigint)::bit(64))`;
  const result = await db.execute(sql`
    select ${artworks.id} as id, ${artworks.title} as title, ${artworks.artistName} as artist,
           ${artworks.coverImageUrl} as cover, ${artworks.status} as status,
           ${distanceKmSql(artworks.latitude, artworks.longitude, centre)} as km,
           min(${bits})::int as bits
    from ${artworks}
    join ${artworkLogs} on ${artworkLogs.artworkId} = ${artworks.id}
      and ${artworkLogs.perceptualHash} is not null
      and ${artworkLogs.reviewStatus} is distinct from 'rejected'
    where ${withinRadius(artworks.latitude, artworks.longitude, centre, radiusKm)}
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
  return { matches: await matchArtworks(db, input, photo.perceptualHash) };
}
