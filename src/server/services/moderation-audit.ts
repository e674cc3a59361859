import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReportTarget } from '../../core/content-reports.ts';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage } from '../../core/schemas/moderation.ts';
import type { Db } from '../db/client.ts';
import { artists } from '../db/community-schema.ts';
import { moderationActions } from '../db/moderation-schema.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { legalWalls, users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { clip, REPORT_TARGET_KINDS } from './report-targets.ts';

/** The audit log as the moderation page reads it (docs/decisions/025). */

type ActionRow = typeof moderationActions.$inferSelect;

async function targetLabel(db: Db, row: ActionRow): Promise<string | null> {
  if (row.targetType === 'user') {
    const [user] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, row.targetId));
    return user?.username ?? null;
  }
  if (row.targetType === 'artist') {
    const [artist] = await db
      .select({ name: artists.name })
      .from(artists)
      .where(eq(artists.id, row.targetId));
    return artist?.name ?? null;
  }
  if (row.targetType === 'quest_answer') {
    // A quest's wall visit (visit-review.ts) is named by its wall.
    const [wall] = await db
      .select({ name: legalWalls.name })
      .from(questAnswers)
      .innerJoin(legalWalls, eq(legalWalls.id, questAnswers.targetId))
      .where(eq(questAnswers.id, row.targetId));
    return wall?.name ?? null;
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
