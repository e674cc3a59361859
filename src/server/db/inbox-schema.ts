import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { INBOX_KINDS } from '../../core/schemas/inbox.ts';
import { artworks, createdAt, discoveries, users } from './schema.ts';

/**
 * A player's inbox (docs/decisions/040-inbox.md): written in the transaction of what it tells,
 * so nothing paid goes untold and nothing is told that did not happen.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    tokens: integer('tokens').notNull().default(0),
    // The title as it was then: the item still reads right after the thing is renamed or gone.
    title: text('title').notNull(),
    otherUserId: text('other_user_id').references(() => users.id, { onDelete: 'set null' }),
    artworkId: text('artwork_id').references(() => artworks.id, { onDelete: 'set null' }),
    discoveryId: text('discovery_id').references(() => discoveries.id, { onDelete: 'set null' }),
    // The in-app page it is about when that is not the artwork's (a wall on the map, a quest).
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('inbox_items_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('inbox_items_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // "Told today?" for a piece reported gone (services/inbox-events.ts).
    index('inbox_items_gone_idx')
      .on(t.artworkId, t.createdAt)
      .where(sql`${t.kind} = 'piece_gone'`),
  ],
);
