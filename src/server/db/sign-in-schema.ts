import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/**
 * Signing in and staying signed in: sessions, recovery codes, the browsers an account has signed
 * in from, and the sign-in rate limits' counters.
 */

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie value: a leaked table does not yield usable session ids.
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // What the sessions list shows (docs/decisions/032): never the cookie or its hash.
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    /** "Chrome on Android", summarised from the User-Agent at sign-in. */
    device: text('device'),
    /** ISO 3166 code from a trusted proxy's country header, or null when unknown. */
    country: text('country'),
    /** Moved forward at most every few minutes, so reads do not write. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use recovery codes (docs/decisions/032): a set of ten shares one salt, so an attempt
 * costs one scrypt and finds its row by equality; used_at is set once, by a conditional update.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * Browsers that have signed in to an account (the hash of a long-lived device cookie): sign-in
 * limits aimed at a player's name never lock out their own devices (docs/decisions/015).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    idHash: text('id_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One browser may be a device of several accounts (a shared tablet).
  (t) => [
    primaryKey({ columns: [t.idHash, t.userId] }),
    index('sign_in_devices_user_idx').on(t.userId, t.lastUsedAt.desc()),
  ],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The hosts (src/core/client-host.ts) an account signed in from lately, as a keyed hash, so a new
 * account made from a suspended player's host can be flagged (docs/decisions/026).
 */
export const signInHosts = pgTable(
  'sign_in_hosts',
  {
    hostKey: text('host_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hostKey, t.userId] }),
    index('sign_in_hosts_user_idx').on(t.userId),
    index('sign_in_hosts_seen_idx').on(t.lastSeenAt),
  ],
);

/** Random keys this installation made for itself once, shared by every app process. */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
