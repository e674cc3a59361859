import { MAP_POINTS_LIMIT } from '../../core/schemas/map.ts';

/**
 * A map layer's answer written as JSON text straight from the rows (it can hold 100,000 points,
 * so there are no per-row objects or schema pass): `{"points":[[…],…],"truncated":…}`. The
 * query asks for one row more than MAP_POINTS_LIMIT; that extra row only says there were more.
 */
export function pointsJson<Row>(rows: Row[], tuple: (row: Row) => unknown[]): string {
  const truncated = rows.length > MAP_POINTS_LIMIT;
  const count = Math.min(rows.length, MAP_POINTS_LIMIT);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(JSON.stringify(tuple(rows[i]!)));
  return `{"points":[${parts.join(',')}],"truncated":${truncated}}`;
}
