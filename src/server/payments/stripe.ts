import type Stripe from 'stripe';
import type { Config } from '../config/config.ts';

/**
 * The Stripe API version this code is written against. Pinned so a change of the account's
 * default version never changes the shapes we read: since 2025-03-31 the first invoice's secret
 * is `latest_invoice.confirmation_secret.client_secret` and period ends live on subscription
 * items. Raise it only together with the code that reads those shapes (and the SDK's types).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export type StripeConfig = NonNullable<Config['stripe']>;

/**
 * The SDK (about 30 MB and 0.1 s to load) comes with the first payment request, not at start:
 * a server without payments never loads it (docs/decisions/050).
 */
const loadStripe = async () => (await import('stripe')).default;

/** A Stripe client for the configured account; `apiUrl` points it elsewhere (tests, stripe-mock). */
async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  const StripeSdk = await loadStripe();
  return new StripeSdk(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'StreetScope' },
    ...(target && {
      protocol: target.protocol === 'http:' ? 'http' : 'https',
      host: target.hostname,
      port: target.port || (target.protocol === 'http:' ? 80 : 443),
    }),
  });
}

/** The subscription's paid-through time: the earliest end among its items' current periods. */
export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((i) => i.current_period_end).filter(Number.isFinite);
  return ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const clients = new WeakMap<StripeConfig, Promise<Stripe>>();

/** One client per configuration (it keeps its own connection pool). */
export function stripeClientFor(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    client = createStripeClient(config);
    clients.set(config, client);
  }
  return client;
}

/** Stripe's own errors: the SDK is loaded when a call that could throw one was made. */
export const stripeErrors = async () => (await loadStripe()).errors;
