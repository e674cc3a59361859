import { asc, eq, sql } from 'drizzle-orm';
import type { LegalWall, NearbyLegalWall } from '../../core/schemas/walls.ts';
import type { Db } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import {
  NEARBY_LIMIT,
  distanceKmSql,
  withinBounds,
  withinRadius,
  type Bounds,
  type Centre,
} from './nearby.ts';

/** Most walls one map view shows; far more than any city has. */
export const IN_VIEW_WALLS_LIMIT = 1000;

/** The public columns of a wall (the seed's `source` stays in the database). */
const wallColumns = {
  id: legalWalls.id,
  name: legalWalls.name,
  description: legalWalls.description,
  city: legalWalls.city,
  country: legalWalls.country,
  address: legalWalls.address,
  hours: legalWalls.hours,
  permitRequired: legalWalls.permitRequired,
  latitude: legalWalls.latitude,
  longitude: legalWalls.longitude,
};

/** Every legal wall by name, ignoring case; a catalogue of hundreds, not millions. */
export async function listWalls(db: Db): Promise<LegalWall[]> {
  return db
    .select(wallColumns)
    .from(legalWalls)
    .orderBy(sql`lower(${legalWalls.name})`, asc(legalWalls.name), asc(legalWalls.id));
}

export async function getWall(db: Db, id: string): Promise<LegalWall> {
  const [wall] = await db.select(wallColumns).from(legalWalls).where(eq(legalWalls.id, id));
  if (!wall) throw notFound('Legal wall not found');
  return wall;
}

/** Walls within radiusKm, closest first. */
export async function nearbyWalls(
  db: Db,
  centre: Centre,
  radiusKm: number,
): Promise<NearbyLegalWall[]> {
  const distance = distanceKmSql(legalWalls.latitude, legalWalls.longitude, centre);
  return db
    .select({ ...wallColumns, distanceKm: distance })
    .from(legalWalls)
    .where(withinRadius(legalWalls.latitude, legalWalls.longitude, centre, radiusKm))
    .orderBy(distance, asc(legalWalls.id))
    .limit(NEARBY_LIMIT);
}

/** Walls inside the visible map box, for the map's markers. */
export async function wallsInView(db: Db, bounds: Bounds): Promise<LegalWall[]> {
  return db
    .select(wallColumns)
    .from(legalWalls)
    .where(withinBounds(legalWalls.latitude, legalWalls.longitude, bounds))
    .orderBy(asc(legalWalls.id))
    .limit(IN_VIEW_WALLS_LIMIT);
}
