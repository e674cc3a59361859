import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/**
 * Stripe webhook events as Stripe sends them (API version pinned in src/server/payments/
 * stripe.ts), signed with Stripe's own `generateTestHeaderString`.
 */

export const WEBHOOK_SECRET = 'whsec_streetscope_test_secret';

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

export interface StripeEventJson {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

function event(type: string, object: Record<string, unknown>, created: Date): StripeEventJson {
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: epoch(created),
    data: { object },
  };
}

export function invoicePaid(
  sub: { id: string; customer: string },
  periodEnd: Date,
  created = new Date(),
): StripeEventJson {
  return event(
    'invoice.paid',
    {
      id: `in_${randomBytes(6).toString('hex')}`,
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: {} },
        quote_details: null,
      },
      lines: {
        object: 'list',
        data: [{ id: 'il_1', period: { start: epoch(created), end: epoch(periodEnd) } }],
      },
    },
    created,
  );
}

export function subscriptionEvent(
  type: 'updated' | 'deleted' | 'created',
  sub: { id: string; customer: string },
  fields: { status: string; periodEnd: Date; cancelAtPeriodEnd?: boolean },
  created = new Date(),
): StripeEventJson {
  return event(
    `customer.subscription.${type}`,
    {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: fields.status,
      cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
      items: {
        object: 'list',
        data: [{ id: 'si_1', current_period_end: epoch(fields.periodEnd) }],
      },
    },
    created,
  );
}

const signer = new Stripe('sk_test_signer');

/**
 * Stripe's signature header for this event (or any raw body), with `secret` at `timestamp`
 * (seconds; default now).
 */
export function sign(
  evt: StripeEventJson | string,
  options: { secret?: string; timestamp?: number } = {},
): string {
  return signer.webhooks.generateTestHeaderString({
    payload: typeof evt === 'string' ? evt : JSON.stringify(evt),
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}

/** Posts an event (or a raw body) to the webhook, signed (see sign) unless a signature is given. */
export function deliver(
  app: FastifyInstance,
  evt: StripeEventJson | string,
  options: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: typeof evt === 'string' ? evt : JSON.stringify(evt),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': options.signature ?? sign(evt, options),
    },
  });
}
