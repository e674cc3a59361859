import type { Page } from '@playwright/test';
import { invoicePaid, subscriptionEvent } from '../test/stripe-events.ts';
import { STRIPE_E2E } from '../playwright.config.ts';
import { installFakeStripeJs, stripeJs } from './fake-stripe-js.ts';
import {
  EMPTY_URL,
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  signUp,
  test,
  toasts,
} from './fixtures.ts';
import { deliverWebhook, setStripeStatus, subscriptionsOf } from './stripe-control.ts';

/**
 * Pro with payments on: the second test server talks to the local Stripe API stand-in, and the
 * page gets a stand-in for Stripe.js (e2e/fake-stripe-js.ts), since neither Stripe host can be
 * reached from here. Webhooks are signed with Stripe's own test header helper.
 */

const elementsSecrets = async (page: Page) =>
  (await stripeJs.calls(page)).filter((c) => c.method === 'elements').map((c) => c.clientSecret);

test('subscribing: the card form for one subscription, a declined card, then Pro after the paid invoice', async ({
  page,
  expectFailure,
}) => {
  // A past-due subscription is managed, not paid for again: its setup call answers 409.
  expectFailure('/api/get-or-create-subscription', 409);
  const player = await signUp(page, { baseURL: EMPTY_URL });
  await installFakeStripeJs(page);
  await page.goto(`${EMPTY_URL}/subscribe`);
  const subscribe = page.getByRole('button', { name: 'Subscribe to Pro' });
  await expect(page.getByTestId('card-number')).toBeVisible();
  await expect(subscribe).toBeEnabled();
  await expect(page.getByText('Unable to load payment form')).toHaveCount(0);

  const [sub, ...others] = await subscriptionsOf(player.id);
  expect(others).toHaveLength(0);
  expect(sub?.status).toBe('incomplete');
  const calls = await stripeJs.calls(page);
  expect(calls[0]).toEqual({ method: 'Stripe', key: STRIPE_E2E.STRIPE_PUBLISHABLE_KEY });
  const [secret] = await elementsSecrets(page);
  expect(secret).toMatch(/^pi_\w+_secret_\w+$/);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscribe-card-form');
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Coming back to the page reuses the subscription and its first invoice: still one.
  await page.reload();
  await expect(subscribe).toBeEnabled();
  expect(await elementsSecrets(page)).toEqual([secret]);
  expect(await subscriptionsOf(player.id)).toHaveLength(1);

  await stripeJs.decline(page, 'Your card was declined.');
  await subscribe.click();
  await expect(toasts(page).getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Your card was declined.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${EMPTY_URL}/subscribe`);
  await expect(subscribe).toBeEnabled();

  await stripeJs.decline(page, null);
  await subscribe.click();
  // Stripe returns the player to the site origin; the app says so and tidies the address.
  await expect(toasts(page).getByText('Welcome to Pro!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${EMPTY_URL}/`);
  await expect(page.getByTestId('vip-button')).toHaveText('VIP');

  // Stripe takes the payment and tells the server the invoice is paid: the player turns Pro
  // without reloading.
  await setStripeStatus(page, sub!.id, 'active');
  const paid = invoicePaid(
    { id: sub!.id, customer: String(sub!.customer) },
    new Date(Date.now() + 30 * 86_400_000),
  );
  expect((await deliverWebhook(page, paid)).status()).toBe(200);
  await expect(page.getByTestId('vip-button')).toHaveText('Pro');
  expect((await page.request.get(`${EMPTY_URL}/api/auth/user`)).ok()).toBe(true);

  let setupCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/get-or-create-subscription')) setupCalls++;
  });
  await page.getByTestId('vip-button').click();
  await expect(page.getByRole('heading', { name: 'You are Pro' })).toBeVisible();
  await expect(page.getByTestId('pro-period')).toContainText('Renews on');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscribe-pro');
  expect(setupCalls).toBe(0);

  // Managing Pro opens Stripe's customer portal, which returns to /subscribe.
  await page.getByRole('button', { name: 'Manage or cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Customer portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to StreetScope' }).click();
  await expect(page.getByRole('heading', { name: 'You are Pro' })).toBeVisible();

  // The next renewal fails: no longer Pro, but the subscription is managed, not bought again.
  await setStripeStatus(page, sub!.id, 'past_due');
  const pastDue = subscriptionEvent(
    'updated',
    { id: sub!.id, customer: String(sub!.customer) },
    { status: 'past_due', periodEnd: new Date(Date.now() + 30 * 86_400_000) },
    new Date(Date.now() + 1_000),
  );
  expect((await deliverWebhook(page, pastDue)).status()).toBe(200);
  await page.reload();
  await expect(
    page.getByText(
      'You already have a subscription: manage it to update your payment details or cancel.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage or cancel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toHaveCount(0);
  expect(await subscriptionsOf(player.id)).toHaveLength(1);
});

test('onboarding with payments on: Complete Setup & Enter Game pays on the page, then the game', async ({
  page,
}) => {
  await signUp(page, { baseURL: EMPTY_URL });
  await installFakeStripeJs(page);
  // The page's own clock, so the game's 2 s wait after "You're All Set!" is skipped, not sat out.
  await page.clock.install();
  await page.goto(`${EMPTY_URL}/onboarding`);
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  const complete = page.getByRole('button', { name: 'Complete Setup & Enter Game' });
  await expect(page.getByTestId('card-number')).toBeVisible();
  await expect(complete).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Continue to Game (Demo Mode)' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'onboarding-card-form');
  await expectNoSidewaysScroll(page);

  await complete.click();
  await expect(toasts(page).getByText('Welcome to Pro!', { exact: true })).toBeVisible();
  const confirm = (await stripeJs.calls(page)).find((c) => c.method === 'confirmPayment');
  expect(confirm).toEqual({
    method: 'confirmPayment',
    returnUrl: EMPTY_URL,
    redirect: 'if_required',
  });
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(`${EMPTY_URL}/`);
});

test('until the card form is ready, subscribing does nothing', async ({ page }) => {
  await signUp(page, { baseURL: EMPTY_URL });
  await installFakeStripeJs(page, { neverReady: true });
  await page.goto(`${EMPTY_URL}/subscribe`);
  await expect(page.getByTestId('card-number')).toBeVisible();
  const subscribe = page.getByRole('button', { name: 'Subscribe to Pro' });
  await expect(subscribe).toBeDisabled();
  await page.getByTestId('card-number').press('Enter');
  await page.waitForTimeout(300);
  expect((await stripeJs.calls(page)).map((c) => c.method)).not.toContain('confirmPayment');
});

test('Stripe.js not loading: /subscribe says the form is unavailable, onboarding offers demo mode', async ({
  page,
}) => {
  await signUp(page, { baseURL: EMPTY_URL });
  await installFakeStripeJs(page, { blocked: true });
  await page.goto(`${EMPTY_URL}/subscribe`);
  await expect(
    page.getByText('Unable to load payment form. Please try again later.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled();

  await page.goto(`${EMPTY_URL}/onboarding`);
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  await expect(toasts(page).getByText('Setup Error', { exact: true })).toBeVisible();
  await expect(
    toasts(page).getByText('Please contact support for payment setup assistance', {
      exact: true,
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Game (Demo Mode)' }).click();
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
});
