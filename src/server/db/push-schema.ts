import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PUSH_TOPICS } from '../../core/push-topics.ts';
import { inboxItems } from './inbox-schema.ts';
import { createdAt, users } from './schema.ts';

/** Web Push (docs/decisions/042-push.md): the player's devices, their consent, what waits to go. */

/** A device the player turned push on for: where its push service takes messages, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One subscription per endpoint: a browser signed in to another account moves it there.
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A topic the player turned on; no row, no push. */
export const pushTopics = pgTable(
  'push_topics',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: PUSH_TOPICS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.topic] }),
    check(
      'push_topics_topic_check',
      sql`${t.topic} in (${sql.raw(PUSH_TOPICS.map((topic) => `'${topic}'`).join(', '))})`,
    ),
  ],
);

/**
 * Inbox items to push, written in the transaction that tells them and taken (deleted) by one app
 * process once it has committed: each is sent at most once, whatever the number of processes.
 */
export const pushQueue = pgTable('push_queue', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  inboxItemId: text('inbox_item_id')
    .notNull()
    .references(() => inboxItems.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
