import { z } from 'zod';
import { IsoDateSchema } from './common.ts';

export const EntitlementsSchema = z.object({
  isPro: z.boolean(),
  tokenMultiplier: z.number().int(),
  fullColourChart: z.boolean(),
});

/** GET /api/subscription: the player's tier as the server enforces it. */
export const SubscriptionStatusSchema = z.object({
  paymentsEnabled: z.boolean(),
  isPro: z.boolean(),
  /** Stripe's subscription status (active, incomplete, past_due, canceled …); null: never subscribed. */
  status: z.string().nullable(),
  currentPeriodEnd: IsoDateSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A Stripe customer exists, so the customer portal can open. */
  canManage: z.boolean(),
  entitlements: EntitlementsSchema,
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PortalSessionSchema = z.object({ url: z.url() });
export type PortalSession = z.infer<typeof PortalSessionSchema>;
