import { sql } from 'drizzle-orm';
import { distanceKm } from '../../core/geo.ts';
import { AREA_ARTWORKS_LIMIT, AREA_WALLS_LIMIT } from '../../core/constants.ts';
import type { AreaContents, AreaQuery } from '../../core/schemas/area.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { artworks } from '../db/schema.ts';
import { piecesIn } from './artwork-map.ts';
import { listActiveMissions } from './catalog.ts';
import { withinRadius } from './nearby.ts';
import { nearbyWalls } from './walls.ts';

/**
 * What the map shows within a radius, for a saved area (docs/decisions/037-saved-areas.md):
 * the open walls as their reads give them, every visible artwork as the map's point, and the
 * running missions whose target lies inside. Each list is bounded; one row past the bound only
 * says there were more.
 */
export async function areaContents(
  db: Db,
  { latitude, longitude, radius }: AreaQuery,
  viewerId: string,
  rule: Config['established'],
): Promise<AreaContents> {
  const centre = { latitude, longitude };
  const [walls, points, missions] = await Promise.all([
    nearbyWalls(db, centre, radius, rule, AREA_WALLS_LIMIT + 1),
    piecesIn(
      db,
      [
        withinRadius(artworks.latitude, artworks.longitude, centre, radius),
        sql`${artworks.hiddenAt} is null`,
      ],
      viewerId,
      AREA_ARTWORKS_LIMIT,
    ),
    listActiveMissions(db, viewerId),
  ]);
  return {
    walls: walls.slice(0, AREA_WALLS_LIMIT).map(({ distanceKm: _, ...wall }) => wall),
    artworks: points.slice(0, AREA_ARTWORKS_LIMIT),
    missions: missions.filter(
      (m) =>
        m.targetLocation &&
        distanceKm(latitude, longitude, m.targetLocation.lat, m.targetLocation.lng) <= radius,
    ),
    truncated: walls.length > AREA_WALLS_LIMIT || points.length > AREA_ARTWORKS_LIMIT,
  };
}
