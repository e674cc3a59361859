import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/** What a "near you" notice is about: a challenge's week in an area, or a quest. */
export const NEAR_YOU_TOPICS = ['challenge', 'quest'] as const;

/**
 * The "near you" notices a player was sent (docs/decisions/042-push.md, services/near-you.ts).
 * The key is the once: one notice per player, topic and period (the area's week for a
 * challenge, the UTC day for a quest), and never twice about the same thing.
 */
export const nearYouNotices = pgTable(
  'near_you_notices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: NEAR_YOU_TOPICS }).notNull(),
    // 'YYYY-MM-DD': the Monday of the area's week (challenge) or the UTC day (quest).
    period: text('period').notNull(),
    // 'challengeId:week' or 'kind:targetId'.
    about: text('about').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic, t.period] }),
    uniqueIndex('near_you_notices_about_idx').on(t.userId, t.topic, t.about),
    check('near_you_notices_topic_check', sql`${t.topic} in ('challenge', 'quest')`),
  ],
);
