import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { QUEST_KINDS } from '../../core/quests.ts';
import { wallConfirmations } from './moderation-schema.ts';
import { artworkLogs, artworks, createdAt, users } from './schema.ts';

/**
 * Quests near you (docs/decisions/043-quests.md). Quests themselves are not stored: they are
 * read from the artworks and walls around the player. What is stored is each answer, which pays
 * once per player, quest and period.
 */
export const questAnswers = pgTable(
  'quest_answers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: QUEST_KINDS }).notNull(),
    // The artwork, or the wall for visit_wall: no foreign key, since it is either.
    targetId: text('target_id').notNull(),
    // 'YYYY-MM' for still_there, 'once' for the others (core/quests.ts questPeriod).
    period: text('period').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyM: doublePrecision('accuracy_m').notNull(),
    imageUrl: text('image_url').notNull(),
    // The found log an artwork's answer made: the answer counts when it does.
    artworkLogId: text('artwork_log_id').references(() => artworkLogs.id, {
      onDelete: 'set null',
    }),
    wallConfirmationId: text('wall_confirmation_id').references(() => wallConfirmations.id, {
      onDelete: 'set null',
    }),
    // held: flagged by fair play, unpaid until released; void: a moderator voided its log.
    status: text('status', { enum: ['paid', 'held', 'void'] }).notNull(),
    flagReason: text('flag_reason', { enum: ['photo_far_from_pin', 'impossible_travel'] }),
    tokensAwarded: integer('tokens_awarded').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Paid once per player, quest and period, whatever the timing of the requests.
    uniqueIndex('quest_answers_once_idx').on(t.userId, t.targetId, t.kind, t.period),
    // One photo answers one quest.
    uniqueIndex('quest_answers_image_idx').on(t.imageUrl),
    index('quest_answers_log_idx')
      .on(t.artworkLogId)
      .where(sql`${t.artworkLogId} is not null`),
    // The moderation queue's held wall visits, newest first (services/visit-review.ts).
    index('quest_answers_held_visit_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'held' and ${t.kind} = 'visit_wall'`),
    check(
      'quest_answers_kind_check',
      sql`${t.kind} in ('still_there', 'needs_photo', 'visit_wall', 'who_painted')`,
    ),
    check('quest_answers_status_check', sql`${t.status} in ('paid', 'held', 'void')`),
  ],
);

/**
 * "Who painted this?": a player's word on an artwork without an artist, with the found log that
 * puts them in front of it. It counts when that log counts; artist credits are built on these.
 */
export const artistSuggestions = pgTable(
  'artist_suggestions',
  {
    id: text('id').primaryKey(),
    artworkId: text('artwork_id')
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistName: text('artist_name').notNull(),
    artworkLogId: text('artwork_log_id')
      .notNull()
      .references(() => artworkLogs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('artist_suggestions_artwork_idx').on(t.artworkId, t.createdAt.desc())],
);
