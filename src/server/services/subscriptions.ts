import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../core/schemas/subscription.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/payments-schema.ts';
import { HttpError, conflict, notFound } from '../errors.ts';
import { entitlementsOf, isPro } from './users.ts';
import type { StripeConfig } from '../payments/stripe.ts';

/** Statuses in which the player already has a subscription to manage, not one to start. */
const ONGOING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
/** Statuses after which a new subscription is needed. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

const SECRET_EXPAND = ['latest_invoice.confirmation_secret'];

/** Stripe answered with an error or an unusable object: the player may simply try again. */
export const providerFailed = () =>
  new HttpError(502, 'The payment provider could not set up your subscription. Please try again.');

function clientSecretOf(subscription: Stripe.Subscription): string {
  const invoice = subscription.latest_invoice;
  const secret =
    invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : null;
  if (!secret) throw providerFailed();
  return secret;
}

async function subscriptionRow(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** The player's Stripe customer: made once (an idempotency key covers two racing requests). */
async function ensureCustomer(db: Db, stripe: Stripe, user: SessionUser): Promise<string> {
  const existing = await subscriptionRow(db, user.id);
  if (existing?.stripeCustomerId) return existing.stripeCustomerId;
  const customer = await stripe.customers.create(
    { name: user.username, metadata: { userId: user.id } },
    { idempotencyKey: `streetscope-customer-${user.id}` },
  );
  const [row] = await db
    .insert(subscriptions)
    .values({ userId: user.id, stripeCustomerId: customer.id, status: 'none' })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
      },
    })
    .returning({ customerId: subscriptions.stripeCustomerId });
  return row?.customerId ?? customer.id;
}

/**
 * POST /api/get-or-create-subscription: the player's one Stripe subscription to the Pro price,
 * created `default_incomplete` so its first invoice waits for the Payment Element, and the
 * client secret of that invoice's payment. Calling again reuses the incomplete subscription;
 * an ongoing one is refused (it is managed in the customer portal); an ended one is replaced.
 */
export async function getOrCreateSubscription(
  db: Db,
  stripe: Stripe,
  config: StripeConfig,
  user: SessionUser,
): Promise<{ clientSecret: string }> {
  const customer = await ensureCustomer(db, stripe, user);
  const previous = (await subscriptionRow(db, user.id))?.stripeSubscriptionId ?? null;
  if (previous) {
    const current = await stripe.subscriptions.retrieve(previous, { expand: SECRET_EXPAND });
    if (ONGOING.has(current.status)) {
      throw conflict(
        'You already have a subscription: manage it to update your payment details or cancel.',
      );
    }
    if (!ENDED.has(current.status)) return { clientSecret: clientSecretOf(current) };
  }
  const created = await stripe.subscriptions.create(
    {
      customer,
      items: [{ price: config.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: SECRET_EXPAND,
      metadata: { userId: user.id },
    },
    // Two racing requests replace the same previous subscription with the same new one.
    { idempotencyKey: `streetscope-subscription-${user.id}-${previous ?? 'first'}` },
  );
  const stored = await db
    .update(subscriptions)
    .set({
      stripeSubscriptionId: created.id,
      status: created.status,
      statusEventAt: null,
      cancelAtPeriodEnd: false,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(subscriptions.userId, user.id),
        previous
          ? or(
              eq(subscriptions.stripeSubscriptionId, previous),
              eq(subscriptions.stripeSubscriptionId, created.id),
            )
          : or(
              isNull(subscriptions.stripeSubscriptionId),
              eq(subscriptions.stripeSubscriptionId, created.id),
            ),
      ),
    )
    .returning({ id: subscriptions.stripeSubscriptionId });
  if (stored.length === 0) {
    throw conflict('Your subscription changed in another window. Please reload the page.');
  }
  return { clientSecret: clientSecretOf(created) };
}

/** POST /api/subscription/portal: a Stripe customer portal session to manage or cancel Pro. */
export async function createPortalSession(
  db: Db,
  stripe: Stripe,
  publicUrl: string,
  user: SessionUser,
): Promise<{ url: string }> {
  const customer = (await subscriptionRow(db, user.id))?.stripeCustomerId;
  if (!customer) throw notFound('There is no subscription to manage yet.');
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${publicUrl}/subscribe`,
  });
  return { url: session.url };
}

/** GET /api/subscription: the player's tier as the server enforces it. */
export async function subscriptionStatus(
  db: Db,
  user: SessionUser,
  paymentsEnabled: boolean,
): Promise<SubscriptionStatus> {
  const row = await subscriptionRow(db, user.id);
  const status = row && row.status !== 'none' ? row.status : null;
  return {
    paymentsEnabled,
    isPro: isPro(user),
    status,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    canManage: paymentsEnabled && !!row?.stripeCustomerId && status !== null,
    entitlements: entitlementsOf(user),
  };
}
