import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import { HIDE_AFTER_REPORTS, REPORT_TARGET_NAMES } from '../../core/content-reports.ts';
import { isStaffRole } from '../../core/roles.ts';
import type { CreateReport, ReportResult } from '../../core/schemas/moderation.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { REPORT_TARGET_KINDS } from './report-targets.ts';
import { isEstablished } from './wall-players.ts';

export const ALREADY_REPORTED = 'You already reported this. A moderator will look at it.';

/** Content of moderators and admins: players' reports queue it for review but never hide it. */
async function ownedByStaff(tx: Tx, ownerId: string | null): Promise<boolean> {
  if (!ownerId) return false;
  const [owner] = await tx.select({ role: users.role }).from(users).where(eq(users.id, ownerId));
  return owner !== undefined && isStaffRole(owner.role);
}

/**
 * A player's report (docs/decisions/026). Every report is kept for a moderator; only reports from
 * players established when they reported (the rule that counts wall confirmations) hide
 * anything. The target's row is locked first, so reports of one thing are counted one at a time:
 * the one that brings open established reports from distinct players to HIDE_AFTER_REPORTS
 * hides it, exactly once. A moderator's restore resolves the open reports, so content comes back
 * hidden only through new established reports. content_reports_once_idx refuses a second report
 * of the same thing by the same player, whatever the timing.
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: CreateReport,
  rule: Config['established'],
): Promise<ReportResult> {
  const kind = REPORT_TARGET_KINDS[input.targetType];
  const name = REPORT_TARGET_NAMES[input.targetType];
  return db.transaction(async (tx) => {
    const target = await kind.lock(tx, input.targetId);
    const missing = notFound(`That ${name} was not found.`);
    if (!target) throw missing;
    if (target.ownerId === reporterId) throw badRequest(`You cannot report your own ${name}.`);
    if (!target.shown || target.hiddenAt) throw missing;
    const fromEstablished = await isEstablished(tx, reporterId, rule);
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
        fromEstablished,
      })
      .onConflictDoNothing()
      .returning({ id: contentReports.id });
    if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
    if (!fromEstablished || kind.neverHiddenByReports || (await ownedByStaff(tx, target.ownerId)))
      return { id, hidden: false };
    const [open] = await tx
      .select({ players: countDistinct(contentReports.reporterId) })
      .from(contentReports)
      .where(
        and(
          eq(contentReports.targetType, input.targetType),
          eq(contentReports.targetId, input.targetId),
          eq(contentReports.fromEstablished, true),
          isNull(contentReports.resolvedAt),
        ),
      );
    const hidden = (open?.players ?? 0) >= HIDE_AFTER_REPORTS;
    if (hidden) await kind.setHidden(tx, input.targetId, new Date());
    return { id, hidden };
  });
}
