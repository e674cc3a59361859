import { and, desc, sql, type SQL } from 'drizzle-orm';
import {
  HEAT_DAYS,
  PRO_FILTERS,
  WAYPOINTS_MAX,
  type ArtworkPoint,
  type ArtworkStatus,
  type ArtworkWaypoints,
  type ArtworkWaypointsQuery,
  type ArtworksInView,
  type ArtworksInViewQuery,
} from '../../core/schemas/artworks.ts';
import { MAP_POINTS_LIMIT, type BoundsQuery } from '../../core/schemas/map.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { clusterTuples, levelFor, pyramidClustersJsonSql } from './map-cells.ts';
import { pointsJson } from './map-points.ts';
import { withinBounds } from './nearby.ts';
import { countedLog } from './counted-log.ts';
import { logShownTo, shownCover, shownIso, shownTime } from './privacy.ts';

/*
 * The map's artwork layers (docs/decisions/021-artworks-and-logs.md): every artwork, the heat
 * of recent logs and the player's own logs, each for the box in view.
 */

/** A log that counts for everyone: not held for review, or approved. */

/** The most pieces an answer lists one by one; more in view come as clusters. */
export const PIECES_THRESHOLD = 1000;

/**
 * Most rows a Pro filter's clusters are counted from: the pyramid cannot answer those filters,
 * so they scan the box's rows, and this bounds the scan (the answer then says truncated).
 */
export const FILTERED_SCAN_CAP = 20_000;

type PointRow = {
  id: string;
  lat: number;
  lng: number;
  image: string | null;
  pin: string;
  status: ArtworkStatus;
  seen: string | number;
};

/**
 * The player logged a find of the artwork. Its columns are named in full: a select's fields
 * name the columns of its one table bare, and the logs' own id would answer for it.
 */
const foundBy = (viewerId: string) =>
  sql<boolean>`exists (select 1 from ${artworkLogs} mine where mine.artwork_id = "artworks"."id" and mine.user_id = ${viewerId} and mine.kind = 'found')`;

/** The conditions a query's filters put on artworks (the box, visibility and each filter). */
function artworkConditions(query: ArtworkWaypointsQuery, viewerId: string): SQL[] {
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
    const mine = foundBy(viewerId);
    conditions.push(query.loggedByMe === 'true' ? mine : sql`not ${mine}`);
  }
  return conditions;
}

/**
 * Up to `limit` + 1 pieces, newest seen first. Unordered in SQL so a crowded box stops early;
 * the extra row only says there were more.
 */
export async function piecesIn(
  db: Db,
  conditions: SQL[],
  viewerId: string,
  limit = PIECES_THRESHOLD,
): Promise<ArtworkPoint[]> {
  const result = await db.execute(sql`
    select ${artworks.id} as id, ${artworks.latitude} as lat, ${artworks.longitude} as lng,
           ${shownCover(viewerId)} as image, ${artworks.emojiPin} as pin,
           ${artworks.status} as status,
           extract(epoch from ${artworks.lastSeenAt})::bigint as seen
    from ${artworks}
    where ${sql.join(conditions, sql` and `)}
    limit ${limit + 1}`);
  const points = rowsOf<PointRow>(result).map((r): ArtworkPoint => [
    r.id,
    Number(r.lat),
    Number(r.lng),
    r.image,
    r.pin,
    r.status,
    shownTime(new Date(Number(r.seen) * 1000)).getTime() / 1000,
  ]);
  return points.sort((a, b) => b[6] - a[6] || (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
}

const answer = (a: Omit<ArtworksInView, 'version'>): string =>
  JSON.stringify({ version: 2, ...a } satisfies ArtworksInView);

/** The same answer around a clusters array the database wrote (`pyramidClustersJsonSql`). */
const clustersAnswer = (clusters: string): string =>
  `{"version":2,"clusters":${clusters},"points":[],"truncated":false}`;

/**
 * The artworks layer for a box and zoom (docs/decisions/029-map-clusters.md): clusters from
 * the pyramid while more than PIECES_THRESHOLD pieces are in view, else the pieces. A Pro
 * filter the pyramid cannot answer lists the pieces when few match, else counts clusters from
 * at most FILTERED_SCAN_CAP matching rows.
 */
export async function artworksInViewJson(
  db: Db,
  query: ArtworksInViewQuery,
  viewerId: string,
): Promise<string> {
  const level = levelFor(query, query.zoom);
  const conditions = artworkConditions(query, viewerId);
  if (PRO_FILTERS.some((f) => query[f] !== undefined)) {
    const points = await piecesIn(db, conditions, viewerId);
    if (points.length <= PIECES_THRESHOLD)
      return answer({ clusters: [], points, truncated: false });
    const result = await db.execute(sql`
      select count(*)::int as n, avg(lat) as lat, avg(lng) as lng
      from (select ${artworks.latitude} as lat, ${artworks.longitude} as lng from ${artworks}
            where ${sql.join(conditions, sql` and `)} limit ${FILTERED_SCAN_CAP + 1}) matching
      group by artwork_cell_x(lng, ${level}), artwork_cell_y(lat, ${level})`);
    const clusters = clusterTuples(rowsOf<{ n: number; lat: number; lng: number }>(result));
    const counted = clusters.reduce((n, c) => n + c[2], 0);
    return answer({ clusters, points: [], truncated: counted > FILTERED_SCAN_CAP });
  }
  const [cells] = rowsOf<{ clusters: string; pieces: number }>(
    await db.execute(pyramidClustersJsonSql(query, level, query.status)),
  );
  if (cells && Number(cells.pieces) > PIECES_THRESHOLD) return clustersAnswer(cells.clusters);
  const points = await piecesIn(db, conditions, viewerId);
  const truncated = points.length > PIECES_THRESHOLD;
  return answer({ clusters: [], points: points.slice(0, PIECES_THRESHOLD), truncated });
}

/**
 * The artworks in the box with their titles, for a GPS file: whatever the zoom (no clusters),
 * the WAYPOINTS_MAX seen most recently. Sorted in SQL, unlike the layer's pieces: it answers a
 * player's export, not every pan of the map.
 */
export async function artworkWaypoints(
  db: Db,
  query: ArtworkWaypointsQuery,
  viewerId: string,
): Promise<ArtworkWaypoints> {
  const rows = await db
    .select({
      id: artworks.id,
      title: artworks.title,
      artistName: artworks.artistName,
      latitude: artworks.latitude,
      longitude: artworks.longitude,
      status: artworks.status,
      lastSeenAt: artworks.lastSeenAt,
      foundByMe: foundBy(viewerId),
    })
    .from(artworks)
    .where(and(...artworkConditions(query, viewerId)))
    .orderBy(desc(artworks.lastSeenAt), artworks.id)
    .limit(WAYPOINTS_MAX + 1);
  return {
    artworks: rows.slice(0, WAYPOINTS_MAX).map((r) => ({
      ...r,
      lastSeenAt: shownIso(r.lastSeenAt),
      foundByMe: r.foundByMe === true,
    })),
    truncated: rows.length > WAYPOINTS_MAX,
  };
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
      and ${countedLog} and ${logShownTo(null)}
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
