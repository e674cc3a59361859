import type Stripe from 'stripe';
import { z } from 'zod';

/**
 * The parts of a Stripe event the webhook reads. A correctly signed body that lacks them (or is
 * not an event at all) is refused with a 400 rather than failing halfway through.
 */
const customer = z.union([z.string(), z.looseObject({ id: z.string() })]).nullable();

const SubscriptionSchema = z.looseObject({
  id: z.string(),
  customer,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  items: z.looseObject({
    data: z.array(z.looseObject({ current_period_end: z.number() })),
  }),
});

const InvoiceSchema = z.looseObject({
  customer,
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({
          subscription: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
        })
        .nullish(),
    })
    .nullish(),
  lines: z.looseObject({
    data: z.array(z.looseObject({ period: z.looseObject({ end: z.number() }) })),
  }),
});

const EventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const OBJECT_SCHEMAS: Record<string, z.ZodType> = {
  'customer.subscription.created': SubscriptionSchema,
  'customer.subscription.updated': SubscriptionSchema,
  'customer.subscription.deleted': SubscriptionSchema,
  'invoice.paid': InvoiceSchema,
};

/** True when the event carries everything the handler of its type reads. */
export function isWellFormedEvent(value: unknown): value is Stripe.Event {
  const envelope = EventSchema.safeParse(value);
  if (!envelope.success) return false;
  const schema = OBJECT_SCHEMAS[envelope.data.type];
  return !schema || schema.safeParse(envelope.data.data.object).success;
}
