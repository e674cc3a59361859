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

export interface ConfirmationCounts {
  /** Distinct players who confirmed the wall, counting or not. */
  players: number;
  /** Those of them whose confirmation counts: established, and not its proposer. */
  counting: number;
}

const NONE: ConfirmationCounts = { players: 0, counting: 0 };

/** The confirming players of these walls, each once per wall: `confirmers` in a query. */
const confirmersOf = (wallIds: string[]) => sql`confirmers as (
    select distinct c.wall_id, c.user_id, c.user_id is distinct from w.proposed_by_id as other
    from wall_confirmations c join legal_walls w on w.id = c.wall_id
    where c.wall_id in (${sql.join(
      wallIds.map((id) => sql`${id}`),
      sql`, `,
    )}))`;

/**
 * The confirmation counts of these walls in one query: each confirming player is looked at
 * once, however many walls of the page they confirmed. Walls nobody confirmed get zeros.
 */
export async function confirmationCounts(
  db: Db | Tx,
  wallIds: string[],
  rule: Config['established'],
): Promise<(id: string) => ConfirmationCounts> {
  if (wallIds.length === 0) return () => NONE;
  const result = await db.execute(sql`with ${confirmersOf(wallIds)},
    trusted as (
      select u.id from users u
      where u.id in (select user_id from confirmers) and ${establishedSql('u', rule)})
    select wall_id, count(*)::int as players,
      count(*) filter (where other and user_id in (select id from trusted))::int as counting
    from confirmers group by wall_id`);
  const counts = new Map(
    rowsOf<{ wall_id: string; players: number; counting: number }>(result).map((r) => [
      r.wall_id,
      { players: Number(r.players), counting: Number(r.counting) },
    ]),
  );
  return (id) => counts.get(id) ?? NONE;
}

/**
 * The next moment these walls' counts change by the clock alone: a confirming player's account
 * reaches the established age, or their suspension ends (their confirmations start counting).
 */
export async function confirmationsStaleAt(
  db: Db,
  wallIds: string[],
  rule: Config['established'],
): Promise<Date | null> {
  if (wallIds.length === 0) return null;
  const result = await db.execute(sql`with ${confirmersOf(wallIds)}
    select min(t) as at from (
      select u.created_at + make_interval(days => ${rule.minDays}::int) as t from users u
      where u.id in (select user_id from confirmers)
      union all select u.suspended_until from users u
      where u.id in (select user_id from confirmers)
    ) c
    where c.t > now()`);
  const at = rowsOf<{ at: Date | string | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}

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
