import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  PASSWORD,
  screenshots,
  test,
  uniqueName,
  SIGNED_IN,
} from './fixtures.ts';
import { FAKE_ACCOUNT_SHORT, installFakeWallet } from './wallet-provider.ts';

/**
 * SPEC §2 Onboarding and §4: step 1 wallet, step 2 VIP (demo mode here), step 3, then on. A
 * signed-out visitor goes on to create an account; a signed-in player into the game.
 */

const SIGN_UP_URL = '/api/login?mode=signup';

const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const currentStep = (page: Page) =>
  page.getByRole('list', { name: 'Setup progress' }).locator('[aria-current="step"]');

/**
 * axe schedules its work with timers, which do not fire while the page clock is paused; this
 * advances the fake clock a few milliseconds at a time until axe is done, and says how far.
 */
async function axeOnPausedClock(page: Page): Promise<number> {
  const fakeNow = () => page.evaluate(() => Date.now());
  const start = await fakeNow();
  let done = false;
  const scan = expectNoSeriousAxeViolations(page).then(
    () => null,
    (error: unknown) => error,
  );
  void scan.finally(() => (done = true));
  for (let step = 0; !done && step < 300; step++) {
    try {
      await page.clock.runFor(5);
    } catch (error) {
      // axe opens and closes a helper page of its own; the shared clock may report that close.
      if (page.isClosed()) throw error;
    }
  }
  const error = await scan;
  if (error) throw error;
  // Measured on the page's own clock, so a step that did not run is not counted.
  return (await fakeNow()) - start;
}

test('a visitor walks through all three steps and is asked to create an account after 2 seconds', async ({
  page,
}) => {
  await page.clock.install();
  await installFakeWallet(page);
  await page.goto('/onboarding');

  await expect(heading(page, 'Connect Your Wallet')).toBeVisible();
  await expect(currentStep(page)).toContainText('Wallet');
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'onboarding-step1');

  await page.getByRole('button', { name: 'Connect Metamask' }).click();
  await expect(page.getByText(`Connected: ${FAKE_ACCOUNT_SHORT}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 'VIP Membership')).toBeVisible();
  await expect(heading(page, 'VIP Membership')).toBeFocused();
  await expect(currentStep(page)).toContainText('VIP');
  // Play is free: the step says so instead of SPEC's "all users need VIP".
  await expect(page.getByText(/StreetScope is free to play/)).toBeVisible();
  await expect(page.getByText('$9.99')).toBeVisible();
  await expect(page.getByText('/month')).toBeVisible();
  await expect(page.getByText('2x Token Earnings')).toBeVisible();
  // Payments are off on the test server (GET /api/config), so this is demo mode.
  await expect(page.getByRole('button', { name: 'Continue to Game (Demo Mode)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Setup Full Payment Later' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'onboarding-step2');

  // Stop the clock so the 2-second redirect waits for the checks below.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Continue to Game (Demo Mode)' }).click();
  await expect(heading(page, "You're All Set!")).toBeVisible();
  await expect(currentStep(page)).toContainText('Play');
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'onboarding-step3');
  const spent = await axeOnPausedClock(page);
  expect(spent).toBeLessThan(1500);

  await expect(page.getByText(/create your free account to start playing/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    SIGN_UP_URL,
  );

  await page.clock.fastForward(1900 - spent);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.clock.fastForward(100);
  await expect(page).toHaveURL(SIGN_UP_URL);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('step 2 goes back to step 1; skip for now goes on without a wallet', async ({ page }) => {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  await expect(heading(page, 'VIP Membership')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(heading(page, 'Connect Your Wallet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Metamask' })).toBeVisible();
});

test('signed out, Skip Setup asks for an account, then the game opens without onboarding again', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Skip Setup' }).click();

  await expect(page).toHaveURL(SIGN_UP_URL);
  await page.getByLabel('Username').fill(uniqueName('skipper'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // In the game: character creation first, then the map; onboarding was already seen.
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Enter StreetScope' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(heading(page, 'Getting Started')).toHaveCount(0);
});

test(
  'signed in, the header offers Skip Setup (to the game) and Sign Out',
  SIGNED_IN,
  async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute(
      'href',
      '/api/logout',
    );
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Skip Setup' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
);

test('a signed-in player may set up payment later on /subscribe', SIGNED_IN, async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page.getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout');
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  await page.getByRole('link', { name: 'Setup Full Payment Later' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
});

test('a signed-out visitor setting up payment later signs in first', async ({ page }) => {
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Skip for now (Limited Access)' }).click();
  await expect(page.getByRole('link', { name: 'Setup Full Payment Later' })).toHaveAttribute(
    'href',
    '/api/login?returnTo=%2Fsubscribe',
  );
});
