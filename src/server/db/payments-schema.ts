import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, users } from './schema.ts';

/** Pro subscriptions, Stripe events and wallet links, kept apart from schema.ts. */

export const walletLinks = pgTable(
  'wallet_links',
  {
    // Lower-case hex address: one address links to one account.
    address: text('address').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A player has one wallet: a new proof replaces the old link.
  (t) => [uniqueIndex('wallet_links_user_idx').on(t.userId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    // Stripe's `created` time of the event that last set `status`: an older event arriving late
    // never overwrites a newer state (docs/decisions/011-pro-with-stripe.md).
    statusEventAt: timestamp('status_event_at', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_customer_idx').on(t.stripeCustomerId)],
);

/** Stripe webhook event ids already handled: a replayed or retried delivery is a no-op. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-In with Ethereum nonces: single use, short-lived, bound to the player who asked. */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('siwe_nonces_expires_idx').on(t.expiresAt)],
);
