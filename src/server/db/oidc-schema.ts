import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/** OpenID Connect sign-in (docs/decisions/035-openid-connect.md). */

/**
 * A provider's account linked to one of ours: the pair issuer + subject is the identity, so it
 * belongs to one account; an account may have several (one per issuer).
 */
export const accountIdentities = pgTable(
  'account_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_identities_issuer_subject_idx').on(t.issuer, t.subject),
    uniqueIndex('account_identities_user_issuer_idx').on(t.userId, t.issuer),
  ],
);

/**
 * A sign-in or link sent to a provider and not back yet: the PKCE verifier, nonce and where to
 * return, found by the state's hash and deleted when the player returns (a replay finds nothing).
 */
export const oidcPendingSignIns = pgTable(
  'oidc_pending_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    // Hash of the browser's binding cookie: a callback link opened in another browser fails.
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to').notNull(),
    // Set for a link from the profile: the identity is attached to this account.
    linkUserId: text('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_pending_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * A provider's identity that signed in for the first time, waiting for its username: found by
 * the hash of a cookie, deleted in the transaction that creates the account.
 */
export const oidcNewAccounts = pgTable(
  'oidc_new_accounts',
  {
    tokenHash: text('token_hash').primaryKey(),
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    // The provider's preferred_username, offered as a starting point.
    suggestedUsername: text('suggested_username'),
    returnTo: text('return_to').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_new_accounts_expires_idx').on(t.expiresAt)],
);
