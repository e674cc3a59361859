import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChallengeArea } from '../../core/schemas/challenges.ts';
import { challengeAreas } from '../db/challenges-schema.ts';
import { artworkLogs, artworks } from '../db/schema.ts';
import { countedLog } from './counted-log.ts';
import { logNotHidden } from './hidden-content.ts';
import { distanceKmSql, withinRadius, type Centre } from './nearby.ts';

/**
 * Weeks and counted finds of challenge areas (docs/decisions/045-challenges-and-privacy.md).
 * A week is an ISO week on the area's clocks: Monday 00:00 to the next Monday 00:00 in its IANA
 * zone, named by its Monday. Postgres does the calendar (date_trunc('week') is ISO, Monday
 * first; `at time zone` follows the zone's summer time).
 */

export type Area = Omit<ChallengeArea, 'distanceKm'>;

/** The Monday of the week running now on the zone's clocks, as 'YYYY-MM-DD'. */
export const thisWeekIn = (zone: AnyColumn | string): SQL<string> =>
  sql<string>`to_char(date_trunc('week', now() at time zone ${zone}), 'YYYY-MM-DD')`;

/** The columns of an area, with this week in its zone and, given a point, its distance. */
export function areaColumns(from: Centre | null) {
  return {
    id: challengeAreas.id,
    name: challengeAreas.name,
    city: challengeAreas.city,
    latitude: challengeAreas.latitude,
    longitude: challengeAreas.longitude,
    radiusKm: challengeAreas.radiusKm,
    timeZone: challengeAreas.timeZone,
    week: thisWeekIn(challengeAreas.timeZone),
    distanceKm: from
      ? distanceKmSql(challengeAreas.latitude, challengeAreas.longitude, from)
      : sql<null>`null`,
  };
}

/** When the week starts and ends, as instants. */
export const weekStart = (area: Area, week: string) =>
  sql`(${week}::date::timestamp at time zone ${area.timeZone})`;
export const weekEnd = (area: Area, week: string) =>
  sql`((${week}::date + 7)::timestamp at time zone ${area.timeZone})`;

/** The moment `at` falls in the week. */
export const inWeek = (at: AnyColumn, area: Area, week: string) =>
  sql`(${at} >= ${weekStart(area, week)} and ${at} < ${weekEnd(area, week)})`;

/** The start and end of a week as ISO strings. */
export const weekBoundsSql = (area: Area, week: string) => sql`
  select ${weekStart(area, week)} as starts, ${weekEnd(area, week)} as ends`;

/**
 * Each player's first counted find of each artwork inside the area in the week: rows of
 * (user_id, artwork_id, at). Counted: fair play passed (never held, or released), with its
 * photo, not hidden by moderation, on an artwork that is not hidden. `where` narrows it (one
 * player, or only what others may see).
 */
export const areaFinds = (area: Area, week: string, where: SQL) => sql`
  select ${artworkLogs.userId} as user_id, ${artworkLogs.artworkId} as artwork_id,
         min(${artworkLogs.createdAt}) as at
  from ${artworkLogs} join ${artworks} on ${artworks.id} = ${artworkLogs.artworkId}
  where ${artworkLogs.kind} = 'found' and ${countedLog} and ${logNotHidden()}
    and ${artworks.hiddenAt} is null
    and ${inWeek(artworkLogs.createdAt, area, week)}
    and ${withinRadius(artworks.latitude, artworks.longitude, area, area.radiusKm)}
    and ${where}
  group by 1, 2`;
