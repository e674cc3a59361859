import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, discoveries, users } from './schema.ts';

/**
 * Events, the forum, artists and missions (the community's tables). Kept apart from schema.ts,
 * which holds accounts and play.
 */

/** Seeded catalogue tables carry the stable seed key as id and where each record came from. */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['active', 'upcoming', 'ended'] }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    rewardTokens: integer('reward_tokens'),
    rewardNft: text('reward_nft'),
    source: text('source').notNull(),
  },
  (t) => [index('events_end_date_idx').on(t.endDate)],
);

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Seeded posts have no account behind them; the author name is kept here instead.
    authorName: text('author_name'),
    parentId: text('parent_id').references((): AnyPgColumn => forumPosts.id, {
      onDelete: 'cascade',
    }),
    title: text('title'),
    content: text('content').notNull(),
    likes: integer('likes').notNull().default(0),
    replies: integer('replies').notNull().default(0),
    source: text('source'),
    createdAt: createdAt(),
    // Hidden after reports from several players or by a moderator (docs/decisions/026).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('forum_posts_created_idx').on(t.createdAt.desc()),
    index('forum_posts_parent_idx').on(t.parentId, t.createdAt),
    index('forum_posts_user_idx').on(t.userId),
  ],
);

export const forumLikes = pgTable(
  'forum_likes',
  {
    postId: text('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('forum_likes_user_idx').on(t.userId),
  ],
);

export const artists = pgTable('artists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  aka: text('aka'),
  city: text('city').notNull(),
  country: text('country').notNull(),
  activeYears: text('active_years').notNull(),
  style: text('style').notNull(),
  achievements: jsonb('achievements').$type<string[]>().notNull(),
  source: text('source').notNull(),
  // Set while players' reports or a moderator hide the page (docs/decisions/049).
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
});

export const missions = pgTable(
  'missions',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    difficulty: text('difficulty', { enum: ['easy', 'medium', 'hard'] }).notNull(),
    rewardTokens: integer('reward_tokens').notNull(),
    missionType: text('mission_type').notNull(),
    targetEmojiPin: text('target_emoji_pin').notNull(),
    targetLat: doublePrecision('target_lat'),
    targetLng: doublePrecision('target_lng'),
    maxCompletions: integer('max_completions'),
    currentCompletions: integer('current_completions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    source: text('source').notNull(),
  },
  (t) => [index('missions_target_idx').on(t.targetLat, t.targetLng)],
);

export const missionCompletions = pgTable(
  'mission_completions',
  {
    missionId: text('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discoveryId: text('discovery_id')
      .notNull()
      .references(() => discoveries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.missionId, t.userId] }),
    index('mission_completions_user_idx').on(t.userId),
  ],
);
