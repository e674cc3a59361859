import { sql } from 'drizzle-orm';
import { HEAT_DAYS, type ArtworksInViewQuery } from '../../core/schemas/artworks.ts';
import { MAP_POINTS_LIMIT, type BoundsQuery } from '../../core/schemas/map.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { pointsJson } from './map-points.ts';
import { withinBounds } from './nearby.ts';

/*
 * The map's artwork layers (docs/decisions/021-artworks-and-logs.md): every artwork, the heat
 * of recent logs and the player's own logs, each for the box in view.
 */

/** A log that counts for everyone: not held for review, or approved. */
const counted = sql`(${artworkLogs.reviewStatus} is null or ${artworkLogs.reviewStatus} = 'approved')`;

/**
 * Artworks for the map, one point per artwork, written as JSON text straight from the rows
 * (the answer can hold 100,000 points): [id, lat, lng, cover, pin, status, lastSeen seconds].
 */
export async function artworkPointsJson(
  db: Db,
  query: ArtworksInViewQuery,
  viewerId: string,
): Promise<string> {
  const conditions = [
    withinBounds(artworks.latitude, artworks.longitude, query),
    sql`${artworks.hiddenAt} is null`,
  ];
  if (query.status) conditions.push(sql`${artworks.status} = ${query.status}`);
  if (query.seenWithinDays) {
    conditions.push(
      sql`${artworks.lastSeenAt} >= now() - make_interval(days => ${query.seenWithinDays})`,
    );
  }
  if (query.hasPhoto) {
    conditions.push(
      query.hasPhoto === 'true'
        ? sql`${artworks.coverImageUrl} is not null`
        : sql`${artworks.coverImageUrl} is null`,
    );
  }
  if (query.loggedByMe) {
    const mine = sql`exists (select 1 from ${artworkLogs} where ${artworkLogs.artworkId} = ${artworks.id} and ${artworkLogs.userId} = ${viewerId} and ${artworkLogs.kind} = 'found')`;
    conditions.push(query.loggedByMe === 'true' ? mine : sql`not ${mine}`);
  }
  const result = await db.execute(sql`
    select ${artworks.id} as id, ${artworks.latitude} as lat, ${artworks.longitude} as lng,
           ${artworks.coverImageUrl} as image, ${artworks.emojiPin} as pin,
           ${artworks.status} as status,
           extract(epoch from ${artworks.lastSeenAt})::bigint as seen
    from ${artworks}
    where ${sql.join(conditions, sql` and `)}
    order by ${artworks.lastSeenAt} desc, ${artworks.id} desc
    limit ${MAP_POINTS_LIMIT + 1}`);
  const rows = rowsOf<{
    id: string;
    lat: number;
    lng: number;
    image: string | null;
    pin: string;
    status: string;
    seen: string | number;
  }>(result);
  return pointsJson(rows, (r) => [
    r.id,
    Number(r.lat),
    Number(r.lng),
    r.image,
    r.pin,
    r.status,
    Number(r.seen),
  ]);
}

/**
 * The heat layer: artworks in the box with logs in the last HEAT_DAYS days, and how many. The
 * point is the artwork's, not the log's pin, so the layer tells where art is being found
 * without telling where any player stood; logs held for review do not count.
 */
export async function heatPointsJson(db: Db, bounds: BoundsQuery): Promise<string> {
  const result = await db.execute(sql`
    select ${artworks.latitude} as lat, ${artworks.longitude} as lng, count(*)::int as logs
    from ${artworks}
    join ${artworkLogs} on ${artworkLogs.artworkId} = ${artworks.id}
    where ${withinBounds(artworks.latitude, artworks.longitude, bounds)}
      and ${artworks.hiddenAt} is null
      and ${artworkLogs.createdAt} >= now() - make_interval(days => ${HEAT_DAYS})
      and ${counted}
    group by ${artworks.id}
    order by logs desc, ${artworks.id}
    limit ${MAP_POINTS_LIMIT + 1}`);
  const rows = rowsOf<{ lat: number; lng: number; logs: number }>(result);
  return pointsJson(rows, (r) => [Number(r.lat), Number(r.lng), Number(r.logs)]);
}

/**
 * The player's own logs in the box, the newest per artwork: what they found, reported gone or
 * painted over, and whether it still waits for review. Nobody else's logs are read.
 */
export async function myLogPointsJson(db: Db, bounds: BoundsQuery, userId: string) {
  const result = await db.execute(sql`
    select * from (
      select distinct on (${artworkLogs.artworkId})
             ${artworkLogs.artworkId} as id, ${artworks.latitude} as lat,
             ${artworks.longitude} as lng, ${artworkLogs.kind} as kind,
             ${artworkLogs.createdAt} as created,
             extract(epoch from ${artworkLogs.createdAt})::bigint as at,
             (${artworkLogs.reviewStatus} is not distinct from 'pending') as pending
      from ${artworkLogs}
      join ${artworks} on ${artworks.id} = ${artworkLogs.artworkId}
      where ${artworkLogs.userId} = ${userId}
        and ${withinBounds(artworks.latitude, artworks.longitude, bounds)}
      order by ${artworkLogs.artworkId}, ${artworkLogs.createdAt} desc
    ) newest
    order by created desc, id
    limit ${MAP_POINTS_LIMIT + 1}`);
  const rows = rowsOf<{
    id: string;
    lat: number;
    lng: number;
    kind: string;
    at: string | number;
    pending: boolean;
  }>(result);
  return pointsJson(rows, (r) => [
    r.id,
    Number(r.lat),
    Number(r.lng),
    r.kind,
    Number(r.at),
    r.pending === true,
  ]);
}
