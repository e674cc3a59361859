import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
} from './fixtures.ts';

const FEATURES = [
  '300+ legal graffiti walls',
  'Full colour chart with 100+ colours',
  'Artist profiles and video',
  'Priority in events',
  'Advanced filters and map layers',
];
const UNAVAILABLE = 'Unable to load payment form. Please try again later.';

test('subscribe in demo mode: setting up, then the offer, no payment form and a disabled button', async ({
  page,
  player: _player,
}) => {
  const config = await (await page.request.get('/api/config')).json();
  expect(config.payments.enabled).toBe(false);
  const setup = await page.request.post('/api/get-or-create-subscription');
  expect(setup.status()).toBe(503);

  // Hold the setup call so its loading state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/get-or-create-subscription', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/subscribe');
  await expect(page.getByText('Setting up subscription...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toHaveCount(0);
  await screenshots(page, 'subscribe-setting-up');
  release();

  await expect(page.getByText('Setting up subscription...')).toHaveCount(0);
  for (const feature of FEATURES)
    await expect(page.getByText(feature, { exact: true })).toBeVisible();
  await expect(page.getByText('2x Token Earnings')).toBeVisible();
  await expect(page.getByText('$9.99/month')).toBeVisible();
  const area = page.getByTestId('payment-area');
  await expect(area).toHaveText(UNAVAILABLE);
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled();
  await expect(page.getByText(/Demo mode:.*fully playable without Pro/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscribe');
  await expectNoSidewaysScroll(page);

  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('subscribe with a client secret: the card form is being prepared, no error', async ({
  page,
  player: _player,
}) => {
  const config = await (await page.request.get('/api/config')).json();
  await page.route('**/api/config', (route) =>
    route.fulfill({
      json: { ...config, payments: { enabled: true, publishableKey: 'pk_test_e2e' } },
    }),
  );
  await page.route('**/api/get-or-create-subscription', (route) =>
    route.fulfill({ json: { clientSecret: 'pi_e2e_secret_e2e' } }),
  );
  await page.goto('/subscribe');
  await expect(page.getByTestId('payment-area')).toContainText('Preparing the secure card form');
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page.getByText(/fully playable without Pro/)).toHaveCount(0);
  // No payment library is mounted yet, so the form cannot be submitted.
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled();
});

test('a player who is already Pro sees You are Pro and no setup call is made', async ({
  page,
  player: _player,
}) => {
  const me = await (await page.request.get('/api/auth/user')).json();
  await page.route('**/api/auth/user', (route) => route.fulfill({ json: { ...me, isPro: true } }));
  let setupCalls = 0;
  await page.route('**/api/get-or-create-subscription', (route) => {
    setupCalls++;
    return route.continue();
  });
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { name: 'You are Pro' })).toBeVisible();
  await expect(page.getByText('2x Token Earnings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to Pro' })).toHaveCount(0);
  expect(setupCalls).toBe(0);
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscribe-pro');
});
