import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { stripeEvents, subscriptions } from '../db/payments-schema.ts';
import { idOf, periodEndOf } from '../payments/stripe.ts';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

interface Change {
  customerId: string | null;
  subscriptionId: string | null;
  /** Stripe's creation time of the event: what orders two changes of status. */
  at: Date;
  status: string | null;
  terminal: boolean;
  periodEnd: Date | null;
  cancelAtPeriodEnd?: boolean;
}

function changeFrom(event: Stripe.Event): Change | null {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const deleted = event.type === 'customer.subscription.deleted';
      return {
        customerId: idOf(sub.customer),
        subscriptionId: sub.id,
        at,
        status: deleted ? 'canceled' : sub.status,
        terminal: deleted || sub.status === 'canceled' || sub.status === 'incomplete_expired',
        periodEnd: periodEndOf(sub),
        cancelAtPeriodEnd: sub.cancel_at_period_end,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return null;
      const ends = invoice.lines.data.map((l) => l.period.end).filter(Number.isFinite);
      return {
        customerId: idOf(invoice.customer),
        subscriptionId,
        at,
        // A paid invoice means the subscription is paid for: active.
        status: 'active',
        terminal: false,
        periodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
      };
    }
    default:
      return null;
  }
}

/**
 * Applies one change whatever order events arrive in: the period end only moves forward; the
 * status is taken from the newest event (ties: the later delivery); a cancellation is final for
 * its subscription, so no late `invoice.paid` or `updated` revives it. Events of another
 * subscription than the player's current one (an old, replaced subscription) change nothing.
 */
async function apply(tx: Tx, change: Change): Promise<WebhookOutcome> {
  if (!change.customerId) return 'ignored';
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, change.customerId))
    .for('update');
  if (!row) return 'ignored';
  if (row.stripeSubscriptionId && row.stripeSubscriptionId !== change.subscriptionId) {
    return 'ignored';
  }
  const ended = row.status === 'canceled' || row.status === 'incomplete_expired';
  const newer = !row.statusEventAt || change.at.getTime() >= row.statusEventAt.getTime();
  const takeStatus = change.terminal || (!ended && newer);
  await tx
    .update(subscriptions)
    .set({
      stripeSubscriptionId: change.subscriptionId,
      currentPeriodEnd: change.periodEnd
        ? sql`greatest(${subscriptions.currentPeriodEnd}, ${change.periodEnd.toISOString()}::timestamptz)`
        : row.currentPeriodEnd,
      ...(takeStatus && {
        status: change.status ?? row.status,
        statusEventAt: newer ? change.at : row.statusEventAt,
        ...(change.cancelAtPeriodEnd !== undefined && {
          cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        }),
      }),
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.userId, row.userId));
  return 'applied';
}

/**
 * One verified Stripe event, handled once: its id is recorded in the same transaction as the
 * change it makes, so a replay or a retry after success is a no-op, and a failure records
 * nothing (Stripe delivers it again).
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return 'duplicate';
    const change = changeFrom(event);
    return change ? apply(tx, change) : 'ignored';
  });
}
