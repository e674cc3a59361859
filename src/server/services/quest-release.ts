import { and, eq, sql } from 'drizzle-orm';
import { QUEST_REWARDS } from '../../core/quests.ts';
import { PRO_MULTIPLIER } from '../../core/rules.ts';
import type { Tx } from '../db/client.ts';
import { questAnswers } from '../db/quests-schema.ts';
import { users } from '../db/schema.ts';
import { multiplierOf } from './artwork-logs.ts';

/**
 * A moderator's review of a held find reaches the quest answer the find was (log-review.ts):
 * the caller holds the log's row lock, so the answer is settled once.
 */

/** Released: the quest's reward, at the player's multiplier today. Returns the tokens paid. */
export async function releaseQuestAnswer(tx: Tx, logId: string): Promise<number> {
  const [answer] = await tx
    .update(questAnswers)
    .set({ status: 'paid' })
    .where(and(eq(questAnswers.artworkLogId, logId), eq(questAnswers.status, 'held')))
    .returning({ id: questAnswers.id, kind: questAnswers.kind, userId: questAnswers.userId });
  if (!answer) return 0;
  const tokens =
    QUEST_REWARDS[answer.kind] * (await multiplierOf(tx, answer.userId, PRO_MULTIPLIER));
  await tx
    .update(questAnswers)
    .set({ tokensAwarded: tokens })
    .where(eq(questAnswers.id, answer.id));
  await tx
    .update(users)
    .set({ tokens: sql`${users.tokens} + ${tokens}` })
    .where(eq(users.id, answer.userId));
  return tokens;
}

/** Voided: the answer stays on record, unpaid, and still counts as answered for its period. */
export async function voidQuestAnswer(tx: Tx, logId: string): Promise<void> {
  await tx
    .update(questAnswers)
    .set({ status: 'void' })
    .where(and(eq(questAnswers.artworkLogId, logId), eq(questAnswers.status, 'held')));
}
