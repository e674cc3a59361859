import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, boundingBox } from '../../core/geo.ts';

/**
 * "Nearby" in SQL, shared by discoveries, legal walls and mission targets.
 *
 * Two steps: a bounding box (src/core/geo.ts, split in two longitude ranges across the
 * antimeridian) that a btree on (latitude, longitude) can serve, then the exact great-circle
 * distance (haversine, the same formula and Earth radius as `distanceKm`) to filter and order.
 */

/** Most rows a nearby query returns; the closest come first. */
export const NEARBY_LIMIT = 500;

export interface Centre {
  latitude: number;
  longitude: number;
}

const float = (n: number) => sql`${n}::double precision`;

/** True for rows inside the box around the circle (a cheap, index-friendly superset). */
export function withinBox(lat: AnyColumn, lng: AnyColumn, centre: Centre, radiusKm: number): SQL {
  const box = boundingBox(centre.latitude, centre.longitude, radiusKm);
  const lngRanges = box.lngRanges.map(
    (r) => sql`${lng} between ${float(r.min)} and ${float(r.max)}`,
  );
  return sql`(${lat} between ${float(box.minLat)} and ${float(box.maxLat)} and (${sql.join(
    lngRanges,
    sql` or `,
  )}))`;
}

/** Great-circle distance in km between two points given in SQL (columns or values). */
export function kmBetweenSql(
  lat: AnyColumn | SQL,
  lng: AnyColumn | SQL,
  lat0: AnyColumn | SQL,
  lng0: AnyColumn | SQL,
): SQL<number> {
  return sql<number>`(${float(2 * EARTH_RADIUS_KM)} * asin(least(1::double precision, sqrt(
    power(sin(radians(${lat} - ${lat0}) / 2), 2)
    + cos(radians(${lat0})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}) / 2), 2)
  ))))`.mapWith(Number);
}

/** Great-circle distance in km from the centre to each row. */
export function distanceKmSql(lat: AnyColumn, lng: AnyColumn, centre: Centre): SQL<number> {
  return kmBetweenSql(lat, lng, float(centre.latitude), float(centre.longitude));
}

/** Box prefilter and exact radius check together, for a `where`. */
export function withinRadius(
  lat: AnyColumn,
  lng: AnyColumn,
  centre: Centre,
  radiusKm: number,
): SQL {
  return sql`(${withinBox(lat, lng, centre, radiusKm)} and ${distanceKmSql(lat, lng, centre)} <= ${float(radiusKm)})`;
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** True for rows inside the map's visible box; west > east wraps across the antimeridian. */
export function withinBounds(lat: AnyColumn, lng: AnyColumn, b: Bounds): SQL {
  const lngTest =
    b.west <= b.east
      ? sql`${lng} between ${float(b.west)} and ${float(b.east)}`
      : sql`(${lng} >= ${float(b.west)} or ${lng} <= ${float(b.east)})`;
  return sql`(${lat} between ${float(b.south)} and ${float(b.north)} and ${lngTest})`;
}
