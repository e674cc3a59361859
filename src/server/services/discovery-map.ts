import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MAP_POINTS_LIMIT } from '../../core/schemas/map.ts';
import type { EmojiPin } from '../../core/schemas/common.ts';
import type { MapDiscovery } from '../../core/schemas/discoveries.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { discoveries, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { shownUsername } from './hidden-content.ts';
import { pointsJson } from './map-points.ts';
import { discoveryShownTo, shownIso } from './privacy.ts';
import { withinBounds, type Bounds } from './nearby.ts';

/**
 * Discoveries for the map. The in-view answer can hold 100,000 points, so it is written as
 * JSON text straight from the rows (no per-row objects or schema pass):
 * [id, lat, lng, image, pin].
 */
export async function discoveryPointsJson(
  db: Db,
  bounds: Bounds,
  viewerId: string,
): Promise<string> {
  const result = await db.execute(sql`
    select ${discoveries.id} as id, ${discoveries.latitude} as lat,
           ${discoveries.longitude} as lng, ${discoveries.imageUrl} as image,
           ${discoveries.emojiPin} as pin
    from ${discoveries}
    where ${withinBounds(discoveries.latitude, discoveries.longitude, bounds)}
      and ${discoveries.hiddenAt} is null and ${discoveryShownTo(viewerId)}
    order by ${discoveries.createdAt} desc, ${discoveries.id} desc
    limit ${MAP_POINTS_LIMIT + 1}`);
  const rows = rowsOf<{
    id: string;
    lat: number;
    lng: number;
    image: string | null;
    pin: string;
  }>(result);
  return pointsJson(rows, (r) => [r.id, Number(r.lat), Number(r.lng), r.image, r.pin]);
}

/** One discovery as any signed-in player sees it on the map (the location panel). */
export async function getMapDiscovery(db: Db, id: string, viewerId: string): Promise<MapDiscovery> {
  const [row] = await db
    .select({
      id: discoveries.id,
      name: discoveries.name,
      description: discoveries.description,
      imageUrl: discoveries.imageUrl,
      emojiPin: discoveries.emojiPin,
      kind: discoveries.kind,
      latitude: discoveries.latitude,
      longitude: discoveries.longitude,
      username: shownUsername(),
      artworkId: discoveries.artworkId,
      createdAt: discoveries.createdAt,
    })
    .from(discoveries)
    .leftJoin(users, eq(users.id, discoveries.userId))
    .where(and(eq(discoveries.id, id), isNull(discoveries.hiddenAt), discoveryShownTo(viewerId)))
    .orderBy(desc(discoveries.createdAt))
    .limit(1);
  if (!row) throw notFound('Discovery not found');
  return { ...row, emojiPin: row.emojiPin as EmojiPin, createdAt: shownIso(row.createdAt) };
}
