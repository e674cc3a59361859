import { inArray, sql } from 'drizzle-orm';
import { QUEUE_PAGE_SIZE, type WallPage, type WallReview } from '../../core/schemas/moderation.ts';
import type { Config } from '../config/config.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { legalWalls } from '../db/schema.ts';
import { historiesOf } from './moderation-history.ts';
import { decodeCursor, microsOf, pageOf } from './queue-pages.ts';
import { establishedSql } from './wall-players.ts';
import { PROPOSED_SOURCE } from './wall-sources.ts';
import { selectWalls, toWalls } from './walls.ts';

/**
 * The wall queue (docs/decisions/026, 046): unverified and disputed walls, in two lists. A
 * players' wall is one a player proposed, or one players reported or disputed; it waits from
 * its proposal or its newest open report, newest first. An imported wall nobody has reported
 * waits only because its source is not confirmed: those are listed apart, newest first, so the
 * 25 Canberra walls a fresh database holds never push a player's proposal off the first screen.
 */

type Rule = Config['established'];

const proposed = sql`(w.proposed_by_id is not null or w.source = ${PROPOSED_SOURCE})`;

/** Every wall in the queue, with the list it belongs in and the time it waits from. */
const queued = sql`queued as (
  select w.id, w.hidden_at is not null as hidden, w.created_at as "createdAt",
         (${proposed} or w.status = 'disputed' or rep.latest is not null) as "fromPlayers",
         coalesce(greatest(case when ${proposed} then w.created_at end, rep.latest), w.created_at) as since
  from legal_walls w
  left join lateral (
    select max(r.created_at) as latest from wall_reports r
    where r.wall_id = w.id and r.resolved_at is null) rep on true
  where w.status in ('unverified', 'disputed'))`;

async function openWallReports(db: Db, rule: Rule, ids: string[]) {
  const result = await db.execute(sql`
    select r.wall_id as "wallId", r.reason, r.note, u.username, r.created_at as "createdAt",
           ${establishedSql('u', rule)} as established
    from wall_reports r join users u on u.id = r.user_id
    where r.resolved_at is null and r.wall_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by r.created_at, r.id`);
  return rowsOf<{
    wallId: string;
    reason: WallReview['reports'][number]['reason'];
    note: string;
    username: string;
    createdAt: Date | string;
    established: boolean;
  }>(result);
}

/** One page of players' walls, or of imported ones. */
export async function wallPage(
  db: Db,
  rule: Rule,
  imported: boolean,
  cursor?: string,
): Promise<WallPage> {
  const after = decodeCursor(cursor, 1);
  const since = microsOf(sql`q.since`);
  const list = sql`q."fromPlayers" = ${!imported}`;
  const from = after ? sql`(${since}, q.id) < (${after[0]}::bigint, ${after[1]}::text)` : sql`true`;
  const result = await db.execute(sql`
    with ${queued}
    select t.total, p.* from (select count(*)::int as total from queued q where ${list}) t
    left join lateral (
      select q.id, q.hidden, q."createdAt", q.since, ${since}::text as at from queued q
      where ${list} and ${from}
      order by q.since desc, q.id desc
      limit ${QUEUE_PAGE_SIZE + 1}) p on true
    order by p.since desc, p.id desc`);
  const all = rowsOf<{
    total: number;
    id: string | null;
    hidden: boolean;
    createdAt: Date | string;
    at: string;
  }>(result);
  const total = Number(all[0]?.total ?? 0);
  const { items, nextCursor } = pageOf(
    all.filter((r) => r.id !== null),
    (r) => [r.at, r.id!],
  );
  const ids = items.map((r) => r.id!);
  if (ids.length === 0) return { items: [], total, nextCursor };
  const [walls, reports, historyOf] = await Promise.all([
    selectWalls(db)
      .where(inArray(legalWalls.id, ids))
      .then((rows) => toWalls(db, rows, rule)),
    openWallReports(db, rule, ids),
    historiesOf(
      db,
      ids.map((id) => ({ targetType: 'wall', targetId: id, artworkId: null })),
    ),
  ]);
  const byId = new Map(walls.map((w) => [w.id, w]));
  return {
    items: items.map((row) => ({
      ...byId.get(row.id!)!,
      hidden: row.hidden,
      createdAt: new Date(row.createdAt).toISOString(),
      reports: reports
        .filter((r) => r.wallId === row.id)
        .map(({ wallId: _wall, createdAt, ...r }) => ({
          ...r,
          createdAt: new Date(createdAt).toISOString(),
        })),
      history: historyOf('wall', row.id!),
    })),
    total,
    nextCursor,
  };
}
