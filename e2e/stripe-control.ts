import { expect, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../src/server/payments/stripe.ts';
import { invoicePaid, sign, type StripeEventJson } from '../test/stripe-events.ts';
import { STRIPE_E2E, STRIPE_ORIGIN } from '../playwright.config.ts';
import { EMPTY_URL } from './fixtures.ts';

/*
 * Stripe's side of a subscription on the server that takes payments (EMPTY_URL): the local
 * Stripe API stand-in, read through the real SDK, and webhooks signed with Stripe's helper.
 */

/** The real Stripe SDK, pointed at the stand-in the server uses. */
const stripeApi = new Stripe(STRIPE_E2E.STRIPE_SECRET_KEY, {
  apiVersion: STRIPE_API_VERSION,
  protocol: 'http',
  host: new URL(STRIPE_ORIGIN).hostname,
  port: new URL(STRIPE_ORIGIN).port,
});

export async function subscriptionsOf(userId: string) {
  const { data } = await stripeApi.subscriptions.list();
  return data.filter((s) => s.metadata.userId === userId);
}

/** Stripe's side of a payment outcome (the stand-in's control endpoint). */
export async function setStripeStatus(page: Page, subscriptionId: string, status: string) {
  const res = await page.request.post(`${STRIPE_ORIGIN}/_control/subscriptions/${subscriptionId}`, {
    headers: { authorization: `Bearer ${STRIPE_E2E.STRIPE_SECRET_KEY}` },
    form: { status },
  });
  expect(res.ok()).toBe(true);
}

export async function deliverWebhook(page: Page, event: StripeEventJson) {
  return page.request.post(`${EMPTY_URL}/api/stripe/webhook`, {
    data: JSON.stringify(event),
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sign(event, { secret: STRIPE_E2E.STRIPE_WEBHOOK_SECRET }),
    },
  });
}

/**
 * Makes the page's player Pro on the payments server the way a real payment does: the
 * subscription is set up, Stripe marks it paid and tells the server so.
 */
export async function becomePro(page: Page, userId: string): Promise<void> {
  const setUp = await page.request.post(`${EMPTY_URL}/api/get-or-create-subscription`);
  expect(setUp.status(), await setUp.text()).toBe(200);
  const [sub] = await subscriptionsOf(userId);
  await setStripeStatus(page, sub!.id, 'active');
  const paid = invoicePaid(
    { id: sub!.id, customer: String(sub!.customer) },
    new Date(Date.now() + 30 * 86_400_000),
  );
  expect((await deliverWebhook(page, paid)).status()).toBe(200);
  const me = await (await page.request.get(`${EMPTY_URL}/api/auth/user`)).json();
  expect(me.isPro).toBe(true);
}
