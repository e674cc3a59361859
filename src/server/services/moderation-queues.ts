import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportReason, ReportTarget } from '../../core/content-reports.ts';
import {
  QUEUE_PAGE_SIZE,
  type FlagPage,
  type ModerationQueues,
  type ReportPage,
} from '../../core/schemas/moderation.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import type { Config } from '../config/config.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { artworkLogs, artworks, discoveries, users } from '../db/schema.ts';
import { flaggedAccounts } from './account-flags.ts';
import { historiesOf } from './moderation-history.ts';
import { REPORT_TARGET_KINDS } from './report-targets.ts';
import { wallPage } from './moderation-walls.ts';
import { heldVisits } from './visit-review.ts';
import { decodeCursor, microsOf, olderThan, pageOf } from './queue-pages.ts';

/** The moderation queues (docs/decisions/026, 046), newest first and a page at a time. */

type Rule = Config['established'];

/** "(a, b) in ((…), (…))" over report targets. */
const targetsIn = (targets: { targetType: string; targetId: string }[]) =>
  sql.join(
    targets.map((t) => sql`(${t.targetType}::text, ${t.targetId}::text)`),
    sql`, `,
  );

/** The artwork a reported thing is or belongs to: `o` has target_type and target_id. */
const artworkOfTarget = sql`case o.target_type
  when 'artwork' then o.target_id
  when 'discovery' then (select d.artwork_id from discoveries d where d.id = o.target_id)
  when 'artwork_log' then (select l.artwork_id from artwork_logs l where l.id = o.target_id)
  when 'artist_credit' then (select c.artwork_id from artist_credits c where c.id = o.target_id)
end`;

/** Came from an open-data source or the seed, not from a player. */
const importedTarget = sql`case o.target_type
  when 'artwork' then exists (select 1 from artworks a where a.id = o.target_id and a.source_id is not null)
  when 'wall' then exists (select 1 from legal_walls w where w.id = o.target_id
    and w.proposed_by_id is null and w.source <> 'Proposed by a player')
  when 'forum_post' then exists (select 1 from forum_posts p where p.id = o.target_id and p.source is not null)
  when 'tour' then exists (select 1 from tours t where t.id = o.target_id and t.author_id is null)
  when 'artist' then true
  else false
end`;

async function openReportsOf(db: Db, targets: { targetType: string; targetId: string }[]) {
  const result = await db.execute(sql`
    select r.target_type as "targetType", r.target_id as "targetId", r.reason, r.note,
           coalesce(u.username, ${DELETED_PLAYER}) as reporter,
           r.from_established as established, r.created_at as "createdAt"
    from content_reports r left join users u on u.id = r.reporter_id
    where r.resolved_at is null and (r.target_type, r.target_id) in (${targetsIn(targets)})
    order by r.created_at, r.id`);
  return rowsOf<{
    targetType: string;
    targetId: string;
    reason: ReportReason;
    note: string;
    reporter: string;
    established: boolean;
    createdAt: Date | string;
  }>(result);
}

/** Open reports grouped by what they report, the group with the newest report first. */
export async function reportPage(db: Db, cursor?: string): Promise<ReportPage> {
  const after = decodeCursor(cursor, 2);
  const latest = microsOf(sql`o.latest`);
  const from = after
    ? sql`(${latest}, o.target_type, o.target_id) < (${after[0]}::bigint, ${after[1]}::text, ${after[2]}::text)`
    : sql`true`;
  const result = await db.execute(sql`
    with open as (
      select target_type, target_id, max(created_at) as latest, count(*)::int as count,
             (count(*) filter (where from_established))::int as established,
             array_agg(distinct reason) as reasons
      from content_reports where resolved_at is null
      group by target_type, target_id)
    select t.total, p.* from (select count(*)::int as total from open) t
    left join lateral (
      select o.target_type as "targetType", o.target_id as "targetId", o.latest,
             ${latest}::text as at, o.count, o.established, o.reasons,
             ${importedTarget} as imported, ${artworkOfTarget} as "artworkId"
      from open o where ${from}
      order by o.latest desc, o.target_type desc, o.target_id desc
      limit ${QUEUE_PAGE_SIZE + 1}) p on true
    order by p.latest desc, p."targetType" desc, p."targetId" desc`);
  const all = rowsOf<{
    total: number;
    targetType: ReportTarget | null;
    targetId: string;
    latest: Date | string;
    at: string;
    count: number;
    established: number;
    reasons: ReportReason[];
    imported: boolean;
    artworkId: string | null;
  }>(result);
  const rows = all.filter((r) => r.targetType !== null);
  const { items, nextCursor } = pageOf(rows, (r) => [r.at, r.targetType!, r.targetId]);
  const page = items.map((r) => ({ ...r, targetType: r.targetType! }));
  if (page.length === 0) return { items: [], total: Number(all[0]?.total ?? 0), nextCursor };
  const [reports, historyOf] = await Promise.all([openReportsOf(db, page), historiesOf(db, page)]);
  return {
    items: await Promise.all(
      page.map(async (r) => ({
        targetType: r.targetType,
        targetId: r.targetId,
        preview: await REPORT_TARGET_KINDS[r.targetType].preview(db, r.targetId),
        imported: r.imported,
        count: Number(r.count),
        reasons: r.reasons,
        established: Number(r.established),
        reports: reports
          .filter((o) => o.targetType === r.targetType && o.targetId === r.targetId)
          .map(({ targetType: _type, targetId: _id, createdAt, ...o }) => ({
            ...o,
            createdAt: new Date(createdAt).toISOString(),
          })),
        lastReportedAt: new Date(r.latest).toISOString(),
        history: historyOf(r.targetType, r.targetId),
      })),
    ),
    total: Number(all[0]?.total ?? 0),
    nextCursor,
  };
}

