import { queryOptions } from '@tanstack/react-query';
import type { SubscriptionSetupSchema } from '../../../core/schemas/config.ts';
import type { PortalSession, SubscriptionStatus } from '../../../core/schemas/subscription.ts';
import type { z } from 'zod';
import { apiRequest } from '../../lib/query-client.ts';

export type SubscriptionSetup = z.infer<typeof SubscriptionSetupSchema>;

export const subscriptionKeys = {
  setup: ['/api/get-or-create-subscription'] as const,
  status: ['/api/subscription'] as const,
};

/**
 * POST /api/get-or-create-subscription (no body) → { clientSecret }. It is idempotent on the
 * server ("get or create"), so it runs as a query when /subscribe opens: one request even under
 * StrictMode, and asked again on every visit (gcTime 0) so a stale secret is never reused.
 * In demo mode the server answers 503 and the query ends in error: no client secret (SPEC §8).
 */
export const subscriptionSetupQuery = queryOptions({
  queryKey: subscriptionKeys.setup,
  queryFn: async (): Promise<SubscriptionSetup> =>
    (await apiRequest('POST', subscriptionKeys.setup[0])).json() as Promise<SubscriptionSetup>,
  gcTime: 0,
});

/** GET /api/subscription: Pro status, period end and what the tier unlocks (asked on each visit). */
export const subscriptionStatusQuery = queryOptions<SubscriptionStatus>({
  queryKey: subscriptionKeys.status,
  refetchOnMount: 'always',
});

/** Opens Stripe's customer portal (manage or cancel Pro) in this tab. */
export async function openCustomerPortal(): Promise<void> {
  const { url } = (await (
    await apiRequest('POST', '/api/subscription/portal')
  ).json()) as PortalSession;
  window.location.assign(url);
}
