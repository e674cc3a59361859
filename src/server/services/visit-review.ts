import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { QUEST_REWARDS } from '../../core/quests.ts';
import { PRO_MULTIPLIER } from '../../core/rules.ts';
import type { Config } from '../config/config.ts';
import type { Db, Tx } from '../db/client.ts';
import { wallConfirmations } from '../db/moderation-schema.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { legalWalls, users } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { multiplierOf } from './artwork-logs.ts';
import { notify } from './inbox.ts';
import { wallLink } from './inbox-events.ts';
import { microsOf, olderThan } from './queue-pages.ts';
import { addConfirmation, lockOpenWall } from './wall-changes.ts';

/**
 * A quest's wall visit that fair play held (docs/decisions/043-quests.md): it confirmed nothing
 * and paid nothing. Moderators review it beside the held logs: released, it confirms the wall
 * on the day it was made, with its photo, and pays the quest's reward; voided, it stays on
 * record unpaid. The player hears either in the inbox. The answer's row is locked and must
 * still be held, so of simultaneous reviews one acts.
 */

export const VISIT_REVIEWED = 'This wall visit was already reviewed.';

type Answer = typeof questAnswers.$inferSelect;

const heldVisit = and(eq(questAnswers.kind, 'visit_wall'), eq(questAnswers.status, 'held'));

/** Held wall visits for the queue, newest first, after the cursor's (micros, id). */
export async function heldVisits(db: Db, after: string[] | null, limit: number) {
  const where: (SQL | undefined)[] = [heldVisit];
  if (after) {
    where.push(olderThan(questAnswers.createdAt, questAnswers.id, after));
  }
  const [rows, [total]] = await Promise.all([
    db
      .select({
        answer: questAnswers,
        at: sql<string>`${microsOf(sql`${questAnswers.createdAt}`)}::text`,
        username: users.username,
        wall: {
          name: legalWalls.name,
          address: legalWalls.address,
          latitude: legalWalls.latitude,
          longitude: legalWalls.longitude,
        },
      })
      .from(questAnswers)
      .innerJoin(users, eq(users.id, questAnswers.userId))
      .innerJoin(legalWalls, eq(legalWalls.id, questAnswers.targetId))
      .where(and(...where))
      .orderBy(desc(questAnswers.createdAt), desc(questAnswers.id))
      .limit(limit),
    db.select({ n: count() }).from(questAnswers).where(heldVisit),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ answer, at, username, wall }) => ({
      at,
      id: answer.id,
      createdAt: answer.createdAt,
      item: {
        id: answer.id,
        kind: 'wall_visit' as const,
        flagReason: answer.flagReason,
        imageUrl: answer.imageUrl,
        description: null,
        // Where the player stood; the wall's address when it has one.
        place: { address: wall.address, latitude: answer.latitude, longitude: answer.longitude },
        userId: answer.userId,
        username,
        artworkId: null,
        artworkTitle: wall.name,
        link: wallLink(wall),
        createdAt: answer.createdAt.toISOString(),
      },
    })),
  };
}

/** The held visit, locked for this transaction; 404 for none, 409 once reviewed. */
export async function lockHeldVisit(tx: Tx, id: string): Promise<Answer> {
  const [answer] = await tx
    .select()
    .from(questAnswers)
    .where(and(eq(questAnswers.id, id), eq(questAnswers.kind, 'visit_wall')))
    .for('update');
  if (!answer) throw notFound('Wall visit not found');
  if (answer.status !== 'held') throw conflict(VISIT_REVIEWED);
  return answer;
}

/**
 * Released: the visit confirms the wall (unless the player already confirmed it that day) and
 * pays the quest's reward at the player's multiplier today. A wall hidden or closed since
 * cannot be confirmed: lockOpenWall refuses it (404, 409) and the visit can only be voided.
 * Returns the tokens paid.
 */
export async function releaseVisit(
  tx: Tx,
  rule: Config['established'],
  answer: Answer,
): Promise<number> {
  const wall = await lockOpenWall(tx, answer.targetId);
  const paintedOn = answer.createdAt.toISOString().slice(0, 10);
  const [already] = await tx
    .select({ id: wallConfirmations.id })
    .from(wallConfirmations)
    .where(
      and(
        eq(wallConfirmations.wallId, wall.id),
        eq(wallConfirmations.userId, answer.userId),
        eq(wallConfirmations.paintedOn, paintedOn),
      ),
    );
  const confirmationId =
    already?.id ??
    (await addConfirmation(tx, rule, wall, answer.userId, {
      paintedOn,
      imageUrl: answer.imageUrl,
    }));
  const tokens = QUEST_REWARDS.visit_wall * (await multiplierOf(tx, answer.userId, PRO_MULTIPLIER));
  await tx
    .update(questAnswers)
    .set({ status: 'paid', tokensAwarded: tokens, wallConfirmationId: confirmationId })
    .where(eq(questAnswers.id, answer.id));
  await tx
    .update(users)
    .set({ tokens: sql`${users.tokens} + ${tokens}` })
    .where(eq(users.id, answer.userId));
  await notify(tx, answer.userId, {
    kind: 'visit_released',
    title: wall.name,
    tokens,
    link: wallLink(wall),
  });
  return tokens;
}

/** Voided: on record, unpaid, and still answered (the quest is not asked of them again). */
export async function voidVisit(tx: Tx, answer: Answer): Promise<void> {
  await tx.update(questAnswers).set({ status: 'void' }).where(eq(questAnswers.id, answer.id));
  const [wall] = await tx
    .select({
      name: legalWalls.name,
      latitude: legalWalls.latitude,
      longitude: legalWalls.longitude,
    })
    .from(legalWalls)
    .where(eq(legalWalls.id, answer.targetId));
  if (!wall) return;
  await notify(tx, answer.userId, { kind: 'visit_voided', title: wall.name, link: wallLink(wall) });
}
