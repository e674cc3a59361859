/**
 * Who is Pro, and what Pro unlocks (docs/decisions/011-pro-with-stripe.md). The server applies
 * these; the client imports them (zod-free) only to show what Pro unlocks.
 */

import { PRO_MULTIPLIER } from './rules.ts';

export const PRO_STATUSES = ['active', 'trialing'] as const;

/** Pro lasts while the subscription is active and its paid period has not ended. */
export function isProActive(
  status: string | null | undefined,
  periodEnd: Date | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!status || !(PRO_STATUSES as readonly string[]).includes(status)) return false;
  return !periodEnd || periodEnd.getTime() > now.getTime();
}

export interface Entitlements {
  isPro: boolean;
  /** Multiplies every token reward: discoveries, graffiti and mission bonuses. */
  tokenMultiplier: number;
  /** The whole colour chart; without it, the basic range (src/data/color-chart.json). */
  fullColourChart: boolean;
}

export const FREE_ENTITLEMENTS: Entitlements = {
  isPro: false,
  tokenMultiplier: 1,
  fullColourChart: false,
};

export const PRO_ENTITLEMENTS: Entitlements = {
  isPro: true,
  tokenMultiplier: PRO_MULTIPLIER,
  fullColourChart: true,
};

export function entitlementsFor(user: { isPro: boolean } | null | undefined): Entitlements {
  return user?.isPro ? PRO_ENTITLEMENTS : FREE_ENTITLEMENTS;
}