const pending = eq(artworkLogs.reviewStatus, 'pending');

/** Held artwork logs for the queue, newest first, after the cursor's (micros, id). */
async function heldLogs(db: Db, after: string[] | null, limit: number) {
  const where: SQL[] = [pending];
  if (after) {
    where.push(olderThan(artworkLogs.createdAt, artworkLogs.id, after));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({
        log: artworkLogs,
        at: sql<string>`${microsOf(sql`${artworkLogs.createdAt}`)}::text`,
        username: users.username,
        artworkTitle: artworks.title,
        artworkAddress: artworks.address,
        description: discoveries.description,
      })
      .from(artworkLogs)
      .innerJoin(users, eq(users.id, artworkLogs.userId))
      .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
      .leftJoin(discoveries, eq(discoveries.id, artworkLogs.discoveryId))
      .where(and(...where))
      .orderBy(desc(artworkLogs.createdAt), desc(artworkLogs.id))
      .limit(limit),
    db.select({ n: count() }).from(artworkLogs).where(pending),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ log, at, username, artworkTitle, artworkAddress, description }) => ({
      at,
      id: log.id,
      createdAt: log.createdAt,
      item: {
        id: log.id,
        kind: log.kind,
        flagReason: log.flagReason,
        imageUrl: log.imageUrl,
        description: description || null,
        // Where the player logged it; an address only when the artwork has one (open data).
        place: { address: artworkAddress, latitude: log.latitude, longitude: log.longitude },
        userId: log.userId,
        username,
        artworkId: log.artworkId,
        artworkTitle,
        link: `/art/${log.artworkId}`,
        createdAt: log.createdAt.toISOString(),
      },
    })),
  };
}

/** Newest first, as both queries order them (the id breaking ties). */
const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  BigInt(b.at) === BigInt(a.at) ? (a.id < b.id ? 1 : -1) : BigInt(b.at) > BigInt(a.at) ? 1 : -1;

/**
 * What fair play held, newest first: artwork logs, and quests' wall visits (visit-review.ts).
 * A page takes the newest of each kind after the cursor and keeps the newest of both.
 */
export async function flagPage(db: Db, cursor?: string): Promise<FlagPage> {
  const after = decodeCursor(cursor, 1);
  const [logs, visits] = await Promise.all([
    heldLogs(db, after, QUEUE_PAGE_SIZE + 1),
    heldVisits(db, after, QUEUE_PAGE_SIZE + 1),
  ]);
  const rows = [...logs.items, ...visits.items].sort(newestFirst);
  const { items, nextCursor } = pageOf(rows, (r) => [r.at, r.id]);
  const historyOf = await historiesOf(
    db,
    items.map(({ item }) => ({
      targetType: item.artworkId ? 'artwork_log' : 'quest_answer',
      targetId: item.id,
      artworkId: item.artworkId,
    })),
  );
  return {
    items: items.map(({ item }) => ({
      ...item,
      history: historyOf(item.artworkId ? 'artwork_log' : 'quest_answer', item.id),
    })),
    total: logs.total + visits.total,
    nextCursor,
  };
}

/** The first page of each queue, for the moderation page's first look. */
export async function getQueues(db: Db, rule: Rule): Promise<ModerationQueues> {
  const [reports, flags, walls, importedWalls, accounts] = await Promise.all([
    reportPage(db),
    flagPage(db),
    wallPage(db, rule, false),
    wallPage(db, rule, true),
    flaggedAccounts(db),
  ]);
  return { reports, flags, walls, importedWalls, accounts };
}
