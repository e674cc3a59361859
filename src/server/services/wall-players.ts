import { sql, type SQL } from 'drizzle-orm';
import { VISIT_RADIUS_METRES } from '../../core/wall-status.ts';
import type { Config } from '../config/config.ts';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import { discoveries } from '../db/schema.ts';
import { withinRadius, type Centre } from './nearby.ts';

/**
 * Who may confirm or report a wall, and whose confirmations verify it
 * (docs/decisions/026-walls-reports-moderation.md).
 */

/**
 * A discovery with a photo that is not hidden and whose reward the fair-play check did not
 * hold or void: `d` is the alias of a discoveries row.
 */
const documented = (d: string) =>
  sql.raw(`(${d}.image_url is not null and ${d}.hidden_at is null and not exists (
    select 1 from artwork_logs l
    where l.discovery_id = ${d}.id and l.review_status in ('pending', 'rejected')))`);

/**
 * True when the player whose users row has alias `u` is established: an account at least
 * minDays old, with at least minFinds documented discoveries, and not suspended.
 */
export function establishedSql(u: string, rule: Config['established']): SQL<boolean> {
  return sql<boolean>`(${sql.raw(u)}.created_at <= now() - make_interval(days => ${rule.minDays}::int)
    and (${sql.raw(u)}.suspended_until is null or ${sql.raw(u)}.suspended_until <= now())
    and (select count(*) from discoveries d
         where d.user_id = ${sql.raw(u)}.id and ${documented('d')}) >= ${rule.minFinds}::int)`;
}

/** Whether this player is established now. */
export async function isEstablished(
  db: Db | Tx,
  userId: string,
  rule: Config['established'],
): Promise<boolean> {
  const result = await db.execute(
    sql`select ${establishedSql('u', rule)} as ok from users u where u.id = ${userId}`,
  );
  return rowsOf<{ ok: boolean }>(result)[0]?.ok === true;
}

/**
 * Confirmations of the wall (alias `w`) that count: distinct established players other than
 * its proposer.
 */
export function countingConfirmationsSql(w: string, rule: Config['established']): SQL<number> {
  return sql<number>`(select count(distinct c.user_id) from wall_confirmations c
    join users u on u.id = c.user_id
    where c.wall_id = ${sql.raw(w)}.id
      and c.user_id is distinct from ${sql.raw(w)}.proposed_by_id
      and ${establishedSql('u', rule)})::int`.mapWith(Number);
}

/** Distinct players who confirmed the wall with alias `w`, counting or not. */
export const confirmingPlayersSql = (w: string) =>
  sql<number>`(select count(distinct c.user_id) from wall_confirmations c
    where c.wall_id = ${sql.raw(w)}.id)::int`.mapWith(Number);

/**
 * A logged visit: the proposer of the wall, or a player with a documented discovery within
 * VISIT_RADIUS_METRES of it.
 */
export async function hasVisited(
  db: Db | Tx,
  userId: string,
  wall: Centre & { proposedById: string | null },
): Promise<boolean> {
  if (wall.proposedById === userId) return true;
  const result = await db.execute(sql`select exists (
    select 1 from discoveries
    where discoveries.user_id = ${userId} and ${documented('discoveries')}
      and ${withinRadius(discoveries.latitude, discoveries.longitude, wall, VISIT_RADIUS_METRES / 1000)}
  ) as ok`);
  return rowsOf<{ ok: boolean }>(result)[0]?.ok === true;
}
