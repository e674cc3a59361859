import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/**
 * A player's passkeys (docs/decisions/036): WebAuthn credentials that sign in without a
 * username. The public key is COSE-encoded as the authenticator gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it; one credential belongs to one account. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; 0 for those that keep none (most synced ones). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    /** 'singleDevice' or 'multiDevice' (synced); backed up when the provider says it is. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Challenges handed out for a ceremony; each is taken once, by the DELETE ... RETURNING in the
 * transaction that verifies the answer to it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    /** The player adding a passkey; null for a sign-in, which has no account yet. */
    accountId: text('account_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'sign-in')`),
    check(
      'webauthn_challenges_account_check',
      sql`(${t.purpose} = 'register') = (${t.accountId} is not null)`,
    ),
  ],
);
