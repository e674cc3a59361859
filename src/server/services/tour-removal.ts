import { and, eq, isNull, sql } from 'drizzle-orm';
import { TOUR_HIDDEN_AFTER_YOUR_REPORT } from '../../core/content-reports.ts';
import { isStaffRole } from '../../core/roles.ts';
import type { TourDelete } from '../../core/schemas/tours.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Db, Tx } from '../db/client.ts';
import { contentReports } from '../db/moderation-schema.ts';
import { tours } from '../db/tours-schema.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { recordModerationAction } from './audit-log.ts';
import { reportedHidden } from './hidden-content.ts';

/**
 * A tour's end (docs/decisions/044-walking-tours.md): deleted by its author, or by staff (who
 * say why, in the audit log); and what a player whose report hid it is told instead of "not
 * found".
 */

export const NOT_YOURS_TO_DELETE = 'Only its author or staff can delete this tour.';
const NOT_FOUND = 'That tour was not found.';

/**
 * DELETE /api/tours/:id. The tour's row is locked, so of simultaneous deletions one acts and
 * the others find it gone (404). Its open reports close with it: nothing is left to decide.
 */
export async function deleteTour(
  db: Db,
  viewer: SessionUser,
  id: string,
  body: TourDelete,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: tours.authorId, title: tours.title, hiddenAt: tours.hiddenAt })
      .from(tours)
      .where(eq(tours.id, id))
      .for('update');
    const own = row?.authorId === viewer.id;
    const staff = isStaffRole(viewer.role);
    // A hidden tour is not there for anyone but its author and staff.
    if (!row || (row.hiddenAt && !own && !staff)) throw notFound(NOT_FOUND);
    if (!own && !staff) throw forbidden(NOT_YOURS_TO_DELETE);
    if (!own && !body.reason) {
      throw badRequest("Invalid body field 'reason': say why you delete another's tour.");
    }
    await tx
      .update(contentReports)
      .set({ resolvedAt: new Date() })
      .where(
        and(
          eq(contentReports.targetType, 'tour'),
          eq(contentReports.targetId, id),
          isNull(contentReports.resolvedAt),
        ),
      );
    await tx.delete(tours).where(eq(tours.id, id));
    if (own) return;
    await recordModerationAction(tx, {
      actorId: viewer.id,
      actorLabel: viewer.username,
      action: 'delete_tour',
      targetType: 'tour',
      targetId: id,
      reason: body.reason!,
      details: { title: row.title },
    });
  });
}

/** What a player who reported a hidden tour hears (hidden-content.ts reportedHidden). */
export async function hiddenTourNews(db: Db | Tx, id: string, viewerId: string | null) {
  const hidden = sql`exists (select 1 from ${tours} h where h.id = ${id} and h.hidden_at is not null)`;
  const news = await reportedHidden(db, { type: 'tour', id, hidden }, viewerId);
  return news && TOUR_HIDDEN_AFTER_YOUR_REPORT[news];
}
