import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  screenshots,
  test,
} from './fixtures.ts';
import type { WallListPage } from '../src/core/schemas/walls.ts';

/** Each premium feature and who has it today (docs/decisions/024-pro-tells-the-truth.md). */
const FEATURES: [string, string][] = [
  ['Full colour chart with 100+ colours', 'Pro'],
  ['Advanced filters and map layers', 'Pro'],
  ['Artist profiles', 'Every player'],
  ['Artist video', 'Pro'],
  ['Priority in events', 'Coming later'],
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
  const features = page.getByRole('region', { name: 'Premium features' }).getByRole('listitem');
  for (const [feature, who] of FEATURES) {
    const item = features.filter({ hasText: feature });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(who);
  }
  // The live number of walls: SPEC's "300+" only once the map holds that many.
  const walls = ((await (await page.request.get('/api/legal-walls')).json()) as WallListPage).total;
  const wallsLabel = walls >= 300 ? '300+ legal graffiti walls' : `${walls} legal graffiti walls`;
  await expect(features.filter({ hasText: wallsLabel })).toContainText('Every player');
  await expect(page.getByText('2x Token Earnings')).toBeVisible();
  await expect(page.getByText('$9.99/month')).toBeVisible();
  // Payments are off on this server: said once, not as a failure.
  const area = page.getByTestId('payment-area');
  await expect(area).toHaveText(/^Demo mode:.*fully playable without Pro/);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await expectNoSeriousAxeViolations(page);
  await screenshots(page, 'subscribe');
  await expectNoSidewaysScroll(page);

  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
