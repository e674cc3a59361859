import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReportReason, ReportTarget } from '../../core/content-reports.ts';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type FlaggedLog,
  type ModerationQueues,
  type ReportGroup,
  type WallReview,
} from '../../core/schemas/moderation.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { moderationActions, wallReports } from '../db/moderation-schema.ts';
import { artworkLogs, artworks, legalWalls, users } from '../db/schema.ts';
import { DELETED_PLAYER } from '../../core/your-data.ts';
import { badRequest } from '../errors.ts';
import { flaggedAccounts } from './account-flags.ts';
import { clip, REPORT_TARGET_KINDS } from './report-targets.ts';

/** What the moderation page lists (docs/decisions/026); each queue oldest first, at most this many. */
const QUEUE_SIZE = 100;

async function reportGroups(db: Db): Promise<ReportGroup[]> {
  const result = await db.execute(sql`
    select r.target_type as "targetType", r.target_id as "targetId", count(*)::int as count,
           (count(*) filter (where r.from_established))::int as established,
           array_agg(distinct r.reason) as reasons,
           array_agg(coalesce(u.username, ${DELETED_PLAYER}) order by r.created_at) as reporters,
           coalesce(array_agg(r.note order by r.created_at) filter (where r.note <> ''), '{}') as notes,
           min(r.created_at) as first
    from content_reports r left join ${users} u on u.id = r.reporter_id
    where r.resolved_at is null
    group by r.target_type, r.target_id
    order by count(*) desc, min(r.created_at)
    limit ${QUEUE_SIZE}`);
  const rows = rowsOf<{
    targetType: ReportTarget;
    targetId: string;
    count: number;
    established: number;
    reasons: ReportReason[];
    reporters: string[];
    notes: string[];
    first: Date | string;
  }>(result);
  return Promise.all(
    rows.map(async (r) => ({
      targetType: r.targetType,
      targetId: r.targetId,
      preview: await REPORT_TARGET_KINDS[r.targetType].preview(db, r.targetId),
      count: Number(r.count),
      reasons: r.reasons,
      notes: r.notes,
      reporters: r.reporters,
      established: Number(r.established),
      firstReportedAt: new Date(r.first).toISOString(),
    })),
  );
}

async function flaggedLogs(db: Db): Promise<FlaggedLog[]> {
  const rows = await db
    .select({ log: artworkLogs, username: users.username, artworkTitle: artworks.title })
    .from(artworkLogs)
    .innerJoin(users, eq(users.id, artworkLogs.userId))
    .innerJoin(artworks, eq(artworks.id, artworkLogs.artworkId))
    .where(eq(artworkLogs.reviewStatus, 'pending'))
    .orderBy(asc(artworkLogs.createdAt), asc(artworkLogs.id))
    .limit(QUEUE_SIZE);
  return rows.map(({ log, username, artworkTitle }) => ({
    id: log.id,
    kind: log.kind,
    flagReason: log.flagReason,
    imageUrl: log.imageUrl,
    userId: log.userId,
    username,
    artworkId: log.artworkId,
    artworkTitle,
    createdAt: log.createdAt.toISOString(),
  }));
}

async function wallsToReview(db: Db): Promise<WallReview[]> {
  const walls = await db
    .select({ wall: legalWalls, proposedBy: users.username })
    .from(legalWalls)
    .leftJoin(users, eq(users.id, legalWalls.proposedById))
    .where(inArray(legalWalls.status, ['unverified', 'disputed']))
    // Disputed first: a wall players say is closed may be sending someone to trespass.
    .orderBy(
      desc(sql`${legalWalls.status} = 'disputed'`),
      asc(legalWalls.createdAt),
      asc(legalWalls.id),
    )
    .limit(QUEUE_SIZE);
  const ids = walls.map((w) => w.wall.id);
  const reports = ids.length
    ? await db
        .select({ report: wallReports, username: users.username })
        .from(wallReports)
        .innerJoin(users, eq(users.id, wallReports.userId))
        .where(and(inArray(wallReports.wallId, ids), isNull(wallReports.resolvedAt)))
        .orderBy(asc(wallReports.createdAt))
    : [];
  return walls.map(({ wall, proposedBy }) => ({
    id: wall.id,
    name: wall.name,
    city: wall.city,
    country: wall.country,
    status: wall.status,
    imageUrl: wall.imageUrl,
    proposedBy,
    reports: reports
      .filter((r) => r.report.wallId === wall.id)
      .map(({ report, username }) => ({
        reason: report.reason,
        note: report.note,
        username,
        createdAt: report.createdAt.toISOString(),
      })),
  }));
}

export async function getQueues(db: Db): Promise<ModerationQueues> {
  const [reports, flags, walls, accounts] = await Promise.all([
    reportGroups(db),
    flaggedLogs(db),
    wallsToReview(db),
    flaggedAccounts(db),
  ]);
  return { reports, flags, walls, accounts };
}

type ActionRow = typeof moderationActions.$inferSelect;

async function targetLabel(db: Db, row: ActionRow): Promise<string | null> {
  if (row.targetType === 'user') {
    const [user] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, row.targetId));
    return user?.username ?? null;
  }
  const kind = REPORT_TARGET_KINDS[row.targetType as ReportTarget] as
    (typeof REPORT_TARGET_KINDS)[ReportTarget] | undefined;
  const preview = await kind?.preview(db, row.targetId);
  if (!preview) return null;
  // An untitled post or reply is named by its first words.
  return row.targetType === 'forum_post' && preview.text
    ? `${preview.title} “${clip(preview.text, 60)}”`
    : preview.title;
}

export async function toAuditEntry(db: Db, rows: ActionRow[]): Promise<AuditEntry[]> {
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      actor: row.actorLabel,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: await targetLabel(db, row),
      reason: row.reason,
      details: (row.details as Record<string, unknown> | null) ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

/** The audit log, newest first, AUDIT_PAGE_SIZE at a time before the row `before`. */
export async function listAuditLog(db: Db, before?: string): Promise<AuditPage> {
  const where = [];
  if (before) {
    const [cursor] = await db
      .select({ id: moderationActions.id })
      .from(moderationActions)
      .where(eq(moderationActions.id, before));
    if (!cursor) throw badRequest(`Invalid query field 'before': no such entry.`);
    where.push(
      sql`(${moderationActions.createdAt}, ${moderationActions.id}) < (select m.created_at, m.id from ${moderationActions} m where m.id = ${before})`,
    );
  }
  const rows = await db
    .select()
    .from(moderationActions)
    .where(and(...where))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const items = await toAuditEntry(db, rows.slice(0, AUDIT_PAGE_SIZE));
  const more = rows.length > AUDIT_PAGE_SIZE;
  return { items, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
}
