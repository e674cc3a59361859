import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_TARGETS } from '../../core/content-reports.ts';
import { WALL_REPORT_REASONS } from '../../core/wall-status.ts';
import { ACCOUNT_FLAG_REASONS } from '../../core/account-flags.ts';
import { createdAt, legalWalls, users } from './schema.ts';

/**
 * Players keeping walls honest and reporting content (docs/decisions/026-walls-reports-moderation.md).
 * Kept apart from schema.ts, which holds the game's own tables.
 */

/** "Painted here legally on <date>": three from distinct established players verify a wall. */
export const wallConfirmations = pgTable(
  'wall_confirmations',
  {
    id: text('id').primaryKey(),
    wallId: text('wall_id')
      .notNull()
      .references(() => legalWalls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paintedOn: date('painted_on').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    // A player confirms a wall once per day painted; verification counts distinct players.
    uniqueIndex('wall_confirmations_once_idx').on(t.wallId, t.userId, t.paintedOn),
    index('wall_confirmations_wall_idx').on(t.wallId, t.createdAt.desc()),
    index('wall_confirmations_user_idx').on(t.userId),
  ],
);

/** Closed, not legal, private property, gone: open reports from distinct players dispute a wall. */
export const wallReports = pgTable(
  'wall_reports',
  {
    id: text('id').primaryKey(),
    wallId: text('wall_id')
      .notNull()
      .references(() => legalWalls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: WALL_REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    // Set when a moderator verifies or closes the wall.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // One open report per player per wall.
    uniqueIndex('wall_reports_open_idx')
      .on(t.wallId, t.userId)
      .where(sql`${t.resolvedAt} is null`),
    index('wall_reports_user_idx').on(t.userId),
    check(
      'wall_reports_reason_check',
      sql`${t.reason} in ('closed', 'not_legal', 'private_property', 'gone')`,
    ),
  ],
);

/**
 * A player's report of a photo, artwork, log, post, wall, profile, tour, or an artist's page,
 * claim or credit: once per player per thing.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: text('id').primaryKey(),
    // Kept when the reporter deletes their account: the report still stands, from nobody named.
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    // The reporter was an established player when they reported: only such reports hide.
    fromEstablished: boolean('from_established').notNull().default(false),
    createdAt: createdAt(),
    // Set when a moderator hides or restores the content.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('content_reports_once_idx').on(t.reporterId, t.targetType, t.targetId),
    index('content_reports_open_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null`),
    index('content_reports_created_idx').on(t.createdAt),
    check(
      'content_reports_target_check',
      sql`${t.targetType} in ('discovery', 'artwork', 'artwork_log', 'forum_post', 'wall', 'profile', 'gallery_art', 'tour', 'artist', 'artist_claim', 'artist_credit')`,
    ),
    check(
      'content_reports_reason_check',
      sql`${t.reason} in ('abusive', 'sexual', 'personal_info', 'spam', 'not_street_art', 'copyright', 'other')`,
    ),
  ],
);

/**
 * A new account staff should look at: `suspended_host` when it was made from a host a suspended
 * account signed in from (docs/decisions/026), one row per such account (`related_user_id`).
 */
export const accountFlags = pgTable(
  'account_flags',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ACCOUNT_FLAG_REASONS }).notNull(),
    relatedUserId: text('related_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Set when staff clear the flag or suspend the account.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('account_flags_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index('account_flags_user_idx').on(t.userId),
    index('account_flags_related_idx').on(t.relatedUserId),
    check('account_flags_reason_check', sql`${t.reason} in ('suspended_host')`),
  ],
);

/**
 * Every moderation and role action: who (the staff account, or the operator's command line),
 * what, on which target, and why (docs/decisions/025-roles-and-audit-log.md). Rows are only
 * ever added; an actor's account going away keeps the row and its label.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // The actor's username at the time, or 'command line'.
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc()),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
