/**
 * Who is Pro, and what Pro unlocks (docs/decisions/010-pro-entitlements.md). The server applies
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

/** How many colours of each hue group the free tier sees on the colour chart. */
export const BASIC_COLOURS_PER_GROUP = 3;

export interface Entitlements {
  isPro: boolean;
  /** Multiplies every token reward: discoveries, graffiti and mission bonuses. */
  tokenMultiplier: number;
  /** The whole colour chart; without it, the first BASIC_COLOURS_PER_GROUP of each group. */
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

/**
 * The part of a colour range a tier may see: all of it with the full chart, otherwise the first
 * BASIC_COLOURS_PER_GROUP colours of every hue group (in file order), so each family is there.
 */
export function colourRangeFor<T extends { group: string }>(
  entitlements: Entitlements,
  colours: readonly T[],
): T[] {
  if (entitlements.fullColourChart) return colours.slice();
  const seen = new Map<string, number>();
  return colours.filter((c) => {
    const n = (seen.get(c.group) ?? 0) + 1;
    seen.set(c.group, n);
    return n <= BASIC_COLOURS_PER_GROUP;
  });
}
