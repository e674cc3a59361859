import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import { HIDE_AFTER_REPORTS, REPORT_TARGET_NAMES } from '../../core/content-reports.ts';
import type { CreateReport, ReportResult } from '../../core/schemas/moderation.ts';
import type { Db } from '../db/client.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { REPORT_TARGET_KINDS } from './report-targets.ts';

export const ALREADY_REPORTED = 'You already reported this. A moderator will look at it.';

/**
 * A player's report (docs/decisions/026). The target's row is locked first, so reports of one
 * thing are counted one at a time: the one that brings open reports from distinct players to
 * HIDE_AFTER_REPORTS hides it, exactly once. content_reports_once_idx refuses a second report
 * of the same thing by the same player, whatever the timing.
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: CreateReport,
): Promise<ReportResult> {
  const kind = REPORT_TARGET_KINDS[input.targetType];
  const name = REPORT_TARGET_NAMES[input.targetType];
  return db.transaction(async (tx) => {
    const target = await kind.lock(tx, input.targetId);
    const missing = notFound(`That ${name} was not found.`);
    if (!target) throw missing;
    if (target.ownerId === reporterId) throw badRequest(`You cannot report your own ${name}.`);
    if (!target.shown || target.hiddenAt) throw missing;
    const id = randomUUID();
    const inserted = await tx
      .insert(contentReports)
      .values({
        id,
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        note: input.note ?? '',
      })
      .onConflictDoNothing()
      .returning({ id: contentReports.id });
    if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
    const [open] = await tx
      .select({ players: countDistinct(contentReports.reporterId) })
      .from(contentReports)
      .where(
        and(
          eq(contentReports.targetType, input.targetType),
          eq(contentReports.targetId, input.targetId),
          isNull(contentReports.resolvedAt),
        ),
      );
    const hidden = (open?.players ?? 0) >= HIDE_AFTER_REPORTS;
    if (hidden) await kind.setHidden(tx, input.targetId, new Date());
    return { id, hidden };
  });
}
